/**
 * The identity sandbox (issue 15): a real OpenID Provider (the `oidc-provider` package, certified by the
 * OpenID Foundation) playing Google for the site and the apps, so that our sign-in code — the gateway's
 * authorization code flow with PKCE and the api's ID-token checks — is the code the tests run. Its login page
 * takes any e-mail as the account (a password is asked and ignored); an e-mail that starts with
 * `unverified` comes back with `email_verified: false`. The subject is the same for the same e-mail, as a real
 * provider's is for the same person. Google's `prompt=select_account` shows the login page every time (its
 * account chooser). Its key is made at start unless given: tokens of an earlier run do not verify.
 *
 * `oidc-provider` is an ES module: the sandbox runs in a process of its own (main.ts), never inside jest.
 */
import { createHash, randomBytes } from 'node:crypto';
import type http from 'node:http';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { listenSandbox, type ListenOptions, type StartedSandbox } from '../common/server';

export interface OidcClient {
  client_id: string;
  /** a confidential client (the site's gateway); a public client (an app) has none and uses PKCE alone */
  client_secret?: string;
  redirect_uris: string[];
  /** 'native' for an app's custom-scheme redirect */
  application_type?: 'web' | 'native';
}

export interface OidcSandboxOptions {
  clients: OidcClient[];
  /** the private key it signs with (a JWK with `kid`); made at start when not given */
  key?: JWK;
}

export interface OidcSandbox {
  app: http.RequestListener;
  close(): Promise<void>;
  /** the sub the sandbox gives this e-mail */
  subjectOf(email: string): string;
}

export const subjectOf = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 21);

function claimsOf(login: string) {
  const email = login.trim().toLowerCase();
  const local =
    email
      .split('@')[0]
      .replace(/[^a-z]+/g, ' ')
      .trim() || 'Member';
  const [given, ...rest] = local.split(' ');
  const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  return {
    sub: subjectOf(email),
    email,
    email_verified: !email.startsWith('unverified'),
    given_name: cap(given),
    family_name: rest.length ? cap(rest.join(' ')) : 'Swapper',
    name: [cap(given), ...rest.map(cap)].join(' '),
  };
}

/** An RS256 private key as a JWK, with a key id: what the provider signs ID tokens with. */
export async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' };
}

export async function createOidcSandbox(issuer: string, options: OidcSandboxOptions): Promise<OidcSandbox> {
  // ESM-only package: loaded here, at start, by the process that plays the provider
  const { default: Provider } = await import('oidc-provider');
  const jwk = options.key ?? (await newSigningKey());
  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: client.client_secret ? 'client_secret_basic' : 'none',
      ...client,
    })),
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // the ID token carries the claims, as Google's does (not only the userinfo endpoint)
    conformIdTokenClaims: false,
    pkce: { required: () => true, methods: ['S256'] },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => claimsOf(id) }),
    ttl: { IdToken: 3600, AuthorizationCode: 60, Interaction: 600, Session: 600, Grant: 600 },
  });
  provider.proxy = true;
  // Google's account chooser: the sandbox asks for the login again
  provider.use(async (ctx, next) => {
    if (ctx.path === '/auth' && ctx.query.prompt === 'select_account') {
      const query = new URLSearchParams(ctx.querystring);
      query.set('prompt', 'login');
      ctx.querystring = query.toString();
    }
    await next();
  });
  const app = provider.callback() as http.RequestListener;
  return {
    app,
    async close() {
      // nothing held beyond the server: the provider keeps its state in memory
    },
    subjectOf,
  };
}

/** The sandbox on a port of its own (tests, `npm start`). */
export async function startOidcSandbox(
  options: OidcSandboxOptions,
  listen: ListenOptions = {},
): Promise<StartedSandbox<OidcSandbox>> {
  // the issuer is the server's own URL, known once it listens; requests wait for the provider to be made
  const holder: { made?: Promise<OidcSandbox> } = {};
  const started = await listenSandbox((url) => {
    holder.made = createOidcSandbox(url, options);
    return {
      app: (req: http.IncomingMessage, res: http.ServerResponse) => void holder.made!.then((s) => s.app(req, res)),
      close: async () => (await holder.made!).close(),
    };
  }, listen);
  return { ...started, sandbox: await holder.made! };
}
