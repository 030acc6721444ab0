import { promises as fs } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { brotliDecompressSync } from 'node:zlib';
import pino from 'pino';
import { io } from 'socket.io-client';
import { messages, type ChatMessage, type LoginContent } from '@swapstuff/contracts';
import { createDb } from '@swapstuff/db';
import { browseAt, Jar, type BrowseOptions, type Browsed } from '../../test/browser';
import { rawRequest } from '../../test/raw-http';
import { LARGEST_REQUEST_BYTES } from '../api/media';
import { call, mysqlUrlOf, startTestApi, type TestApi } from '../../test/harness';
import { loadConfig, type Config } from '../config';
import { createGatewayApp, type GatewayApp } from '.';

let api: TestApi;
let gateway: GatewayApp;
let server: http.Server;
let base: string;
let config: Config;
let scratch: string;
let counter = 0;

/** A request the way the shell's api client sends it, to this file's gateway. */
const browse = (jar: Jar, method: string, url: string, options?: BrowseOptions) =>
  browseAt(base, jar, method, url, options);

function newUser() {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    firstName: 'Gate',
    lastName: 'Keeper',
    username: `gate_${tag}`,
    email: `gate.${tag}@example.com`,
    password: 'correct-horse-1',
    confirmPassword: 'correct-horse-1',
    agreeToTerms: true,
  };
}

/** Registers through the gateway (which signs the new user in) and returns the browser that did it. */
async function signedInBrowser(
  user = newUser(),
): Promise<{ jar: Jar; user: ReturnType<typeof newUser>; answer: Browsed }> {
  const jar = new Jar();
  const answer = await browse(jar, 'POST', '/api/register', { body: user });
  expect(answer.status).toBe(201);
  return { jar, user, answer };
}

/** The id inside the signed `sid` cookie (`s:<id>.<signature>`). */
function sessionId(jar: Jar): string {
  const raw = decodeURIComponent(jar.cookies.get('sid') ?? '');
  return raw.slice(2, raw.lastIndexOf('.'));
}

async function storedSession(jar: Jar): Promise<{ token?: string; createdAt?: number } | undefined> {
  const row = (await api
    .db('sessions')
    .where({ sid: sessionId(jar) })
    .first()) as { sess: string } | undefined;
  return row ? (JSON.parse(row.sess) as { token?: string; createdAt?: number }) : undefined;
}

/** What a remote declares (contracts/src/pages.ts), and the manifest its build emits with it. */
const catalogPages = { home: { paths: ['/', '/home'] } };
const manifestDeclaring = (name: string, pages: unknown) =>
  JSON.stringify({ id: name, name, metaData: { name, swapstuff: { pages } }, exposes: [] });

/** Writes the registry file with a new mtime, so the gateway reads it again. */
async function writeRegistry(registry: Record<string, { version: string; manifest?: string }>): Promise<void> {
  const file = path.join(scratch, 'remotes.json');
  await fs.writeFile(file, JSON.stringify(registry));
  // a different mtime even on filesystems with coarse timestamps
  const later = new Date(Date.now() + 5000);
  await fs.utimes(file, later, later);
}

async function readRemotes(): Promise<Record<string, { version: string; manifest: string; pages?: unknown }>> {
  return (await (await fetch(`${base}/mf/remotes.json`)).json()) as Awaited<ReturnType<typeof readRemotes>>;
}

beforeAll(async () => {
  api = await startTestApi();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'swapstuff-gateway-'));
  await fs.writeFile(
    path.join(scratch, 'remotes.json'),
    JSON.stringify({ mfe_catalog: { version: '0.1.0' }, mfe_swaps: { version: '0.1.0' } }),
  );
  const shellDist = path.join(scratch, 'shell', 'dist');
  await fs.mkdir(shellDist, { recursive: true });
  await fs.writeFile(
    path.join(shellDist, 'index.html'),
    '<!doctype html><html lang="en"><title>Swapstuff</title><body><div id="root"></div></body></html>',
  );
  await fs.writeFile(path.join(shellDist, 'main.3f2a9c1b.js'), 'console.log("shell")');
  const remoteDist = path.join(scratch, 'mfe-catalog', 'dist', '0.1.0');
  await fs.mkdir(remoteDist, { recursive: true });
  await fs.writeFile(path.join(remoteDist, 'mf-manifest.json'), manifestDeclaring('mfe_catalog', catalogPages));
  await fs.writeFile(path.join(remoteDist, 'remoteEntry.js'), 'var mfe_catalog;');
  await fs.writeFile(path.join(remoteDist, '412.8d0e11aa.js'), 'chunk');

  config = {
    ...loadConfig({
      DATA_DIR: api.dataDir,
      SESSION_SECRET: 'integration-test-secret',
      MF_REGISTRY: path.join(scratch, 'remotes.json'),
      PUBLIC_URL: 'http://localhost:3000',
    }),
    repoRoot: scratch,
    shellDist,
  };
  gateway = createGatewayApp({ db: api.db, apiUrl: api.url, config, logger: pino({ level: 'silent' }) });
  server = http.createServer(gateway.listener);
  server.on('upgrade', gateway.upgrade);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  gateway.closeGateway();
  await api.close();
  await fs.rm(scratch, { recursive: true, force: true });
});

describe('sign-in through the gateway', () => {
  it('keeps the token in the session and gives the browser the user only, in an HttpOnly SameSite=Lax cookie', async () => {
    const { jar, user, answer } = await signedInBrowser();
    expect(answer.body.Success).toBe(true);
    expect(Object.keys(answer.body.Content ?? {})).toEqual(['user']);
    expect((answer.body.Content?.user as { email: string }).email).toBe(user.email);

    const sid = jar.setLine('sid');
    expect(sid).toMatch(/;\s*HttpOnly/i);
    expect(sid).toMatch(/;\s*SameSite=Lax/i);
    const xsrf = jar.setLine('XSRF-TOKEN');
    expect(xsrf).toBeDefined();
    expect(xsrf).not.toMatch(/HttpOnly/i);

    const stored = await storedSession(jar);
    expect(typeof stored?.token).toBe('string');
    const token = stored?.token ?? '';
    expect(token.length).toBeGreaterThan(10);
    expect(answer.text).not.toContain(token);
    for (const [, value] of answer.headers) expect(value).not.toContain(token);
  });

  it('gives a new session id at sign-in, and the one before it no longer works', async () => {
    const first = await signedInBrowser();
    const before = sessionId(first.jar);
    const oldCookie = first.jar.header();

    const other = newUser();
    await browse(new Jar(), 'POST', '/api/register', { body: other });
    const answer = await browse(first.jar, 'POST', '/api/user/signin', {
      body: { email: other.email, password: other.password },
    });
    expect(answer.status).toBe(200);
    const after = sessionId(first.jar);
    expect(after).not.toBe('');
    expect(after).not.toBe(before);

    const me = await browse(first.jar, 'GET', '/api/userdetail');
    expect((me.body.Content?.user as { email: string }).email).toBe(other.email);
    const stale = await fetch(`${base}/api/userdetail`, { headers: { Cookie: oldCookie } });
    expect(stale.status).toBe(401);
  });

  it('marks the cookies Secure when the request came over TLS through a trusted proxy', async () => {
    const jar = new Jar();
    const answer = await browse(jar, 'POST', '/api/register', {
      body: newUser(),
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(answer.status).toBe(201);
    expect(jar.setLine('sid')).toMatch(/;\s*Secure/i);
    expect(jar.setLine('XSRF-TOKEN')).toMatch(/;\s*Secure/i);
    const plain = await signedInBrowser();
    expect(plain.jar.setLine('sid')).not.toMatch(/;\s*Secure/i);
  });

  it('answers a failed sign-in as the api does, without a session', async () => {
    const { user } = await signedInBrowser();
    const jar = new Jar();
    const answer = await browse(jar, 'POST', '/api/signin', {
      body: { email: user.email, password: 'wrong-password-1' },
    });
    expect(answer.status).toBe(401);
    expect(answer.body.Description).toBe(messages.invalidCredentials);
    expect(jar.cookies.has('sid')).toBe(false);
  });
});

describe('the proxy', () => {
  it('serves an authenticated GET with the session cookie alone', async () => {
    const { jar, user } = await signedInBrowser();
    const me = await browse(jar, 'GET', '/api/userdetail');
    expect(me.status).toBe(200);
    expect((me.body.Content?.user as { email: string }).email).toBe(user.email);
  });

  it('lets a mobile client use its own bearer token through the public port', async () => {
    const user = newUser();
    await call(api.url, 'POST', '/api/register', { body: user });
    const signIn = await call<{ token: string }>(api.url, 'POST', '/api/user/signin', {
      body: { email: user.email, password: user.password },
    });
    const me = await call<{ user: { email: string } }>(base, 'GET', '/api/userdetail', {
      token: signIn.body.Content.token,
    });
    expect(me.status).toBe(200);
    expect(me.body.Content.user.email).toBe(user.email);
    // no cookie, no CSRF token needed: the api validates the body
    const change = await call(base, 'POST', '/api/change/password', { token: signIn.body.Content.token, body: {} });
    expect(change.status).toBe(400);
  });

  it.each([
    ['an endpoint that needs a session', '/api/userchat/send', 'application/json', 200 * 1024, 401],
    ['no endpoint at all', '/api/no-such-endpoint', 'application/json', 200 * 1024, 404],
    // the api refuses it on its Content-Length, reads none of it and closes its connection
    ['an upload over its size', '/api/upload/image', 'multipart/form-data; boundary=x', 8 * 1024 * 1024, 413],
  ])(
    "a member's body to %s gets the api's own answer, not a 503 (issue 32, finding 10)",
    async (_, path, type, bytes, status) => {
      const { jar } = await signedInBrowser();
      const browser = {
        Cookie: jar.header(),
        'X-XSRF-TOKEN': decodeURIComponent(jar.cookies.get('XSRF-TOKEN') ?? ''),
        'Sec-Fetch-Site': 'same-origin',
      };
      const body = type === 'application/json' ? JSON.stringify({ text: 'x'.repeat(bytes) }) : Buffer.alloc(bytes, 'x');
      for (let i = 0; i < 5; i += 1) {
        const answer = await fetch(`${base}${path}`, {
          method: 'POST',
          // the chat needs a session: this one is a visitor's
          headers: { 'Content-Type': type, ...(status === 401 ? { 'Sec-Fetch-Site': 'same-origin' } : browser) },
          body,
        }).catch((err: Error) => err);
        expect('status' in answer ? answer.status : `${String(answer)}: ${String((answer as Error).cause)}`).toBe(
          status,
        );
      }
    },
  );

  it('a body declared larger than anything the api accepts is refused here, 413, before the api sees it', async () => {
    const answer = await rawRequest(
      base,
      'POST',
      '/api/upload/image',
      { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': LARGEST_REQUEST_BYTES + 1 },
      ['--x\r\n'],
    );
    expect(answer.status).toBe(413);
    expect(answer.body?.Description).toBe('This request is too large.');
  });

  it('serves public endpoints to visitors', async () => {
    const home = await browse(new Jar(), 'GET', '/api/home');
    expect(home.status).toBe(200);
    expect(Array.isArray(home.body.Content?.categories)).toBe(true);
  });

  it("passes the api's compressed answer on as it came, encoding and Vary included", async () => {
    const rawGet = (url: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
        http
          .get(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const [direct, proxied] = [await rawGet(`${api.url}/api/openapi.json`), await rawGet(`${base}/api/openapi.json`)];
    expect(proxied.headers['content-encoding']).toBe('br');
    expect(proxied.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(proxied.bytes).toString('utf8')).toBe(
      brotliDecompressSync(direct.bytes).toString('utf8'),
    );
    expect(JSON.parse(brotliDecompressSync(proxied.bytes).toString('utf8'))).toHaveProperty('openapi');
  });
});

describe('the shared cache of visitor reads', () => {
  it("answers a visitor's home from memory for the second the api allows, and then asks the api again", async () => {
    const url = `/api/home?visit=${Date.now()}`;
    const first = await browse(new Jar(), 'GET', url);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toMatch(/s-maxage=1\b/);
    expect(first.headers.get('age')).toBeNull();
    const second = await browse(new Jar(), 'GET', url);
    expect(second.headers.get('age')).toBe('0');
    expect(second.text).toBe(first.text);
    expect(second.headers.get('x-frame-options')).toBe('DENY');

    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await browse(new Jar(), 'GET', url)).headers.get('age')).toBeNull();
  });

  it('answers it before Express with the headers Express sends, HSTS behind a trusted TLS proxy too', async () => {
    const url = `/api/home?visit=before-express-${Date.now()}`;
    // Express's app function hands each request it sees to app.handle (express/lib/express.js)
    const handle = jest.spyOn(gateway as unknown as { handle: () => void }, 'handle');
    const headersOf = (answer: Browsed) =>
      Object.fromEntries([...answer.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)));
    try {
      for (const forwarded of [{}, { 'X-Forwarded-Proto': 'https' }] as Record<string, string>[]) {
        await browse(new Jar(), 'GET', url, { headers: forwarded });
        handle.mockClear();
        const beforeExpress = await browse(new Jar(), 'GET', url, { headers: forwarded });
        expect(handle).not.toHaveBeenCalled();
        // our own Origin takes it through Express, whose middleware answers from the same memory
        const throughExpress = await browse(new Jar(), 'GET', url, {
          headers: { ...forwarded, Origin: 'http://localhost:3000' },
        });
        expect(handle).toHaveBeenCalledTimes(1);
        expect(throughExpress.headers.get('age')).toBe('0');
        expect(headersOf(beforeExpress)).toEqual(headersOf(throughExpress));
        expect(beforeExpress.text).toBe(throughExpress.text);
        expect(beforeExpress.headers.get('strict-transport-security')).toBe(
          'X-Forwarded-Proto' in forwarded ? 'max-age=15552000; includeSubDomains' : null,
        );
      }
    } finally {
      handle.mockRestore();
    }
  });

  it('never answers a signed-in browser or a token from it, and still refuses a cross-site read', async () => {
    const url = `/api/home?visit=signed-in-${Date.now()}`;
    await browse(new Jar(), 'GET', url);
    expect((await browse(new Jar(), 'GET', url)).headers.get('age')).toBe('0');

    const { jar } = await signedInBrowser();
    const signedIn = await browse(jar, 'GET', url);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('age')).toBeNull();
    expect(signedIn.headers.get('cache-control')).toBeNull();
    const withToken = await browse(new Jar(), 'GET', url, { headers: { Authorization: 'Bearer not-a-token' } });
    expect(withToken.status).toBe(401);

    const crossSite = await browse(new Jar(), 'GET', url, { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
  });
});

describe('CSRF', () => {
  it('refuses a cookie-authenticated POST without X-XSRF-TOKEN', async () => {
    const { jar } = await signedInBrowser();
    const answer = await browse(jar, 'POST', '/api/home/category', { body: {}, xsrf: false });
    expect(answer.status).toBe(403);
    expect(answer.body.Description).toBe(messages.csrfRefused);
  });

  it("refuses another session's token", async () => {
    const { jar } = await signedInBrowser();
    const other = await signedInBrowser();
    const answer = await browse(jar, 'POST', '/api/home/category', {
      body: {},
      xsrf: other.jar.cookies.get('XSRF-TOKEN'),
    });
    expect(answer.status).toBe(403);
  });

  it('refuses any cross-site state change, even with the right header', async () => {
    const { jar } = await signedInBrowser();
    const answer = await browse(jar, 'POST', '/api/home/category', {
      body: {},
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(answer.status).toBe(403);
    const visitor = await browse(new Jar(), 'POST', '/api/signin', {
      body: { email: 'a@example.com', password: 'whatever-1' },
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(visitor.status).toBe(403);
  });

  it('refuses a foreign Origin from browsers without Sec-Fetch-Site', async () => {
    const { jar } = await signedInBrowser();
    const answer = await browse(jar, 'POST', '/api/home/category', {
      body: {},
      headers: { 'Sec-Fetch-Site': '', Origin: 'https://evil.example' },
    });
    expect(answer.status).toBe(403);
  });

  it('lets a same-origin POST with the right header through', async () => {
    const { jar } = await signedInBrowser();
    const answer = await browse(jar, 'POST', '/api/home/category', {
      body: {},
      headers: { Origin: 'http://localhost:3000' },
    });
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.body.Content?.categories)).toBe(true);
  });
});

describe('CSRF on every method (finding 4)', () => {
  async function addressOf(jar: Jar): Promise<number> {
    const added = await browse(jar, 'POST', '/api/user/edit/address', {
      body: { street1: '1 Congress Ave', city: 'Austin', state: 'Texas', zip: '73301' },
    });
    expect(added.status).toBe(201);
    return (added.body.Content?.address as { id: number }).id;
  }
  const addresses = async (jar: Jar) =>
    ((await browse(jar, 'GET', '/api/user/address')).body.Content?.address as Array<{ id: number }>).map((a) => a.id);

  it.each([
    ['a link on another site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['a same-site page without the header', { 'Sec-Fetch-Site': 'same-site' }],
    ['an old browser without Sec-Fetch-Site', { 'Sec-Fetch-Site': '' }],
  ])(
    'a GET that changes state, sent by %s with the session cookie alone, is refused and changes nothing',
    async (_who, headers) => {
      const { jar } = await signedInBrowser();
      const id = await addressOf(jar);
      for (const url of [`/api/default/address/${id}`, `/api/delete/address/${id}`, '/api/delete/product/1']) {
        const answer = await browse(jar, 'GET', url, { xsrf: false, headers });
        expect({ url, status: answer.status, description: answer.body.Description }).toEqual({
          url,
          status: 403,
          description: messages.csrfRefused,
        });
      }
      expect(await addresses(jar)).toEqual([id]);
    },
  );

  it("any cross-site request to the api is refused, even a visitor's read", async () => {
    const visitor = await browse(new Jar(), 'GET', '/api/home', { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(visitor.status).toBe(403);
    const { jar } = await signedInBrowser();
    const withHeader = await browse(jar, 'GET', '/api/userdetail', { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(withHeader.status).toBe(403);
  });

  it('the same GET with the header, from our own page, goes through', async () => {
    const { jar } = await signedInBrowser();
    const id = await addressOf(jar);
    expect((await browse(jar, 'GET', `/api/delete/address/${id}`)).status).toBe(200);
    expect(await addresses(jar)).toEqual([]);
  });
});

describe('sign-in paths the way Express matches them (finding 8)', () => {
  it.each(['/api/user/signin/', '/API/USER/SIGNIN', '/Api/SignIn'])(
    '%s from a browser with no session signs in through the hand-off: the token stays here',
    async (path) => {
      const user = newUser();
      await call(api.url, 'POST', '/api/register', { body: user });
      const jar = new Jar();
      const answer = await browse(jar, 'POST', path, { body: { email: user.email, password: user.password } });
      expect(answer.status).toBe(200);
      expect(answer.body.Content).toEqual({ user: expect.objectContaining({ email: user.email }) });
      expect(answer.text).not.toMatch(/"token"/);
      expect((await storedSession(jar))?.token).toEqual(expect.any(String));
      expect((await browse(jar, 'GET', '/api/userdetail')).status).toBe(200);
    },
  );

  it.each(['/api/register/', '/API/REGISTER', '/api/V2/register/'])(
    '%s creates the account and its session together',
    async (path) => {
      const user = newUser();
      const body = path.toLowerCase().includes('v2')
        ? {
            businessName: 'Gate Shop',
            businessUsername: user.username,
            businessEmail: user.email,
            phone: '(512) 555-0100',
            address: '1 Congress Ave',
            city: 'Austin',
            state: 'Texas',
            zip: '73301',
            password: user.password,
            confirmPassword: user.password,
            agreeToTerms: true,
          }
        : user;
      const jar = new Jar();
      const answer = await browse(jar, 'POST', path, { body });
      expect(answer.status).toBe(201);
      expect(answer.text).not.toMatch(/"token"/);
      expect((await browse(jar, 'GET', '/api/userdetail')).status).toBe(200);
    },
  );
});

describe('a session store whose database fails (finding 2)', () => {
  it('answers 503 to a signed-in browser instead of ending the process', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    // a gateway of its own, whose connection to the sessions table we can take away
    const storeDb = createDb(
      api.engine === 'mysql' ? { url: mysqlUrlOf(api.db), poolMax: 2 } : { dataDir: api.dataDir },
    );
    const own = createGatewayApp({ db: storeDb, apiUrl: api.url, config, logger: pino({ level: 'silent' }) });
    const ownServer = http.createServer(own.listener);
    ownServer.on('upgrade', own.upgrade);
    await new Promise<void>((resolve) => ownServer.listen(0, '127.0.0.1', resolve));
    const ownBase = `http://127.0.0.1:${(ownServer.address() as AddressInfo).port}`;
    try {
      const jar = new Jar();
      const user = newUser();
      const registered = await fetch(`${ownBase}/api/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
        body: JSON.stringify(user),
      });
      jar.take(registered);
      expect(registered.status).toBe(201);
      await storeDb.destroy();
      for (const method of ['GET', 'POST']) {
        const answer = await fetch(`${ownBase}/api/home`, {
          method,
          headers: {
            Cookie: jar.header(),
            'X-XSRF-TOKEN': decodeURIComponent(jar.cookies.get('XSRF-TOKEN') ?? ''),
            'Sec-Fetch-Site': 'same-origin',
          },
        });
        expect({ method, status: answer.status, retry: answer.headers.get('retry-after') }).toEqual({
          method,
          status: 503,
          retry: '5',
        });
        expect(((await answer.json()) as { Description: string }).Description).toBe(messages.serviceUnavailable);
      }
      // the websocket upgrade looks the session up too: it is refused with 503, and nothing else happens
      const upgrade = await new Promise<string>((resolve, reject) => {
        const socket = net.connect((ownServer.address() as AddressInfo).port, '127.0.0.1', () =>
          socket.write(
            'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: localhost:3000\r\nUpgrade: websocket\r\n' +
              `Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nCookie: ${jar.header()}\r\n\r\n`,
          ),
        );
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      expect(upgrade.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
      expect((await fetch(`${ownBase}/healthz`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
      ownServer.closeAllConnections();
      await new Promise((resolve) => ownServer.close(resolve));
      own.closeGateway();
    }
  });
});

describe('socket.io through the gateway (issue 16)', () => {
  it.each([['websocket'], ['polling']])(
    "opens a browser's connection (%s) as its session's user, who hears their messages live",
    async (transport) => {
      const { jar, answer } = await signedInBrowser();
      const userId = (answer.body.Content as { user: { id: number } }).user.id;
      const socket = io(base, {
        path: '/socket.io',
        transports: [transport],
        reconnection: false,
        extraHeaders: { cookie: jar.header() },
      });
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        });
        const got: ChatMessage[] = [];
        socket.on('chat:message', (message: ChatMessage) => got.push(message));
        const sender = await call<LoginContent>(api.url, 'POST', '/api/register', { body: newUser() });
        const sent = await call<{ message: ChatMessage }>(api.url, 'POST', '/api/userchat/send', {
          token: sender.body.Content.token,
          body: { userId, text: `hello over ${transport}`, clientId: `gw-${transport}-${Date.now()}` },
        });
        expect(sent.status).toBe(201);
        for (let waited = 0; got.length === 0 && waited < 5000; waited += 20)
          await new Promise((resolve) => setTimeout(resolve, 20));
        expect(got).toEqual([sent.body.Content.message]);
      } finally {
        socket.disconnect();
      }
    },
  );

  it.each([
    ['a cross-site page', { 'Sec-Fetch-Site': 'cross-site' }],
    ['a foreign Origin', { Origin: 'https://evil.example' }],
  ])(
    "refuses a poll from %s with the browser's cookie: no engine session is opened (issue 32, finding 9)",
    async (_, from) => {
      const { jar } = await signedInBrowser();
      const poll = await fetch(`${base}/socket.io/?EIO=4&transport=polling`, {
        headers: { Cookie: jar.header(), ...from },
      });
      expect(poll.status).toBe(403);
      expect(await poll.text()).not.toMatch(/"sid"/);
      // the same poll from our own page opens one
      const own = await fetch(`${base}/socket.io/?EIO=4&transport=polling`, {
        headers: { Cookie: jar.header(), 'Sec-Fetch-Site': 'same-origin' },
      });
      expect(own.status).toBe(200);
      expect(await own.text()).toMatch(/"sid"/);
    },
  );

  it('refuses a connection without a session as the api refuses a visitor', async () => {
    const socket = io(base, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    const refused = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    socket.disconnect();
    expect(refused.message).toBe(messages.unauthenticated);
  });
});

describe('the end of a session', () => {
  it('logout revokes the token, destroys the session and clears both cookies', async () => {
    const { jar } = await signedInBrowser();
    const token = (await storedSession(jar))?.token ?? '';
    const cookie = jar.header();
    const answer = await browse(jar, 'POST', '/api/web/logout/-', { body: {} });
    expect(answer.status).toBe(200);
    expect(answer.body.Success).toBe(true);
    expect(jar.cookies.has('sid')).toBe(false);
    expect(jar.cookies.has('XSRF-TOKEN')).toBe(false);

    const after = await fetch(`${base}/api/userdetail`, { headers: { Cookie: cookie, Accept: 'application/json' } });
    expect(after.status).toBe(401);
    const direct = await call(api.url, 'GET', '/api/userdetail', { token });
    expect(direct.status).toBe(401);
  });

  it('ends the gateway session when the api revokes its token (password changed elsewhere)', async () => {
    const { jar, user } = await signedInBrowser();
    const phone = await call<{ token: string }>(api.url, 'POST', '/api/user/signin', {
      body: { email: user.email, password: user.password },
    });
    const change = await call(api.url, 'POST', '/api/change/password', {
      token: phone.body.Content.token,
      body: { currentPassword: user.password, newPassword: 'battery-staple-2', confirmPassword: 'battery-staple-2' },
    });
    expect(change.status).toBe(200);

    const sid = sessionId(jar);
    const me = await browse(jar, 'GET', '/api/userdetail');
    expect(me.status).toBe(401);
    expect(me.body.error).toBe('407');
    expect(jar.cookies.has('sid')).toBe(false);
    expect(await api.db('sessions').where({ sid }).first()).toBeUndefined();
  });

  it('ends a session past its absolute lifetime however active it was', async () => {
    const { jar } = await signedInBrowser();
    const sid = sessionId(jar);
    const row = (await api.db('sessions').where({ sid }).first()) as { sess: string };
    const sess = JSON.parse(row.sess) as { createdAt: number };
    sess.createdAt -= config.sessionAbsoluteHours * 3600 * 1000 + 1000;
    await api
      .db('sessions')
      .where({ sid })
      .update({ sess: JSON.stringify(sess) });

    const me = await browse(jar, 'GET', '/api/userdetail');
    expect(me.status).toBe(401);
    expect(me.body.error).toBe('407');
    expect(me.body.Description).toBe(messages.sessionEnded);
    expect(await api.db('sessions').where({ sid }).first()).toBeUndefined();
  });
});

describe('shell and remotes', () => {
  it('serves the web push service worker at the root, as a script never cached (not the shell page)', async () => {
    const res = await fetch(`${base}/sw.js`, { headers: { Accept: '*/*' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    // run as a browser runs it: a push shows the notification it carries, a click opens where it leads
    const listeners: Record<string, (event: unknown) => void> = {};
    const shown: unknown[][] = [];
    const opened: string[] = [];
    const waits: Promise<unknown>[] = [];
    const self = {
      addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] = listener),
      registration: { showNotification: async (...args: unknown[]) => shown.push(args) },
      clients: { openWindow: async (url: string) => opened.push(url) },
    };
    vm.runInNewContext(await res.text(), { self });
    const payload = { title: 'New swap offer', body: 'Ann L. about "Oak chair".', link: '/swap-requests', tag: 't-7' };
    listeners.push({ data: { json: () => payload }, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
    expect(shown).toEqual([
      ['New swap offer', { body: 'Ann L. about "Oak chair".', tag: 't-7', data: { link: '/swap-requests' } }],
    ]);
    const notification = { data: { link: '/swap-requests' }, close: jest.fn() };
    listeners.notificationclick({ notification, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
    expect(notification.close).toHaveBeenCalled();
    expect(opened).toEqual(['/swap-requests']);
  });

  it('re-reads the remote registry when the file changes', async () => {
    const first = await readRemotes();
    expect(first.mfe_catalog).toEqual({
      version: '0.1.0',
      manifest: '/mfe/mfe_catalog/0.1.0/mf-manifest.json',
      pages: catalogPages,
    });

    await writeRegistry({
      mfe_catalog: { version: '0.2.0', manifest: 'https://cdn.example.com/mfe_catalog/0.2.0/mf-manifest.json' },
    });
    const response = await fetch(`${base}/mf/remotes.json`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const second = (await response.json()) as Record<string, { version: string; manifest: string }>;
    expect(second.mfe_catalog.version).toBe('0.2.0');
    expect(Object.keys(second)).toEqual(['mfe_catalog']);

    // the page may now load scripts from the remote's origin
    const page = await fetch(`${base}/login`, { headers: { Accept: 'text/html' } });
    expect(page.headers.get('content-security-policy')).toContain('https://cdn.example.com');
  });

  it("lets the page send cards to the payment provider's origin (the sandbox's without a Stripe key), and nowhere else", async () => {
    const page = await fetch(`${base}/login`, { headers: { Accept: 'text/html' } });
    const connect = /connect-src ([^;]*)/.exec(page.headers.get('content-security-policy') ?? '')?.[1].split(' ');
    // the sandbox's browser side is served by the gateway itself (provider-sandboxes.ts)
    expect(connect).toContain('http://localhost:3000');
    expect(connect).not.toContain('https://api.stripe.com');
  });

  it("shows the carrier sandbox's labels and couriers' logos (plain http), and https images from anywhere", async () => {
    const page = await fetch(`${base}/login`, { headers: { Accept: 'text/html' } });
    const img = /img-src ([^;]*)/.exec(page.headers.get('content-security-policy') ?? '')?.[1].split(' ');
    expect(img).toEqual(expect.arrayContaining(["'self'", 'https:', 'http://localhost:3000']));
    expect(img).not.toContain('http:');
  });

  it("passes on the pages each remote's build declares, read again when its manifest changes", async () => {
    await writeRegistry({ mfe_catalog: { version: '0.1.0' }, mfe_swaps: { version: '0.1.0' } });
    const remotes = await readRemotes();
    expect(remotes.mfe_catalog.pages).toEqual(catalogPages);
    // no build of mfe_swaps here: listed, with no pages, so none of its paths opens
    expect(remotes.mfe_swaps).toEqual({ version: '0.1.0', manifest: '/mfe/mfe_swaps/0.1.0/mf-manifest.json' });

    const manifest = path.join(scratch, 'mfe-catalog', 'dist', '0.1.0', 'mf-manifest.json');
    const rebuilt = { ...catalogPages, browse: { paths: ['/browse'], menu: { label: 'Browse', tabBar: 45 } } };
    await fs.writeFile(manifest, manifestDeclaring('mfe_catalog', rebuilt));
    const later = new Date(Date.now() + 5000);
    await fs.utimes(manifest, later, later);
    expect((await readRemotes()).mfe_catalog.pages).toEqual(rebuilt);

    // a manifest that cannot be read leaves the remote listed without pages; the registry still answers
    await fs.writeFile(manifest, '{ not json');
    expect((await readRemotes()).mfe_catalog).toEqual({
      version: '0.1.0',
      manifest: '/mfe/mfe_catalog/0.1.0/mf-manifest.json',
    });
    await fs.writeFile(manifest, manifestDeclaring('mfe_catalog', catalogPages));
  });

  it('fetches the pages of a remote on another origin, without waiting long for one that does not answer', async () => {
    const dealsPages = { deals: { paths: ['/deals'] } };
    const asked: string[] = [];
    const origin = http.createServer((req, res) => {
      asked.push(req.url ?? '');
      // /silent/… never answers
      if (req.url?.startsWith('/mfe_deals/')) res.end(manifestDeclaring('mfe_deals', dealsPages));
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
    try {
      await writeRegistry({
        mfe_deals: { version: '1.0.0', manifest: `${at}/mfe_deals/1.0.0/mf-manifest.json` },
        mfe_silent: { version: '1.0.0', manifest: `${at}/silent/mf-manifest.json` },
      });
      const started = Date.now();
      const remotes = await readRemotes();
      expect(Date.now() - started).toBeLessThan(4000);
      expect(remotes.mfe_deals.pages).toEqual(dealsPages);
      expect(remotes.mfe_silent.pages).toBeUndefined();

      // both answers are kept for a while: the next page load asks that origin nothing
      await readRemotes();
      expect(asked).toEqual(['/mfe_deals/1.0.0/mf-manifest.json', '/silent/mf-manifest.json']);
    } finally {
      origin.closeAllConnections();
      await new Promise((resolve) => origin.close(resolve));
    }
  });

  it('serves a remote build: hashed files immutable, manifest and remoteEntry revalidated', async () => {
    const chunk = await fetch(`${base}/mfe/mfe_catalog/0.1.0/412.8d0e11aa.js`);
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const name of ['mf-manifest.json', 'remoteEntry.js']) {
      const response = await fetch(`${base}/mfe/mfe_catalog/0.1.0/${name}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
    expect((await fetch(`${base}/mfe/mfe_catalog/0.1.0/missing.js`)).status).toBe(404);
    expect((await fetch(`${base}/mfe/mfe_catalog/0.1.0/..%2f..%2f..%2fremotes.json`)).status).toBe(404);
  });

  it('serves the shell: index.html for browser routes, hashed assets immutable', async () => {
    // shell-page.int.test.ts: which routes are pages, and what their head holds
    const page = await fetch(`${base}/login`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<title>Swapstuff</title>');
    const asset = await fetch(`${base}/main.3f2a9c1b.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const notApage = await fetch(`${base}/mf/nothing`, { headers: { Accept: 'text/html' } });
    expect(notApage.status).toBe(404);
  });

  it('answers health checks', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });
});
