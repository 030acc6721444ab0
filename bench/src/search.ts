/**
 * The search and item-detail section of `npm run bench`: MariaDB databases filled by the bulk seed
 * (`swapstuff_bench_<N>`, seeded once and reused while they still hold exactly N seeded listings), the
 * site's requests sent through the gateway by autocannon, and a bare node:http server measured the same
 * way in the same run as the yardstick. SQL statements per request are counted on the Knex instance of
 * an api started in this process (the measured api runs in a process of its own, so counting there is
 * not possible without changing it).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pino from 'pino';
import { createDb, ensureDatabase, queryTerms, type Knex } from '@swapstuff/db';
import { countBulkListings } from '@swapstuff/db/bulk-seed';
import { createApiApp, createApiJobs } from '@swapstuff/bff/dist/api';
import { createMailer } from '@swapstuff/bff/dist/adapters/mail';
import { createPlaces } from '@swapstuff/bff/dist/adapters/places';
import { createIdentity } from '@swapstuff/bff/dist/adapters/identity';
import { createRealtime } from '@swapstuff/bff/dist/api/realtime';
import { createPayments } from '@swapstuff/bff/dist/adapters/payments';
import { createShipping } from '@swapstuff/bff/dist/adapters/shipping';
import { diskStorage } from '@swapstuff/bff/dist/adapters/storage';
import { startBareServer, startServers } from './servers';

export const SEARCH_P95_TARGET_MS = 50;
export const DETAIL_QUERIES_TARGET = 3;
/** The size the search target is set for. */
export const TARGET_LISTINGS = 1_000_000;

export const KINDS = ['keyword', 'category', 'keyword + category', 'item detail'] as const;
export type Kind = (typeof KINDS)[number];

interface Sample {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export interface Load {
  reqPerSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface KindResult extends Load {
  kind: Kind;
  /** the same requests one at a time: a request's own latency, without queueing behind the others */
  serial: Load;
  /** req/s as a share of bare node:http's, and p95 as a multiple of bare node:http's */
  reqRatio: number;
  p95Ratio: number;
  /** SQL statements the api ran for one request (the most over the sampled requests) */
  queries: number;
  /** the statements of the first sampled request, for EXPLAIN */
  sql: string[];
  /** average number of listings found (total) over the sampled requests */
  avgFound: number;
}

export interface SizeResult {
  listings: number;
  database: string;
  /** how the database came to hold the listings: seeded in this run (with the seed's figures) or reused */
  seed: { reused: true } | { reused: false; seconds: number; summary: string };
  bare: Load;
  bareSerial: Load;
  kinds: KindResult[];
}

export interface SearchBenchOptions {
  repoRoot: string;
  sizes: number[];
  /** mysql://user@host:port, without a database */
  mysqlRoot: string;
  durationS: number;
  connections: number;
}

const pickFrom = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

/** A searchable word of a title (as the search index cuts it), as a shopper would type it. */
function keywordOf(title: string): string | undefined {
  const words = queryTerms(title);
  return words.length ? pickFrom(words) : undefined;
}

/** What the requests are made of: real ids, words of real titles, real categories. */
interface Inputs {
  ids: number[];
  keywords: string[];
  categories: number[];
  /** a word of a listing's title with that listing's top-level category: a search that finds something */
  pairs: { keyword: string; categoryId: number }[];
}

async function sampleInputs(db: Knex): Promise<Inputs> {
  const range = (await db('products').min({ low: 'id' }).max({ high: 'id' }).first()) as { low: number; high: number };
  const candidates = Array.from(
    { length: 4000 },
    () => range.low + Math.floor(Math.random() * (range.high - range.low + 1)),
  );
  const rows: { id: number; title: string; category_id: number; parent_id: number | null }[] = await db('products as p')
    .join('categories as c', 'c.id', 'p.category_id')
    .whereIn('p.id', candidates)
    .where('p.status', 1)
    .select('p.id', 'p.title', 'p.category_id', 'c.parent_id');
  const pairs = rows.flatMap((r) => {
    const keyword = keywordOf(r.title);
    return keyword ? [{ keyword, categoryId: r.parent_id ?? r.category_id }] : [];
  });
  return {
    ids: rows.map((r) => r.id),
    keywords: [...new Set(pairs.map((p) => p.keyword))],
    categories: await db('categories').pluck('id'),
    pairs,
  };
}

/** The site's requests: the search page's POST (first page of 30) and the item page's GET. */
function sampler(kind: Kind, inputs: Inputs): () => Sample {
  const search = (body: Record<string, unknown>): Sample => ({
    method: 'POST',
    path: '/api/webgetproducts',
    body: JSON.stringify({ type: 'all', perPage: 30, pageNumber: 1, ...body }),
  });
  switch (kind) {
    case 'keyword':
      return () => search({ keyword: pickFrom(inputs.keywords), sort: 'relevance' });
    case 'category':
      return () => search({ categoryId: pickFrom(inputs.categories), sort: 'newest' });
    case 'keyword + category':
      return () => search({ ...pickFrom(inputs.pairs), sort: 'relevance' });
    case 'item detail':
      return () => ({ method: 'GET', path: `/api/public/product/${pickFrom(inputs.ids)}` });
  }
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] * 10) / 10;
}

function run(options: autocannon.Options, onLatency?: (ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (err: Error | null, result: autocannon.Result) =>
      err ? reject(err) : resolve(result),
    );
    if (onLatency) instance.on('response', (_client, _status, _bytes, ms) => onLatency(ms));
  });
}

/**
 * A short unmeasured warm-up, then `durationS` seconds. Latencies are kept per response so that p95 can
 * be given (autocannon's summary has p90 and p97.5, not p95).
 */
async function measure(
  url: string,
  next: (() => Sample) | undefined,
  durationS: number,
  connections: number,
): Promise<Load> {
  const requests: autocannon.Request[] | undefined = next && [
    {
      setupRequest: (request) => {
        const s = next();
        return {
          ...request,
          method: s.method,
          path: s.path,
          body: s.body,
          headers: s.body ? { 'content-type': 'application/json' } : {},
        };
      },
    },
  ];
  // a request slower than autocannon's default 10 s would count as an error, not as a latency
  const timeout = 120;
  await run({ url, connections, duration: 2, requests, timeout });
  const latencies: number[] = [];
  const result = await run({ url, connections, duration: durationS, requests, timeout }, (ms) => latencies.push(ms));
  latencies.sort((a, b) => a - b);
  return {
    reqPerSec: Math.round(result.requests.average),
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    p99Ms: percentile(latencies, 0.99),
    requests: latencies.length,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * The SQL one request costs: an api in this process on the same database, a listener on its Knex, one
 * request at a time (nothing else uses that Knex, so every statement counted belongs to the request).
 */
async function countQueries(
  url: string,
  samples: Record<Kind, Sample[]>,
): Promise<Record<Kind, { queries: number; sql: string[]; avgFound: number }>> {
  const db = createDb({ url, poolMax: 2 });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'swapstuff-bench-count-'));
  let statements: string[] = [];
  db.on('query', (query: { sql: string }) => statements.push(query.sql));
  const logger = pino({ level: 'silent' });
  const app = createApiApp({
    db,
    staffKey: 'no staff sign in here',
    // the events of the request are written to the outbox, as in production; no runner works them off here
    events: createApiJobs(db, logger).events,
    dataDir,
    mailer: createMailer({ dataDir }),
    storage: diskStorage(dataDir),
    publicUrl: 'http://localhost:3000',
    logger,
    places: createPlaces({}),
    identity: createIdentity({}),
    realtime: createRealtime({ authenticate: async () => undefined, logger }),
    // search never pays: an address where no provider listens
    payments: createPayments({
      sandbox: {
        url: 'http://127.0.0.1:9',
        publicUrl: 'http://127.0.0.1:9',
        secretKey: 'sk_test_x',
        publishableKey: 'pk_test_x',
      },
      webhookSecret: 'whsec_unused',
    }),
    // nor ships
    shipping: createShipping({
      sandbox: {
        url: 'http://127.0.0.1:9',
        publicUrl: 'http://127.0.0.1:9',
        token: 'x',
        webhookSecret: 'whsec_unused',
      },
    }),
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const counted = {} as Record<Kind, { queries: number; sql: string[]; avgFound: number }>;
  try {
    for (const kind of KINDS) {
      const perRequest: string[][] = [];
      let found = 0;
      for (const s of samples[kind]) {
        statements = [];
        const res = await fetch(`${base}${s.path}`, {
          method: s.method,
          headers: s.body ? { 'content-type': 'application/json' } : {},
          body: s.body,
        });
        const answer = (await res.json()) as { Content: { total?: number; product?: unknown } };
        if (res.status !== 200)
          throw new Error(`${kind}: ${s.method} ${s.path} ${s.body ?? ''} answered ${res.status}`);
        found += answer.Content.total ?? (answer.Content.product ? 1 : 0);
        perRequest.push(statements);
      }
      counted[kind] = {
        queries: Math.max(...perRequest.map((sql) => sql.length)),
        sql: perRequest[0],
        avgFound: Math.round(found / samples[kind].length),
      };
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return counted;
}

/**
 * The database for `listings`: reused when it holds exactly that many seeded listings and nothing else,
 * otherwise dropped (far faster than deleting a million rows) and seeded by `npm run seed:bulk`'s CLI.
 */
async function ensureSeeded(
  repoRoot: string,
  mysqlRoot: string,
  database: string,
  listings: number,
): Promise<SizeResult['seed']> {
  const url = `${mysqlRoot}/${database}`;
  await ensureDatabase(url);
  const db = createDb({ url, poolMax: 1 });
  try {
    if (await db.schema.hasTable('products')) {
      const all = Number(((await db('products').count({ n: '*' }).first()) as { n: number | string }).n);
      if (all === listings && (await countBulkListings(db)) === listings) return { reused: true };
    }
  } finally {
    await db.destroy();
  }
  const admin = createDb({ url: mysqlRoot, poolMax: 1 });
  try {
    await admin.raw('DROP DATABASE IF EXISTS ??', [database]);
  } finally {
    await admin.destroy();
  }
  const cli = path.join(repoRoot, 'db', 'dist', 'cli.js');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'swapstuff-bench-seed-'));
  const started = Date.now();
  let lastLine = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [cli, 'seed:bulk', '--listings', String(listings)], {
        env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      child.stdout.on('data', (chunk: Buffer) => {
        process.stdout.write(chunk);
        lastLine = chunk.toString().trim().split('\n').at(-1) ?? lastLine;
      });
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed:bulk exited with ${code}`))));
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { reused: false, seconds: Math.round((Date.now() - started) / 100) / 10, summary: lastLine };
}

const ratio = (a: number, b: number) => Math.round((a / Math.max(b, 0.001)) * 100) / 100;

export async function runSearchBench(options: SearchBenchOptions): Promise<SizeResult[]> {
  const results: SizeResult[] = [];
  for (const listings of options.sizes) {
    const database = `swapstuff_bench_${listings}`;
    const url = `${options.mysqlRoot}/${database}`;
    console.log(`\n[search] ${listings.toLocaleString('en-US')} listings in ${database}`);
    const seed = await ensureSeeded(options.repoRoot, options.mysqlRoot, database, listings);
    if (seed.reused) console.log('[search] reusing the seeded database');

    const db = createDb({ url, poolMax: 1 });
    let inputs: Inputs;
    try {
      inputs = await sampleInputs(db);
    } finally {
      await db.destroy();
    }
    const samplers = Object.fromEntries(KINDS.map((k) => [k, sampler(k, inputs)])) as Record<Kind, () => Sample>;
    const counted = await countQueries(
      url,
      Object.fromEntries(KINDS.map((k) => [k, Array.from({ length: 5 }, samplers[k])])) as Record<Kind, Sample[]>,
    );

    const bareServer = await startBareServer();
    let bare: Load;
    let bareSerial: Load;
    try {
      bare = await measure(bareServer.url, undefined, options.durationS, options.connections);
      bareSerial = await measure(bareServer.url, undefined, options.durationS, 1);
    } finally {
      await bareServer.stop();
    }
    const kinds: KindResult[] = [];
    const servers = await startServers(options.repoRoot, { databaseUrl: url });
    try {
      for (const kind of KINDS) {
        console.log(`[search] ${kind} …`);
        const load = await measure(servers.gatewayUrl, samplers[kind], options.durationS, options.connections);
        const serial = await measure(servers.gatewayUrl, samplers[kind], options.durationS, 1);
        kinds.push({
          kind,
          ...load,
          serial,
          reqRatio: ratio(load.reqPerSec, bare.reqPerSec),
          p95Ratio: ratio(load.p95Ms, bare.p95Ms),
          ...counted[kind],
        });
      }
    } finally {
      await servers.stop();
    }
    results.push({ listings, database, seed, bare, bareSerial, kinds });
  }
  return results;
}

interface Extra {
  reqRatio: number | string;
  p95Ratio: number | string;
  queries: number | string;
  found: number | string;
}

const row = (listings: number, request: string, load: Load, serial: Load, extra: Extra) => ({
  listings: listings.toLocaleString('en-US'),
  request,
  'req/s': load.reqPerSec,
  '× bare': extra.reqRatio,
  'p50 ms': load.p50Ms,
  'p95 ms': load.p95Ms,
  'p99 ms': load.p99Ms,
  'p95 × bare': extra.p95Ratio,
  '1-conn p50': serial.p50Ms,
  '1-conn p95': serial.p95Ms,
  SQL: extra.queries,
  found: extra.found,
  'non-2xx': load.non2xx + load.errors + serial.non2xx + serial.errors,
});

/** The table, then one line per target. */
export function printSearch(results: SizeResult[], durationS: number, connections: number): string[] {
  console.log(
    `\nSearch and item detail through the gateway (MariaDB; ${durationS} s at ${connections} connections, then ` +
      `${durationS} s at 1; × bare: req/s as a share of bare node:http's, p95 as a multiple of its p95)`,
  );
  console.table(
    results.flatMap((size) => [
      row(size.listings, 'bare node:http', size.bare, size.bareSerial, {
        reqRatio: 1,
        p95Ratio: 1,
        queries: '',
        found: '',
      }),
      ...size.kinds.map((k) =>
        row(size.listings, k.kind, k, k.serial, {
          reqRatio: k.reqRatio,
          p95Ratio: k.p95Ratio,
          queries: k.queries,
          found: k.avgFound,
        }),
      ),
    ]),
  );
  for (const size of results) {
    if (!size.seed.reused) console.log(`seeded ${size.database} in ${size.seed.seconds} s: ${size.seed.summary}`);
  }

  const verdicts: string[] = [];
  const atTarget = results.find((r) => r.listings === TARGET_LISTINGS) ?? results.at(-1);
  if (atTarget) {
    const where =
      atTarget.listings === TARGET_LISTINGS ? '' : ` (measured at ${atTarget.listings}, not at ${TARGET_LISTINGS})`;
    const judge = (ms: number) => (ms <= SEARCH_P95_TARGET_MS ? 'meets' : 'MISSES');
    for (const k of atTarget.kinds.filter((x) => x.kind !== 'item detail')) {
      verdicts.push(
        `search by ${k.kind}: p95 ${k.p95Ms} ms at ${connections} connections ${judge(k.p95Ms)}, ` +
          `${k.serial.p95Ms} ms at 1 connection ${judge(k.serial.p95Ms)} the target of ≤ ${SEARCH_P95_TARGET_MS} ms${where}`,
      );
    }
  }
  for (const size of results) {
    const detail = size.kinds.find((k) => k.kind === 'item detail');
    if (!detail) continue;
    const verdict = detail.queries <= DETAIL_QUERIES_TARGET ? 'meets' : 'MISSES';
    verdicts.push(
      `item detail at ${size.listings}: ${detail.queries} SQL statements ${verdict} the target of ≤ ${DETAIL_QUERIES_TARGET}`,
    );
  }
  for (const line of verdicts) console.log(line);
  return verdicts;
}
