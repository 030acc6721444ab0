/**
 * `npm run bench`: in one run, the JS the browser must download (KB gzip) and the gateway's throughput
 * as a share of the api's; with BENCH_LISTINGS set, also search and item detail at those catalogue sizes
 * (search.ts). `npm run bench -- --search` runs only that last part (BENCH_LISTINGS defaults to 100,000
 * and 1,000,000 there). Prints tables and writes bench/results/latest.json. It never fails the build: a
 * part that cannot run is reported as such.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { measureInBrowser, PAGE_TOTAL, SHELL_INITIAL } from './browser';
import { printSearch, runSearchBench, SEARCH_P95_TARGET_MS, DETAIL_QUERIES_TARGET } from './search';
import { startServers } from './servers';
import { remoteEntries, shellAllJs, shellEntry, type SizeRow } from './sizes';

const repoRoot = path.resolve(__dirname, '..', '..');
const SHELL_TARGET_KB = 150;
const RATIO_TARGET = 0.7;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Small, public, and answered from the database: the proxy's cost shows, not the feature's. */
const ENDPOINT = process.env.BENCH_ENDPOINT ?? '/api/home';
/** The MariaDB/MySQL server the search section fills (databases swapstuff_bench_<N>). */
const MYSQL_ROOT = (process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306').replace(/\/+$/, '');
/**
 * `npm run bench -- --search`: npm keeps an option after `--` for the root script, but the root script
 * runs `npm start -w bench`, whose npm reads `--search` as its own setting and hands it on only as
 * npm_config_search; `npm start -w bench -- --search` puts it in argv.
 */
const SEARCH_ONLY = process.argv.includes('--search') || process.env.npm_config_search === 'true';

/** BENCH_LISTINGS=100000,1000000 (a comma-separated list; 1_000_000 reads as written). */
function listingSizes(): number[] {
  const raw = process.env.BENCH_LISTINGS ?? (SEARCH_ONLY ? '100000,1000000' : '');
  return raw
    .split(/[,;\s]+/)
    .filter(Boolean)
    .map((part) => Number(part.replace(/_/g, '')))
    .filter((n) => Number.isInteger(n) && n > 0);
}

interface Throughput {
  target: string;
  url: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function load(target: string, url: string): Promise<Throughput> {
  // a short warm-up (JIT, connection pools, page cache) that is not counted
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return {
    target,
    url,
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
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
  const atStart = rows.filter((r) => r.what.startsWith('loaded by the browser'));
  for (const row of atStart) {
    const top = row.files
      .slice(0, 5)
      .map((f) => `${f.name} ${f.gzKb}`)
      .join(', ');
    console.log(`largest of ${row.app} at start (KB gz): ${top}`);
  }
}

/** The original sections: bundle sizes, the browser's first load, gateway vs direct throughput. */
async function sizesAndThroughput(notes: string[]): Promise<Record<string, unknown>> {
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

  let browserRows: SizeRow[] = [];
  const throughput: Throughput[] = [];
  try {
    const servers = await startServers(repoRoot);
    try {
      const measured = await measureInBrowser(`${servers.gatewayUrl}/`);
      if (typeof measured === 'string') notes.push(`browser sizes skipped: ${measured}`);
      else browserRows = measured;
      throughput.push(await load('api (direct)', `${servers.apiUrl}${ENDPOINT}`));
      throughput.push(await load('gateway (proxied)', `${servers.gatewayUrl}${ENDPOINT}`));
    } finally {
      await servers.stop();
    }
  } catch (err) {
    notes.push(`servers: ${(err as Error).message}`);
  }

  printSizes([...sizes, ...browserRows]);
  const shellInitial = browserRows.find((r) => r.what === SHELL_INITIAL);
  const pageTotal = browserRows.find((r) => r.what === PAGE_TOTAL);
  if (shellInitial) {
    const verdict = shellInitial.gzKb <= SHELL_TARGET_KB ? 'meets' : 'MISSES';
    console.log(`\nShell initial JS: ${shellInitial.gzKb} KB gz ${verdict} the target of ≤ ${SHELL_TARGET_KB} KB gz`);
    if (verdict === 'MISSES') process.exitCode = 1;
  } else notes.push('shell initial JS not measured (no browser run)');
  for (const row of sizes.filter((r) => r.what === 'remoteEntry.js'))
    console.log(`${row.app} remoteEntry.js: ${row.gzKb} KB gz`);
  if (pageTotal) console.log(`All JS a visitor loads for /: ${pageTotal.gzKb} KB gz`);

  checkBudget([...sizes, ...browserRows], notes);

  let ratio: number | undefined;
  if (throughput.length === 2) {
    console.log(`\nThroughput of GET ${ENDPOINT}: ${DURATION_S} s each, ${CONNECTIONS} connections`);
    console.table(throughput.map(({ url: _url, ...row }) => row));
    ratio = Math.round((throughput[1].reqPerSec / Math.max(throughput[0].reqPerSec, 1)) * 100) / 100;
    const verdict = ratio >= RATIO_TARGET ? 'meets' : 'MISSES';
    console.log(`Gateway / direct: ${ratio} ${verdict} the target of ≥ ${RATIO_TARGET}`);
  }

  return {
    database: process.env.DATABASE_URL ? 'mysql' : 'sqlite',
    sizes: [...sizes, ...browserRows],
    shellInitialGzKb: shellInitial?.gzKb,
    pageTotalGzKb: pageTotal?.gzKb,
    shellTargetGzKb: SHELL_TARGET_KB,
    throughput: {
      endpoint: ENDPOINT,
      durationS: DURATION_S,
      connections: CONNECTIONS,
      runs: throughput,
      ratio,
      target: RATIO_TARGET,
    },
  };
}

/**
 * Sizes against bench/size-budget.json: each measured row it names stays within its tolerance. Over
 * budget, or a budgeted row not measured, makes the run exit 1, so that `npm run bench` can refuse a change.
 */
function checkBudget(rows: SizeRow[], notes: string[]): void {
  const budget = JSON.parse(readFileSync(path.join(repoRoot, 'bench', 'size-budget.json'), 'utf8')) as {
    tolerance: number;
    gzKb: Record<string, number>;
  };
  const measured = new Map(rows.map((row) => [`${row.app} · ${row.what}`, row.gzKb]));
  const verdicts = Object.entries(budget.gzKb).map(([name, was]) => {
    const now = measured.get(name);
    const limit = Math.round(was * (1 + budget.tolerance) * 10) / 10;
    const change =
      now === undefined ? undefined : `${now >= was ? '+' : ''}${Math.round(((now - was) / was) * 1000) / 10} %`;
    return { name, budgetKb: was, nowKb: now, change, limit, ok: now !== undefined && now <= limit };
  });
  console.log(`\nSize budget (bench/size-budget.json: within ${budget.tolerance * 100} % of each)`);
  console.table(verdicts.map(({ ok, ...row }) => ({ ...row, verdict: ok ? 'within' : 'OVER' })));
  const over = verdicts.filter((v) => !v.ok);
  if (over.length) {
    notes.push(`over the size budget: ${over.map((v) => v.name).join('; ')}`);
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
  const general = SEARCH_ONLY ? {} : await sizesAndThroughput(notes);
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
