/**
 * `npm run bench`: in one run, every row of issue 11's table next to its target (`issueTable`): Lighthouse
 * on home, search and item detail of a seeded catalogue (the median of BENCH_LIGHTHOUSE_RUNS runs), the JS a visitor downloads for `/` as sent over
 * the wire, each remote's remoteEntry.js, and throughput ratios (api vs bare node:http, gateway vs api);
 * then the size tables and budget as before. With BENCH_LISTINGS set, also search and item detail at those
 * catalogue sizes (search.ts). `npm run bench -- --search` runs only that last part (BENCH_LISTINGS
 * defaults to 100,000 and 1,000,000 there). Prints tables and writes bench/results/latest.json. Timings
 * never fail the build: a part that cannot run is reported as such.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { measureAsSent } from './browser';
import { checkSizeBudget, describeVerdicts, readSizeBudget } from './size-budget';
import { SEARCH_WORD, seedCatalogue } from './catalogue';
import { runLighthouseMedian, type LighthouseMedian } from './lighthouse';
import { printSearch, runSearchBench, SEARCH_P95_TARGET_MS, DETAIL_QUERIES_TARGET } from './search';
import { startServers, type Servers } from './servers';
import { remoteEntries, remoteEntryGzBytes, shellAllJs, shellEntry, type SizeRow } from './sizes';
import { apiAgainstBare, expressAgainstBare, gatewayAgainstApi, type Ratio, type Request } from './throughput';

const repoRoot = path.resolve(__dirname, '..', '..');
/** Issue 11's targets. */
const TARGETS = {
  score: 90,
  lcpMs: 2500,
  tbtMs: 200,
  cls: 0.05,
  pageJsKb: 300,
  chunkKb: 120,
  remoteEntryKb: 12,
  healthzVsBare: 0.45,
  homeVsBare: 0.25,
  gatewayVsApi: 0.8,
};
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
/** Lighthouse runs per page, of which the table shows the median (BENCH_LIGHTHOUSE_RUNS, default 3). */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** The MariaDB/MySQL server the search section fills (databases swapstuff_bench_<N>). */
const MYSQL_ROOT = (process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306').replace(/\/+$/, '');
/**
 * `npm run bench -- --search`: npm keeps an option after `--` for the root script, but the root script
 * runs `npm start -w bench`, whose npm reads `--search` as its own setting and hands it on only as
 * npm_config_search; `npm start -w bench -- --search` puts it in argv.
 */
const SEARCH_ONLY = process.argv.includes('--search') || process.env.npm_config_search === 'true';

/** The requests the throughput rows send: the health check, home, and the search page's own call. */
const HEALTHZ: Request = { method: 'GET', path: '/healthz' };
const HOME: Request = { method: 'GET', path: '/api/home' };
const SEARCH: Request = {
  method: 'POST',
  path: '/api/webgetproducts',
  body: JSON.stringify({ type: 'all', keyword: SEARCH_WORD, sort: 'relevance', perPage: 30, pageNumber: 1 }),
};

/** BENCH_LISTINGS=100000,1000000 (a comma-separated list; 1_000_000 reads as written). */
function listingSizes(): number[] {
  const raw = process.env.BENCH_LISTINGS ?? (SEARCH_ONLY ? '100000,1000000' : '');
  return raw
    .split(/[,;\s]+/)
    .filter(Boolean)
    .map((part) => Number(part.replace(/_/g, '')))
    .filter((n) => Number.isInteger(n) && n > 0);
}

function registry(): Record<string, { version: string }> {
  const file = path.resolve(repoRoot, process.env.MF_REGISTRY ?? 'config/remotes.json');
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, { version: string }>;
}

function printSizes(rows: SizeRow[]): void {
  console.log('\nJavaScript size (KB, each file gzipped at level 6)');
  console.table(
    rows.map((r) => ({ app: r.app, what: r.what, 'raw KB': r.rawKb, 'gzip KB': r.gzKb, files: r.files.length })),
  );
}

/** The pages Lighthouse opens, by the spec's routes. */
function pages(siteUrl: string, itemId: number): { page: string; url: string }[] {
  return [
    { page: 'home', url: `${siteUrl}/` },
    { page: 'search', url: `${siteUrl}/search/all/${SEARCH_WORD}` },
    { page: 'item detail', url: `${siteUrl}/item-detail/${itemId}` },
  ];
}

/** The site under load: a seeded catalogue, Lighthouse on each page, the browser's JS, then throughput. */
interface Measured {
  lighthouse: LighthouseMedian[];
  ratios: Ratio[];
}

async function measureSite(servers: Servers, notes: string[]): Promise<Measured> {
  const measured: Measured = { lighthouse: [], ratios: [] };
  const catalogue = await seedCatalogue(servers.apiUrl);
  console.log(`seeded ${catalogue.listings} listings with photos; item detail opens listing ${catalogue.itemId}`);

  for (const { page, url } of pages(servers.publicUrl, catalogue.itemId)) {
    try {
      console.log(`Lighthouse: ${page} (${url}), ${LIGHTHOUSE_RUNS} runs …`);
      const result = await runLighthouseMedian(page, url, LIGHTHOUSE_RUNS);
      measured.lighthouse.push(result);
      for (const warning of result.warnings) notes.push(`Lighthouse on ${page}: ${warning}`);
    } catch (err) {
      notes.push(`Lighthouse on ${page}: ${(err as Error).message}`);
    }
  }

  const options = { durationS: DURATION_S, connections: CONNECTIONS };
  console.log(`throughput: ${DURATION_S} s each at ${CONNECTIONS} connections, after a 2 s warm-up …`);
  const { apiUrl, gatewayUrl } = servers;
  measured.ratios.push(
    await apiAgainstBare('api /healthz vs bare node:http', apiUrl, HEALTHZ, TARGETS.healthzVsBare, options),
    await apiAgainstBare('api GET /api/home vs bare node:http', apiUrl, HOME, TARGETS.homeVsBare, options),
    await expressAgainstBare('context: a minimal Express 5 app vs bare node:http, same answer', apiUrl, HOME, options),
    await gatewayAgainstApi('gateway vs api, GET /api/home', apiUrl, gatewayUrl, HOME, TARGETS.gatewayVsApi, options),
    await gatewayAgainstApi(
      `gateway vs api, search (POST ${SEARCH.path} "${SEARCH_WORD}")`,
      apiUrl,
      gatewayUrl,
      SEARCH,
      TARGETS.gatewayVsApi,
      options,
    ),
  );
  return measured;
}

const kbOf = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const verdict = (meets: boolean) => (meets ? 'meets' : 'MISSES');

interface TableRow {
  measure: string;
  measured: string;
  target: string;
  verdict: string;
}

/** Issue 11's table, row by row, from what this run measured. */
function issueTable(measured: Measured, remoteRows: SizeRow[]): TableRow[] {
  const rows: TableRow[] = [];
  const lh = measured.lighthouse;
  const each = (pick: (r: LighthouseMedian) => string) => lh.map((r) => `${r.page} ${pick(r)}`).join(', ');
  const all = (ok: (r: LighthouseMedian) => boolean) => (lh.length === 3 ? verdict(lh.every(ok)) : 'not measured');
  rows.push(
    {
      measure: 'Lighthouse performance (mobile)',
      measured: each((r) => (r.scores.length > 1 ? `${r.score} (runs ${r.scores.join(', ')})` : String(r.score))),
      target: `≥ ${TARGETS.score} on home, search, item detail`,
      verdict: all((r) => r.score >= TARGETS.score),
    },
    {
      measure: 'LCP',
      measured: each((r) => `${(r.lcpMs / 1000).toFixed(1)} s`),
      target: `≤ ${TARGETS.lcpMs / 1000} s`,
      verdict: all((r) => r.lcpMs <= TARGETS.lcpMs),
    },
    {
      measure: 'Total blocking time',
      measured: each((r) => `${r.tbtMs} ms`),
      target: `≤ ${TARGETS.tbtMs} ms`,
      verdict: all((r) => r.tbtMs <= TARGETS.tbtMs),
    },
    {
      measure: 'CLS',
      measured: each((r) => String(r.cls)),
      target: `≤ ${TARGETS.cls}`,
      verdict: all((r) => r.cls <= TARGETS.cls),
    },
  );

  // as sent over the wire: Lighthouse's transfer sizes of every script the home page loaded
  const home = lh.find((r) => r.page === 'home');
  if (home && home.scripts.length) {
    const total = home.scripts.reduce((sum, s) => sum + s.transferBytes, 0);
    const raw = home.scripts.reduce((sum, s) => sum + s.resourceBytes, 0);
    const largest = home.scripts.reduce((a, b) => (b.transferBytes > a.transferBytes ? b : a));
    const compressed = total < raw * 0.8 ? 'compressed' : 'sent uncompressed';
    rows.push({
      measure: 'JS a visitor downloads for / (over the wire)',
      measured:
        `${kbOf(total)} KB in ${home.scripts.length} files (${kbOf(raw)} KB unpacked, ${compressed}); ` +
        `largest ${path.basename(new URL(largest.url).pathname)} ${kbOf(largest.transferBytes)} KB`,
      target: `≤ ${TARGETS.pageJsKb} KB in total, no chunk over ${TARGETS.chunkKb} KB`,
      verdict: verdict(kbOf(total) <= TARGETS.pageJsKb && kbOf(largest.transferBytes) <= TARGETS.chunkKb),
    });
  } else rows.push({ measure: 'JS a visitor downloads for /', measured: 'not measured', target: '', verdict: '' });

  const entries = remoteRows.filter((r) => r.what === 'remoteEntry.js');
  rows.push({
    measure: "each remote's remoteEntry.js (gzip)",
    measured: entries.length ? entries.map((r) => `${r.app} ${r.gzKb} KB`).join(', ') : 'not measured',
    target: `≤ ${TARGETS.remoteEntryKb} KB gz`,
    verdict: entries.length ? verdict(entries.every((r) => r.gzKb <= TARGETS.remoteEntryKb)) : '',
  });

  for (const ratio of measured.ratios) {
    rows.push({
      measure: `${ratio.measure} (req/s)`,
      measured: `${ratio.value} (${ratio.of.reqPerSec} / ${ratio.against.reqPerSec})`,
      target: ratio.target === undefined ? '(the ceiling of an Express route)' : `≥ ${ratio.target}`,
      verdict: ratio.target === undefined ? '' : verdict(ratio.value >= ratio.target),
    });
  }
  return rows;
}

/** Bundle sizes from the build, the browser's first load, Lighthouse and throughput against the servers. */
async function siteSection(notes: string[]): Promise<Record<string, unknown>> {
  const sizes: SizeRow[] = [];
  const entry = shellEntry(repoRoot);
  if (entry) sizes.push(entry);
  else notes.push('shell/dist/index.html missing: run `npm run build`');
  const all = shellAllJs(repoRoot);
  if (all) sizes.push(all);
  try {
    sizes.push(...remoteEntries(repoRoot, registry()));
  } catch (err) {
    notes.push(`remote sizes: ${(err as Error).message}`);
  }

  let measured: Measured = { lighthouse: [], ratios: [] };
  try {
    const servers = await startServers(repoRoot);
    try {
      measured = await measureSite(servers, notes);
      await checkBudget(servers.publicUrl, notes);
    } finally {
      await servers.stop();
    }
  } catch (err) {
    notes.push(`servers: ${(err as Error).message}`);
  }
  const { ratios, lighthouse } = measured;

  printSizes(sizes);

  if (lighthouse.length) {
    console.log(
      `\nLighthouse 12, mobile defaults (simulated slow 4G, 4× CPU slowdown), median of ${LIGHTHOUSE_RUNS} runs`,
    );
    console.table(lighthouse.map(({ scripts: _s, warnings: _w, url: _u, ...row }) => row));
  }
  if (ratios.length) {
    console.log(`\nThroughput: ${DURATION_S} s each, ${CONNECTIONS} connections, everything on this machine`);
    console.table(ratios.flatMap((r) => [r.against, r.of]));
  }
  const table = issueTable(measured, sizes);
  console.log('\nIssue 11: every measure next to its target');
  console.table(table);

  return {
    database: process.env.DATABASE_URL ? 'mysql' : 'sqlite',
    issueTable: table,
    lighthouse,
    sizes,
    throughput: { durationS: DURATION_S, connections: CONNECTIONS, ratios },
    targets: TARGETS,
  };
}

/**
 * Sizes against bench/size-budget.json, measured as CI measures them (e2e/tests/budgets.spec.ts): over
 * budget, or nothing measured, makes the run exit 1, so that `npm run bench` can refuse a change.
 */
async function checkBudget(siteUrl: string | undefined, notes: string[]): Promise<void> {
  const measured = siteUrl ? await measureAsSent(`${siteUrl}/`) : 'no site running';
  if (typeof measured === 'string') notes.push(`size budget not checked: ${measured}`);
  const { files: pageJs, shellInitial } = typeof measured === 'string' ? { files: [], shellInitial: 0 } : measured;
  const verdicts = checkSizeBudget(
    {
      pageJs,
      shellInitialJs: shellInitial,
      remoteEntryGz: remoteEntryGzBytes(repoRoot, registry()),
    },
    readSizeBudget(),
  );
  console.log('\nSize budget (bench/size-budget.json; the same check fails CI)');
  console.log(describeVerdicts(verdicts));
  if (verdicts.some((v) => !v.ok)) {
    notes.push('over the size budget: see above');
    process.exitCode = 1;
  }
}

/** Search and item detail at each size of BENCH_LISTINGS, against MariaDB. */
async function searchSection(sizes: number[], notes: string[]): Promise<Record<string, unknown> | undefined> {
  try {
    const results = await runSearchBench({
      repoRoot,
      sizes,
      mysqlRoot: MYSQL_ROOT,
      durationS: DURATION_S,
      connections: CONNECTIONS,
    });
    const verdicts = printSearch(results, DURATION_S, CONNECTIONS);
    return {
      server: MYSQL_ROOT.replace(/\/\/[^@/]*@/, '//'),
      durationS: DURATION_S,
      connections: CONNECTIONS,
      targets: { searchP95Ms: SEARCH_P95_TARGET_MS, detailQueries: DETAIL_QUERIES_TARGET },
      sizes: results,
      verdicts,
    };
  } catch (err) {
    notes.push(`search: ${(err as Error).message}`);
    return undefined;
  }
}

async function main(): Promise<void> {
  const notes: string[] = [];
  const general = SEARCH_ONLY ? {} : await siteSection(notes);
  const listings = listingSizes();
  const search = listings.length ? await searchSection(listings, notes) : undefined;
  if (SEARCH_ONLY && !listings.length) notes.push('--search: BENCH_LISTINGS names no size');
  for (const note of notes) console.log(`note: ${note}`);

  const results = {
    at: new Date().toISOString(),
    node: process.version,
    ...general,
    ...(search ? { search } : {}),
    notes,
  };
  const out = path.join(repoRoot, 'bench', 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(process.cwd(), path.join(out, 'latest.json'))}`);
}

main().catch((err: unknown) => {
  // a benchmark reports; it does not fail the build
  console.error('bench failed:', err);
});
