import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { probe, startLoad, type Outcome } from '../../test/load';
import { commandOf, isRunning, startSite, type Site } from '../../test/processes';
import { rawRequest, type RawAnswer } from '../../test/raw-http';

/**
 * The built site as the README's quick start runs it: `npm start` on the embedded database. It serves the
 * composed site; and (finding 5: SIGTERM to `npm start` never reached the app, and a drained process never
 * exited) it stops the way a container runtime stops it, under load.
 */
let dataDir: string;
let site: Site | undefined;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'swapstuff-shutdown-'));
  // info: each server's "shutting down" line tells when the signal reached it
  site = await startSite({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }, path.join(dataDir, 'site.log'));
}, 240_000);
afterAll(() => {
  site?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What no accepted request may end with: the server dropping it. */
const dropped = (outcomes: Outcome[]) => outcomes.filter((o) => o.error !== undefined && o.error !== 'ECONNREFUSED');

it("serves a visitor's home drawn with the seeded categories and their pictures, the api through the gateway, and every registered remote's manifest", async () => {
  const { gateway } = site!;
  const home = await fetch(`${gateway}/`, { headers: { Accept: 'text/html' } });
  expect(home.status).toBe(200);
  const html = await home.text();
  // the first view: the frame (header with its Login button, footer) and the catalog's home, in the HTML
  expect(html).toMatch(/<header[\s>]/);
  expect(html).toMatch(/>Login</);
  expect(html).toMatch(/<footer[^]*Swapstuff[^]*<\/footer>/);
  // each top-level category a link with its picture, as the seed wrote them
  const categoryLinks = [...html.matchAll(/<a [^>]*href="\/search\/\d+"[^>]*>(.*?)<\/a>/g)].map(([, inner]) => ({
    text: inner.replace(/<[^>]+>/g, ''),
    picture: /<img src="(\/media\/categories\/[^"]+)"/.exec(inner)?.[1],
  }));
  expect(categoryLinks.length).toBeGreaterThan(5);
  const electronics = categoryLinks.find((link) => link.text === 'Electronics');
  expect(electronics?.picture).toBe('/media/categories/electronics.svg');
  const picture = await fetch(`${gateway}${electronics!.picture}`);
  expect(picture.status).toBe(200);
  expect(picture.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(100);

  expect((await fetch(`${gateway}/readyz`)).status).toBe(200);
  const api = (await (await fetch(`${gateway}/api/home`)).json()) as { Success: boolean; Content: { categories: [] } };
  expect(api.Success).toBe(true);
  expect(api.Content.categories.length).toBeGreaterThan(5);

  const registry = (await (await fetch(`${gateway}/mf/remotes.json`)).json()) as Record<
    string,
    { manifest: string; pages: object }
  >;
  expect(Object.keys(registry).sort()).toEqual(['mfe_account', 'mfe_catalog', 'mfe_orders', 'mfe_swaps']);
  for (const [name, entry] of Object.entries(registry)) {
    const res = await fetch(new URL(entry.manifest, gateway));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-cache');
    const manifest = (await res.json()) as {
      name: string;
      exposes: { path: string }[];
      metaData: { swapstuff: { pages: object } };
    };
    expect(manifest.name).toBe(name);
    expect(manifest.exposes.map((e) => e.path)).toContain('./App');
    expect(Object.keys(entry.pages).length).toBeGreaterThan(0);
    expect(entry.pages).toEqual(manifest.metaData.swapstuff.pages);
  }
});

it('SIGTERM to `npm start` under load: the whole tree is gone within 10 s, no accepted request is reset, /readyz says 503 from the signal on', async () => {
  if (!site) throw new Error('the site did not start');
  // a server that lost its port to another process between the test picking it and the server binding it is
  // restarted by the supervisor within a second (seen once in CI, with other system tests' load running)
  const deadline = Date.now() + 10_000;
  while (site.tree().length < 6 && Date.now() < deadline) await sleep(100);
  const tree = site.tree();
  // npm, the supervisor it execs into, the api, the gateway, the Stripe sandbox and the Shippo sandbox
  expect(tree.map(commandOf)).toEqual([
    expect.stringMatching(/npm/),
    expect.stringMatching(/scripts\/start\.js/),
    expect.stringMatching(/bff\/dist\/main\.js/),
    expect.stringMatching(/bff\/dist\/main\.js/),
    expect.stringMatching(/bff\/dist\/main\.js/),
    expect.stringMatching(/bff\/dist\/main\.js/),
  ]);

  const pages = ['/api/home', '/api/reasons/1', '/api/deleteuserreasons', '/api/reasons/2'];
  const throughGateway = startLoad({
    base: site.gateway,
    path: (n) => pages[n % pages.length],
    workers: 6,
    leaveOnClose: true,
  });
  const toApi = startLoad({ base: site.api, path: (n) => pages[n % pages.length], workers: 2, leaveOnClose: true });
  await sleep(1500);
  expect(throughGateway.outcomes.filter((o) => o.status === 200).length).toBeGreaterThan(20);

  // a request that is being sent when the signal comes, and finishes during the shutdown
  const body = '{"email": "slow@example.com", "password": "wrong-password-1"}';
  const slow: Promise<RawAnswer> = rawRequest(
    site.gateway,
    'POST',
    '/api/signin',
    { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    [body.slice(0, 20), 1200, body.slice(20)],
  );
  await sleep(200);

  const probes: Array<{ at: number; gateway: number | string; api: number | string }> = [];
  let probing = true;
  const prober = (async () => {
    while (probing) {
      const at = Date.now();
      const [gateway, api] = await Promise.all([
        probe(`${site!.gateway}/readyz`, 2000),
        probe(`${site!.api}/readyz`, 2000),
      ]);
      probes.push({ at, gateway: gateway.status, api: api.status });
      await sleep(50);
    }
  })();

  const signalledAt = Date.now();
  process.kill(site.npm.pid!, 'SIGTERM');
  while (tree.some(isRunning) && Date.now() - signalledAt < 15_000) await sleep(50);
  const goneAfter = Date.now() - signalledAt;
  const left = tree.filter(isRunning).map(commandOf);
  probing = false;
  await prober;
  await Promise.all([throughGateway.stop(), toApi.stop()]);

  expect(left).toEqual([]);
  expect(goneAfter).toBeLessThan(10_000);

  // the request in flight at the signal got its whole answer
  const slowAnswer = await slow;
  expect(slowAnswer.status).toBe(401);

  const outcomes = [...throughGateway.outcomes, ...toApi.outcomes];
  expect(dropped(outcomes)).toEqual([]);
  expect(outcomes.filter((o) => o.status !== undefined && o.status !== 200)).toEqual([]);
  // every worker was told to leave (Connection: close) by an answer, before the servers stopped accepting
  expect(outcomes.filter((o) => o.at + o.ms >= signalledAt && o.closed && o.status === 200)).toHaveLength(8);

  // npm passes the signal to the supervisor, which passes it to the servers: a few milliseconds, more on a
  // busy machine (over 50 ms once in CI). From the moment a server takes it (its "shutting down" line, written
  // as it stops being ready) a probe hears 503 until the port closes, and then finds it closed: refused, or
  // reset when its connection was still in the kernel's queue as the port closed (never accepted).
  const lines = site.log().split('\n');
  const tookSignalAt = (server: string) => {
    const line = lines.find((l) => l.includes(`"name":"${server}"`) && l.includes(': shutting down'));
    if (!line) throw new Error(`the ${server} never said it was shutting down`);
    return (JSON.parse(line) as { time: number }).time;
  };
  const [gatewayFrom, apiFrom] = [tookSignalAt('gateway'), tookSignalAt('api')];
  expect(gatewayFrom).toBeGreaterThanOrEqual(signalledAt);
  const afterGateway = probes.filter((p) => p.at >= gatewayFrom);
  const afterApi = probes.filter((p) => p.at >= apiFrom);
  expect(afterGateway.length).toBeGreaterThan(3);
  for (const p of afterGateway) expect([503, 'ECONNREFUSED', 'ECONNRESET']).toContain(p.gateway);
  for (const p of afterApi) expect([503, 'ECONNREFUSED', 'ECONNRESET']).toContain(p.api);
  expect(afterGateway.filter((p) => p.gateway === 503).length).toBeGreaterThan(3);
  expect(
    site
      .log()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line)),
  ).toEqual([]);
}, 240_000);

it('Ctrl-C in a terminal (SIGINT to the whole process group, passed on by npm as well) still stops gracefully', async () => {
  const groupDir = mkdtempSync(path.join(os.tmpdir(), 'swapstuff-sigint-'));
  const group = await startSite({ DATA_DIR: groupDir, LOG_LEVEL: 'info' }, path.join(groupDir, 'site.log'));
  try {
    const tree = group.tree();
    const signalledAt = Date.now();
    process.kill(-group.npm.pid!, 'SIGINT');
    while (tree.some(isRunning) && Date.now() - signalledAt < 15_000) await sleep(50);
    expect(tree.filter(isRunning).map(commandOf)).toEqual([]);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    const supervisor = group
      .log()
      .split('\n')
      .filter((line) => line.includes('"name":"supervisor"'))
      .map((line) => JSON.parse(line) as { msg: string; code?: number });
    // each server drained and exited by itself; nothing was killed
    expect(supervisor.filter((l) => / stopped$/.test(l.msg)).map((l) => [l.msg, l.code])).toEqual(
      expect.arrayContaining([
        ['api stopped', 0],
        ['gateway stopped', 0],
        ['stripe-sandbox stopped', 0],
        ['shippo-sandbox stopped', 0],
      ]),
    );
    expect(supervisor.filter((l) => /kill/i.test(l.msg))).toEqual([]);
  } finally {
    group.kill();
    rmSync(groupDir, { recursive: true, force: true });
  }
}, 240_000);
