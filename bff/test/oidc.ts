import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { importJWK, SignJWT, type JWK } from 'jose';
import { newSigningKey } from '../src/sandboxes/oidc';

/** The clients the tests' provider knows: the site's gateway, our app, and someone else's app. */
export const OIDC_CLIENTS = {
  web: {
    client_id: 'swapstuff-web',
    client_secret: 'web-secret',
    redirect_uris: ['http://localhost:3000/login-web/callback'],
  },
  app: { client_id: 'swapstuff-app', redirect_uris: ['com.swapstuff.app:/oauth'], application_type: 'native' as const },
  other: {
    client_id: 'someone-elses-app',
    redirect_uris: ['com.example.other:/oauth'],
    application_type: 'native' as const,
  },
};

export interface TestProvider {
  /** its issuer */
  url: string;
  /**
   * An ID token signed with the provider's own key, with claims of the test's choosing (an expired one, say):
   * what the provider would have signed, for what its login page cannot be asked to make.
   */
  sign(claims: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

/**
 * The identity sandbox in a process of its own (oidc-provider is an ES module, which jest cannot load), run
 * from source with tsx, signing with a key this side knows too.
 */
export async function startTestProvider(): Promise<TestProvider> {
  const key: JWK = await newSigningKey();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '../src/sandboxes/oidc/main.ts')], {
    env: {
      ...process.env,
      OIDC_SANDBOX_CLIENTS: JSON.stringify(Object.values(OIDC_CLIENTS)),
      OIDC_SANDBOX_KEY: JSON.stringify(key),
    },
    // its own warnings (an in-memory store, development pages: what a sandbox is) are shown only if it fails
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /listening (\S+)/.exec(out);
      if (found) resolve(found[1]);
    });
    child.once('exit', (code) =>
      reject(new Error(`the identity sandbox stopped (${code}) before it listened: ${errors}`)),
    );
  });
  const privateKey = await importJWK(key, 'RS256');
  return {
    url,
    sign: (claims) =>
      new SignJWT({ ...claims }).setProtectedHeader({ alg: 'RS256', kid: key.kid! }).setIssuer(url).sign(privateKey),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Cookies as a browser keeps them for one site: name → value. */
class CookieJar {
  private cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * A person at the provider's pages: from the authorization request `authUrl` through login (as `email`) and
 * consent, to where the provider sends the browser back (the redirect URI with `code` and `state`).
 */
export async function signInAtProvider(authUrl: string, email: string): Promise<URL> {
  const jar = new CookieJar();
  const go = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const res = await fetch(new URL(url, authUrl), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.take(res);
    return res;
  };
  let res = await go(authUrl);
  // login, then consent: each an interaction page answered by its form, then back to /auth
  const forms: Record<string, string>[] = [{ prompt: 'login', login: email, password: 'any' }, { prompt: 'consent' }];
  for (const form of forms) {
    const interaction = res.headers.get('location');
    if (!interaction) throw new Error(`the provider did not ask for ${form.prompt}: ${res.status} ${await res.text()}`);
    res = await go(interaction, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    res = await go(res.headers.get('location')!);
  }
  return new URL(res.headers.get('location')!);
}

/**
 * Signs in at the provider as an app does, through its pages (login, then consent) and its token endpoint,
 * with PKCE: the ID token it issues to `client` for `email`, carrying `nonce`.
 */
export async function idTokenFrom(
  issuer: string,
  email: string,
  options: { client?: keyof typeof OIDC_CLIENTS; nonce?: string } = {},
): Promise<string> {
  const client = OIDC_CLIENTS[options.client ?? 'app'];
  const verifier = randomBytes(32).toString('base64url');
  const auth = new URL('/auth', issuer);
  auth.search = new URLSearchParams({
    client_id: client.client_id,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: client.redirect_uris[0],
    state: randomBytes(8).toString('hex'),
    nonce: options.nonce ?? randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const back = await signInAtProvider(auth.toString(), email);
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code from the provider: ${back.toString()}`);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: client.redirect_uris[0],
    code_verifier: verifier,
  });
  if ('client_secret' in client) {
    headers.authorization = `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`;
  } else body.set('client_id', client.client_id);
  const token = await fetch(new URL('/token', issuer), { method: 'POST', headers, body: body.toString() });
  const json = (await token.json()) as { id_token?: string; error?: string };
  if (!json.id_token) throw new Error(`no ID token: ${JSON.stringify(json)}`);
  return json.id_token;
}
