import { promises as fs } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import pino from 'pino';
import { startTestApi, type TestApi } from '../../test/harness';
import { loadConfig } from '../config';
import { createGatewayApp, type GatewayApp } from '.';
import { acceptedEncodings } from '../http';

let api: TestApi;
let gateway: GatewayApp;
let server: http.Server;
let base: string;
let scratch: string;

/** A chunk big enough to be worth compressing, as the build writes it with its .br and .gz siblings. */
const chunk = `console.log(${JSON.stringify('swap '.repeat(2000))});`;
const manifest = JSON.stringify({ id: 'mfe_catalog', name: 'mfe_catalog', exposes: [], padding: 'x'.repeat(3000) });

async function writeBuilt(dir: string, name: string, text: string, siblings = true): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), text);
  if (!siblings) return;
  await fs.writeFile(path.join(dir, `${name}.br`), brotliCompressSync(text));
  await fs.writeFile(path.join(dir, `${name}.gz`), gzipSync(text, { level: 9 }));
}

/** A raw GET (fetch would decode the body and hide what was sent). */
function get(
  url: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
    http
      .get(`${base}${url}`, { headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  api = await startTestApi();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'swapstuff-precompressed-'));
  await fs.writeFile(path.join(scratch, 'remotes.json'), JSON.stringify({ mfe_catalog: { version: '0.1.0' } }));
  const shellDist = path.join(scratch, 'shell', 'dist');
  await writeBuilt(
    shellDist,
    'index.html',
    '<!doctype html><html lang="en"><title>Swapstuff</title><body><div id="root"></div></body></html>',
    false,
  );
  await writeBuilt(shellDist, '412.8d0e11aa.js', chunk);
  await writeBuilt(shellDist, 'main.js', chunk);
  await writeBuilt(shellDist, 'tiny.3f2a9c1b.js', 'var tiny;', false);
  const remoteDist = path.join(scratch, 'mfe-catalog', 'dist', '0.1.0');
  await writeBuilt(remoteDist, 'remoteEntry.js', chunk);
  await writeBuilt(remoteDist, 'mf-manifest.json', manifest);
  await writeBuilt(remoteDist, '99.0badcafe.js', chunk);
  await writeBuilt(remoteDist, 'plain.0badcafe.js', 'var plain;', false);

  const config = {
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

describe('Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['gzip', ['gzip']],
    ['br;q=0.5, gzip;q=0.8', ['gzip', 'br']],
    ['br;q=0, gzip', ['gzip']],
    ['*', ['br', 'gzip']],
    ['*;q=0.1, br;q=0', ['gzip']],
    ['identity', []],
    ['x-gzip', ['gzip']],
    ['', []],
  ])('%j accepts %j, best first', (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});

describe.each([
  ['the shell', '/412.8d0e11aa.js', 'public, max-age=31536000, immutable'],
  ["the shell's entry", '/main.js', 'no-cache'],
  ['a remote', '/mfe/mfe_catalog/0.1.0/99.0badcafe.js', 'public, max-age=31536000, immutable'],
  ["a remote's entry", '/mfe/mfe_catalog/0.1.0/remoteEntry.js', 'no-cache'],
])('%s', (_what, url, cacheControl) => {
  it('sends brotli to a browser that accepts it, as JavaScript, varying by Accept-Encoding', async () => {
    const res = await get(url, 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(cacheControl);
    expect(brotliDecompressSync(res.body).toString()).toBe(chunk);
  });

  it('sends gzip when brotli is refused or weighs less', async () => {
    for (const accept of ['gzip', 'br;q=0.2, gzip;q=0.9']) {
      const res = await get(url, accept);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['cache-control']).toBe(cacheControl);
      expect(gunzipSync(res.body).toString()).toBe(chunk);
    }
  });

  it('sends the plain file to a client that accepts no compression, with the same type and caching', async () => {
    const plain = await get(url, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe(cacheControl);
    expect(plain.body.toString()).toBe(chunk);
    const compressed = await get(url, 'br');
    expect(compressed.headers['content-type']).toBe(plain.headers['content-type']);
  });
});

describe('files without a compressed copy and missing files', () => {
  it("serves a remote's manifest compressed as JSON", async () => {
    const res = await get('/mfe/mfe_catalog/0.1.0/mf-manifest.json', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(brotliDecompressSync(res.body).toString()).toBe(manifest);
  });

  it('sends a small file plain, since the build writes no copy of it', async () => {
    for (const url of ['/tiny.3f2a9c1b.js', '/mfe/mfe_catalog/0.1.0/plain.0badcafe.js']) {
      const res = await get(url, 'gzip, br');
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers 404 for a missing file and never serves a file outside the build', async () => {
    expect((await get('/mfe/mfe_catalog/0.1.0/missing.js', 'br')).status).toBe(404);
    expect((await get('/mfe/mfe_catalog/0.1.0/..%2f..%2f..%2fremotes.json', 'br')).status).toBe(404);
    // the registry file outside the build is not sent: the answer is a page (which carries the registry as
    // the shell reads it, never the file)
    const outside = await get('/..%2fremotes.json', 'br');
    const body = outside.headers['content-encoding'] === 'br' ? brotliDecompressSync(outside.body) : outside.body;
    expect(body.toString()).not.toBe(await fs.readFile(path.join(scratch, 'remotes.json'), 'utf8'));
    expect(outside.headers['content-type']).toMatch(/^text\/html/);
  });
});
