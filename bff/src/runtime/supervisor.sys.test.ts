import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isRunning, listeningAddresses, repoRoot, startSite, type Site } from '../../test/processes';

let dataDir: string;
let site: Site | undefined;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'swapstuff-supervisor-'));
});
afterAll(() => {
  site?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(50);
  }
}

const status = async (url: string) => {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5000) })).status;
  } catch (err) {
    return (err as Error).name;
  }
};

it('`NODE_ENV=production npm start` without the providers’ keys refuses to start, naming them (issue 32, finding 2)', async () => {
  const npm = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', API_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => npm.on('exit', resolve));
  expect(code).not.toBe(0);
  expect(output).toContain(
    "NODE_ENV=production runs no provider's sandbox: set payments: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET; shipping: SHIPPO_API_TOKEN, SHIPPO_WEBHOOK_SECRET.",
  );
}, 60_000);

it('a server that dies is restarted, each death logged, and waits longer when it keeps dying', async () => {
  // a demo in production: the sandboxes run because SWAPSTUFF_DEMO=1 says so, and say so
  site = await startSite(
    { DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'production', SWAPSTUFF_DEMO: '1' },
    path.join(dataDir, 'site.log'),
  );
  expect(site.log()).toContain("Stripe's SANDBOX on http://127.0.0.1:");
  // the api is for the gateway alone: loopback only (finding 12); the gateway is the public door
  expect(listeningAddresses(Number(new URL(site.api).port))).toEqual(['127.0.0.1']);
  // and the providers' sandboxes never reachable from outside (issue 32, finding 2), with the keys of this install
  expect(listeningAddresses(Number(new URL(site.payments).port))).toEqual(['127.0.0.1']);
  const fixedKey = await fetch(`${site.payments}/v1/balance`, { headers: { Authorization: 'Bearer sk_test_sandbox' } });
  expect(fixedKey.status).toBe(401);
  const ownKey = await fetch(`${site.payments}/v1/balance`, {
    headers: { Authorization: `Bearer ${site.stripeKey()}` },
  });
  expect(ownKey.status).toBe(200);
  expect([['0.0.0.0'], ['00000000000000000000000000000000']]).toContainEqual(
    listeningAddresses(Number(new URL(site.gateway).port)),
  );
  const gatewayPid = site.pidOf('gateway');
  const firstApi = site.pidOf('api')!;
  process.kill(firstApi, 'SIGKILL');
  // meanwhile the gateway says so, at once, instead of hanging
  expect(await status(`${site.gateway}/api/home`)).toBe(503);
  expect(await status(`${site.gateway}/readyz`)).toBe(503);
  const secondApi = await waitFor('a new api', () => {
    const pid = site!.pidOf('api');
    return pid !== undefined && pid !== firstApi ? pid : undefined;
  });
  await waitFor('ready again', async () => ((await status(`${site!.gateway}/readyz`)) === 200 ? true : undefined));
  expect(await status(`${site.gateway}/api/home`)).toBe(200);

  // it dies again soon after its start: the next wait doubles
  process.kill(secondApi, 'SIGKILL');
  await waitFor('a third api', () => {
    const pid = site!.pidOf('api');
    return pid !== undefined && pid !== secondApi ? pid : undefined;
  });
  const deaths = site
    .log()
    .split('\n')
    .filter((line) => line.includes('"name":"supervisor"') && line.includes('restarting'))
    .map((line) => JSON.parse(line) as { role: string; signal: string; crashes: number; msg: string });
  expect(deaths.map(({ role, signal, crashes }) => ({ role, signal, crashes }))).toEqual([
    { role: 'api', signal: 'SIGKILL', crashes: 1 },
    { role: 'api', signal: 'SIGKILL', crashes: 2 },
  ]);
  expect(deaths.map((d) => /restarting in (\d+) ms/.exec(d.msg)?.[1])).toEqual(['500', '1000']);
  // the gateway never noticed more than a 503
  expect(site.pidOf('gateway')).toBe(gatewayPid);
  expect(isRunning(gatewayPid!)).toBe(true);
}, 240_000);

it('an error nobody handled is logged with its request: a rejection leaves the process running, an exception restarts it', async () => {
  const dist = path.join(repoRoot, 'bff', 'dist', 'runtime');
  const script = `
    const express = require('express');
    const pino = require('pino');
    const { withRequestContext } = require(${JSON.stringify(path.join(dist, 'request-context'))});
    const { reportUncaught } = require(${JSON.stringify(path.join(dist, 'uncaught'))});
    reportUncaught(pino(), () => process.exit(1));
    const app = express();
    let n = 0;
    app.use((req, _res, next) => { req.id = ++n; next(); });
    app.use(withRequestContext);
    app.get('/lost-promise', (_req, res) => { setTimeout(() => Promise.reject(new Error('nobody waited')), 5); res.send('ok'); });
    app.get('/late-throw', (_req, res) => { setTimeout(() => { throw new Error('thrown in a timer'); }, 5); res.send('ok'); });
    const server = app.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
  `;
  const child = spawn(process.execPath, ['-e', script], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const { port } = await waitFor('the port', () => {
      const line = lines.find((l) => l.includes('"port"'));
      return line ? (JSON.parse(line) as { port: number }) : undefined;
    });
    const logged = (msg: string) => waitFor(msg, () => lines.map((l) => JSON.parse(l)).find((l) => l.msg === msg));

    expect((await fetch(`http://127.0.0.1:${port}/lost-promise`)).status).toBe(200);
    const rejection = await logged('unhandled rejection');
    expect(rejection).toMatchObject({
      level: 50,
      err: { message: 'nobody waited' },
      request: { id: 1, method: 'GET', url: '/lost-promise' },
    });
    await sleep(200);
    expect(child.exitCode).toBeNull();

    expect((await fetch(`http://127.0.0.1:${port}/late-throw`)).status).toBe(200);
    const exception = await logged('uncaught exception: restarting');
    expect(exception).toMatchObject({
      level: 60,
      err: { message: 'thrown in a timer' },
      request: { id: 2, url: '/late-throw' },
    });
    expect(await exited).toBe(1);
  } finally {
    child.kill('SIGKILL');
  }
}, 60_000);
