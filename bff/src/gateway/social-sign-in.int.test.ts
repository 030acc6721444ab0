import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { User } from '@swapstuff/contracts';
import { call, startTestApi, type TestApi } from '../../test/harness';
import { registerUser } from '../../test/listings';
import { OIDC_CLIENTS, signInAtProvider, startTestProvider, type TestProvider } from '../../test/oidc';
import type { IdentitySettings } from '../adapters/identity';
import { loadConfig } from '../config';
import { createGatewayApp } from '.';
import { appleName, PENDING_COOKIE } from './social-sign-in';

/**
 * The site's social sign-in (issue 15, spec /login-web): the gateway's authorization code flow with PKCE against
 * a real OpenID Provider (our oidc-provider sandbox playing Google), handing the ID token to the api and keeping
 * the api's token in the session as a password sign-in does. Every ending lands on /login with an outcome.
 */
let provider: TestProvider;
let api: TestApi;
const servers: http.Server[] = [];
let n = 0;

const PUBLIC_URL = 'http://localhost:3000';
const googleWith = (issuer: string): IdentitySettings => ({
  google: {
    issuer,
    clientId: OIDC_CLIENTS.web.client_id,
    clientSecret: OIDC_CLIENTS.web.client_secret,
    appClientIds: [],
  },
});

/** A gateway in front of the test api, with these providers; its base URL. */
async function startGateway(identity: IdentitySettings): Promise<string> {
  const config = {
    ...loadConfig({ DATA_DIR: api.dataDir, SESSION_SECRET: 'social-test-secret', PUBLIC_URL }),
    identity,
  };
  const gateway = createGatewayApp({ db: api.db, apiUrl: api.url, config, logger: pino({ level: 'silent' }) });
  const server = http.createServer(gateway.listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.on('close', () => gateway.closeGateway());
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let base: string;

beforeAll(async () => {
  provider = await startTestProvider();
  api = await startTestApi({ identity: googleWith(provider.url) });
  base = await startGateway(googleWith(provider.url));
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await api.close();
  await provider.close();
});

/** One browser's cookies for the site (name → value), as fetch does not keep them. */
class Browser {
  readonly cookies = new Map<string, string>();
  lastSet: string[] = [];

  async get(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(new URL(url, base), { ...init, headers, redirect: 'manual' });
    this.lastSet = res.headers.getSetCookie();
    for (const line of this.lastSet) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), value);
    }
    return res;
  }

  /** the signed-in user, as the shell's landing asks for it (its api client echoes the XSRF cookie) */
  async user(): Promise<User | undefined> {
    const xsrf = decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '');
    const res = await this.get('/api/userdetail', { headers: { accept: 'application/json', 'x-xsrf-token': xsrf } });
    return res.status === 200 ? ((await res.json()) as { Content: { user: User } }).Content.user : undefined;
  }
}

const fresh = (name: string) => `${name}.${++n}.${Date.now() % 100000}@gmail.example`;
const outcomeOf = (res: Response): Record<string, string> => {
  const location = new URL(res.headers.get('location')!, base);
  return { path: location.pathname, ...Object.fromEntries(location.searchParams) };
};

/** Start at the site, sign in at the provider as `email`: the provider's redirect back to the callback. */
async function throughProvider(browser: Browser, email: string, callbackUrl = '/my-likes'): Promise<URL> {
  const start = await browser.get(`/login-web?provider=google&callbackUrl=${encodeURIComponent(callbackUrl)}`);
  expect(start.status).toBe(303);
  return signInAtProvider(start.headers.get('location')!, email);
}

/** The provider's redirect followed at the site (the callback): the landing it sends the browser to. */
async function back(browser: Browser, redirect: URL) {
  const res = await browser.get(`/login-web/callback${redirect.search}`);
  expect(res.status).toBe(303);
  return outcomeOf(res);
}

describe('the start', () => {
  it("sends the browser to the provider's authorization endpoint with PKCE, a nonce and the account chooser", async () => {
    const browser = new Browser();
    const res = await browser.get('/login-web?provider=google&callbackUrl=/my-likes');
    expect(res.status).toBe(303);
    const to = new URL(res.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).toBe(`${provider.url}/auth`);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      client_id: 'swapstuff-web',
      redirect_uri: `${PUBLIC_URL}/login-web/callback`,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      prompt: 'select_account',
    });
    expect(to.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(to.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    // the pending sign-in is this browser's alone, for the callback only, unreadable by scripts; no session yet
    const line = browser.lastSet.find((l) => l.startsWith(`${PENDING_COOKIE}=`))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Path=\/login-web/);
    expect(browser.cookies.has('sid')).toBe(false);
  });

  it('says "not configured" for a provider without credentials or one we do not know', async () => {
    for (const name of ['apple', 'facebook', 'myspace', '']) {
      const res = await new Browser().get(`/login-web?provider=${name}&callbackUrl=/x`);
      expect(res.status).toBe(303);
      expect(outcomeOf(res)).toEqual({ path: '/login', callbackUrl: '/x', social: 'not-configured' });
    }
  });

  it('answers a provider that cannot be reached with the failure toast, not an error page', async () => {
    const unreachable = await startGateway(googleWith('http://127.0.0.1:9'));
    const res = await fetch(`${unreachable}/login-web?provider=google&callbackUrl=/x`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(outcomeOf(res)).toEqual({ path: '/login', callbackUrl: '/x', social: 'failed' });
  });
});

describe('signing in through the provider', () => {
  it('makes an account the first time and opens the same one the next time, as a browser session', async () => {
    const email = fresh('katherine.johnson');
    const first = new Browser();
    expect(await back(first, await throughProvider(first, email))).toEqual({
      path: '/login',
      callbackUrl: '/my-likes',
      social: 'new-account',
    });
    // the api's token stays in the gateway's session: the browser has the session and XSRF cookies only
    expect([...first.cookies.keys()].sort()).toEqual(['XSRF-TOKEN', 'sid']);
    const made = await first.user();
    expect(made).toMatchObject({ email, first_name: 'Katherine', last_name: 'Johnson' });
    expect(made!.username).toMatch(/^katherine_johnson/);

    const second = new Browser();
    expect((await back(second, await throughProvider(second, email, '/'))).social).toBe('signed-in');
    expect((await second.user())!.id).toBe(made!.id);
  });

  it('links a password account with the same verified e-mail', async () => {
    const username = `mary_${++n}_${Date.now() % 100000}`;
    await registerUser(api, username);
    const email = `${username}@example.com`;
    const member = (await api.db('users').where({ email }).first('id')) as { id: number };
    const browser = new Browser();
    expect((await back(browser, await throughProvider(browser, email))).social).toBe('signed-in');
    expect((await browser.user())!.id).toBe(member.id);
    // and the password still signs in
    const password = await call(api.url, 'POST', '/api/user/signin', {
      body: { email, password: 'listing-pass-1' },
    });
    expect(password.status).toBe(200);
  });

  it('refuses an unverified e-mail: no session, no account', async () => {
    const browser = new Browser();
    const email = fresh('unverified.dorothy');
    expect((await back(browser, await throughProvider(browser, email))).social).toBe('failed');
    expect(browser.cookies.has('sid')).toBe(false);
    expect(await api.db('users').where({ email }).first()).toBeUndefined();
  });
});

describe('the callback', () => {
  it('is used once: the same answer again opens nothing', async () => {
    const browser = new Browser();
    const redirect = await throughProvider(browser, fresh('replayed'));
    const pending = browser.cookies.get(PENDING_COOKIE)!;
    expect((await back(browser, redirect)).social).toBe('new-account');
    // even with the pending cookie put back (copied before), the provider's code is spent
    const again = new Browser();
    again.cookies.set(PENDING_COOKIE, pending);
    expect((await back(again, redirect)).social).toBe('failed');
    expect(again.cookies.has('sid')).toBe(false);
  });

  it("refuses an answer meant for another browser's sign-in (login CSRF)", async () => {
    const attacker = new Browser();
    const attackersAnswer = await throughProvider(attacker, fresh('mallory'));
    const victim = new Browser();
    await victim.get('/login-web?provider=google&callbackUrl=/'); // the victim's own pending sign-in
    expect((await back(victim, attackersAnswer)).social).toBe('failed');
    expect(victim.cookies.has('sid')).toBe(false);
    // without any pending sign-in too
    expect((await back(new Browser(), attackersAnswer)).social).toBe('failed');
  });

  it('refuses a pending cookie whose signature does not match', async () => {
    const browser = new Browser();
    const redirect = await throughProvider(browser, fresh('forged'));
    const [payload] = browser.cookies.get(PENDING_COOKIE)!.split('.');
    browser.cookies.set(PENDING_COOKIE, `${payload}.forged-signature`);
    expect((await back(browser, redirect)).social).toBe('failed');
    expect(browser.cookies.has('sid')).toBe(false);
  });

  it('answers garbage (a broken cookie, repeated or missing parameters) with the failure toast', async () => {
    const browser = new Browser();
    const redirect = await throughProvider(browser, fresh('garbage'));
    const state = redirect.searchParams.get('state')!;
    const code = redirect.searchParams.get('code')!;
    const pending = browser.cookies.get(PENDING_COOKIE)!;
    const attempts: [string, string][] = [
      [`%E0%A4%A`, `?code=${code}&state=${state}`],
      [pending, `?code=${code}&state=${state}&state=${state}`],
      [pending, `?code=${code}&code=${code}&state=${state}`],
      [pending, `?state=${state}`],
      [pending, ''],
    ];
    for (const [cookie, query] of attempts) {
      const res = await fetch(`${base}/login-web/callback${query}`, {
        headers: { cookie: `${PENDING_COOKIE}=${cookie}` },
        redirect: 'manual',
      });
      expect([res.status, outcomeOf(res).social]).toEqual([303, 'failed']);
    }
    const start = await fetch(`${base}/login-web?provider=google&provider=apple&callbackUrl=/a&callbackUrl=/b`, {
      redirect: 'manual',
    });
    expect(outcomeOf(start)).toEqual({ path: '/login', callbackUrl: '/', social: 'not-configured' });
  });

  it('says "cancelled" when the person declines at the provider', async () => {
    const browser = new Browser();
    const start = await browser.get('/login-web?provider=google&callbackUrl=/x');
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const redirect = new URL(`${PUBLIC_URL}/login-web/callback?error=access_denied&state=${state}`);
    expect(await back(browser, redirect)).toEqual({ path: '/login', callbackUrl: '/x', social: 'cancelled' });
  });

  it("turns a provider's form POST (Apple's form_post) into the same GET, which carries the Lax cookie", async () => {
    const post = (body: string) =>
      fetch(`${base}/login-web/callback`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        redirect: 'manual',
      });
    const res = await post('code=abc&state=def&user=%7B%7D&other=x');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login-web/callback?code=abc&state=def&user=%7B%7D');
    // a `user` far longer than Apple's is not passed on
    const long = await post(`code=abc&state=def&user=${'x'.repeat(3000)}`);
    expect(long.headers.get('location')).toBe('/login-web/callback?code=abc&state=def');
  });

  it("reads the name in Apple's one-time `user` field, and nothing else from it", () => {
    const user = (value: unknown) => appleName(JSON.stringify(value));
    expect(user({ name: { firstName: ' Ada ', lastName: 'Lovelace' }, email: 'x@privaterelay.appleid.com' })).toEqual({
      givenName: 'Ada',
      familyName: 'Lovelace',
    });
    expect(user({ name: { firstName: 'Ada' } })).toEqual({ givenName: 'Ada', familyName: undefined });
    for (const odd of [{}, { name: 'Ada' }, { name: { firstName: 7 } }, { name: { firstName: '  ' } }, [1]]) {
      expect(user(odd)).toEqual({});
    }
    expect(appleName('not json')).toEqual({});
    expect(appleName(undefined)).toEqual({});
  });

  it('replaces the session of someone already signed in: a new session id, the old one worth nothing', async () => {
    const browser = new Browser();
    await back(browser, await throughProvider(browser, fresh('first.person')));
    const oldSid = browser.cookies.get('sid')!;
    const copy = new Browser();
    copy.cookies.set('sid', oldSid);
    copy.cookies.set('XSRF-TOKEN', browser.cookies.get('XSRF-TOKEN')!);
    expect(await copy.user()).toBeDefined();
    const secondEmail = fresh('second.person');
    expect((await back(browser, await throughProvider(browser, secondEmail))).social).toBe('new-account');
    expect(browser.cookies.get('sid')).not.toBe(oldSid);
    expect((await browser.user())!.email).toBe(secondEmail);
    expect(await copy.user()).toBeUndefined();
  });
});
