import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Servers {
  apiUrl: string;
  gatewayUrl: string;
  /** the gateway at the address the site believes it has (PUBLIC_URL): what a browser opens */
  publicUrl: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

/** The api's own Express (the root node_modules holds an older major, for the dev server). */
const BFF_EXPRESS = require.resolve('express', { paths: [path.join(__dirname, '..', '..', 'bff')] });

/** What a bare server answers to every request. */
export interface BareAnswer {
  body: string;
  contentType?: string;
  /**
   * Answer from one route of a minimal Express app instead of node:http alone: what Express itself costs,
   * the ceiling of any route the api serves through Express.
   */
  express?: boolean;
}

/**
 * A bare node:http server in a process of its own, answering `answer` (`{}` unless told) to everything:
 * what any server on this machine costs, the yardstick the site is measured against.
 */
export async function startBareServer(
  answer: BareAnswer = { body: '{}' },
): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const handler = answer.express
    ? `(() => { const app = require(process.env.EXPRESS_PATH)(); app.all('/{*path}', (q, r) => { r.writeHead(200, headers); r.end(body); }); return app; })()`
    : '(q, r) => { r.writeHead(200, headers); r.end(body); }';
  const code = `const body = Buffer.from(process.env.BARE_BODY);
const headers = { 'content-type': process.env.BARE_TYPE, 'content-length': body.length };
const s = require('node:http').createServer(${handler});
s.keepAliveTimeout = 65000;
s.listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', code], {
    env: {
      ...process.env,
      EXPRESS_PATH: BFF_EXPRESS,
      BARE_BODY: answer.body,
      BARE_TYPE: answer.contentType ?? 'application/json; charset=utf-8',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(url, child, 10_000);
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return { url, stop: () => stopChild(child) };
}

/**
 * The api and the gateway as two processes (as when each scales on its own), on free ports, with a
 * throw-away SQLite DATA_DIR, or DATABASE_URL (`options.databaseUrl` first) when set.
 */
export async function startServers(repoRoot: string, options: { databaseUrl?: string } = {}): Promise<Servers> {
  const main = path.join(repoRoot, 'bff', 'dist', 'main.js');
  if (!existsSync(main)) throw new Error('bff/dist/main.js is missing: run `npm run build` first');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'swapstuff-bench-'));
  // the sandboxes are not started: their ports are free ones, so that nothing of another site answers there
  const [apiPort, port, sandboxPort, shippoSandboxPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    API_PORT: String(apiPort),
    STRIPE_SANDBOX_PORT: String(sandboxPort),
    SHIPPO_SANDBOX_PORT: String(shippoSandboxPort),
    PORT: String(port),
    API_URL: `http://127.0.0.1:${apiPort}`,
    PUBLIC_URL: `http://localhost:${port}`,
    SESSION_SECRET: 'bench-only-secret',
    // request logs would measure the terminal, not the servers
    LOG_LEVEL: 'warn',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map(stopChild));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const api = spawn(process.execPath, [main], {
      env: { ...env, ROLE: 'api' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(api);
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    await waitReady(apiUrl, api, 120_000);
    const gateway = spawn(process.execPath, [main], {
      env: { ...env, ROLE: 'gateway' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(gateway);
    const gatewayUrl = `http://127.0.0.1:${port}`;
    await waitReady(gatewayUrl, gateway, 60_000);
    return { apiUrl, gatewayUrl, publicUrl: env.PUBLIC_URL, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
