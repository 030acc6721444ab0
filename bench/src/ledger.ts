/**
 * `npm run ledger -w bench` (after `npm run build`): the escrow ledger (issue 12) on MariaDB, alone.
 *
 * 1. Postings per second for hold + release pairs at BENCH_LEDGER_CLIENTS (10) concurrent clients: each
 *    pair is the ledger's half of a hold (clearing → a payer's escrow, 2 postings) and a release of it
 *    (escrow → a seller's available, less a fee, 3 postings), each its own database transaction with the
 *    locks, checks and snapshot updates the service makes. The provider's capture is left out: this
 *    measures the ledger, not the provider. BENCH_LEDGER_PAIRS pairs (10,000) over BENCH_LEDGER_USERS
 *    users (10,000), so that every user ends with postings.
 * 2. The time to derive those users' balances (available, escrow, payable: 3 accounts each): replayed
 *    from every posting, read from the snapshot, and the check that holds the one to the other. Each the
 *    median of 5.
 *
 * A database of its own (swapstuff_bench_ledger on BENCH_MYSQL_URL), created fresh and dropped at the end.
 */
import { createDb, migrateLatest, type Knex } from '@swapstuff/db';
import { checkBalances, recordHold, release, userBalances } from '@swapstuff/bff/dist/api/ledger';

const MYSQL_ROOT = (process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306').replace(/\/+$/, '');
const CLIENTS = Number(process.env.BENCH_LEDGER_CLIENTS ?? 10);
const PAIRS = Number(process.env.BENCH_LEDGER_PAIRS ?? 10_000);
const USERS = Number(process.env.BENCH_LEDGER_USERS ?? 10_000);
const DATABASE = 'swapstuff_bench_ledger';
/** postings written by one hold (2) and its release (3, with a fee) */
const POSTINGS_PER_PAIR = 5;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

async function timed<T>(work: () => Promise<T>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** The median of `runs` timings of `work`, in ms. */
async function median(runs: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let n = 0; n < runs; n += 1) times.push(await timed(work));
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

async function pairs(db: Knex): Promise<{ seconds: number; latencies: number[] }> {
  let taken = 0;
  const latencies: number[] = [];
  const client = async () => {
    for (let n = taken++; n < PAIRS; n = taken++) {
      const pi = `pi_bench_${n}`;
      // every user pays once and sells once when PAIRS ≥ USERS
      const payerId = 1 + (n % USERS);
      const sellerId = 1 + ((n + Math.floor(USERS / 2)) % USERS);
      latencies.push(
        await timed(async () => {
          await recordHold(db, { paymentIntentId: pi, payerId, amountCents: 2_500 + (n % 100) }, `hold:${pi}`);
          await release(db, { paymentIntentId: pi, sellerId, feeCents: 125 }, `release:${pi}`);
        }),
      );
    }
  };
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, latencies: latencies.sort((a, b) => a - b) };
}

async function main(): Promise<void> {
  const admin = createDb({ url: MYSQL_ROOT, poolMax: 1 });
  await admin.raw(`DROP DATABASE IF EXISTS \`${DATABASE}\``);
  await admin.raw(`CREATE DATABASE \`${DATABASE}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const db = createDb({ url: `${MYSQL_ROOT}/${DATABASE}`, poolMax: CLIENTS });
  try {
    await migrateLatest(db);
    const [{ version }] = (await db.raw('select version() as version'))[0];
    console.log(`ledger bench on ${version}: ${PAIRS} hold + release pairs at ${CLIENTS} clients, ${USERS} users`);

    const run = await pairs(db);
    const postings = PAIRS * POSTINGS_PER_PAIR;
    console.table([
      {
        measure: 'hold + release pairs',
        'pairs/s': Math.round(PAIRS / run.seconds),
        'postings/s': Math.round(postings / run.seconds),
        'transactions/s': Math.round((PAIRS * 2) / run.seconds),
        'pair p50 ms': Math.round(percentile(run.latencies, 50) * 10) / 10,
        'pair p99 ms': Math.round(percentile(run.latencies, 99) * 10) / 10,
        seconds: Math.round(run.seconds * 10) / 10,
      },
    ]);

    const users = Array.from({ length: USERS }, (_, n) => n + 1);
    const [{ n: stored }] = await db('ledger_postings').count({ n: '*' });
    const replayed = await userBalances(db, users, 'postings');
    const withPostings = [...replayed.values()].filter((b) => b.available !== 0 || b.escrow !== 0).length;
    console.log(`${stored} postings stored; ${withPostings} of ${USERS} users hold money`);
    console.table([
      {
        measure: `${USERS} users' balances, replayed from the postings`,
        'median ms': Math.round(await median(5, () => userBalances(db, users, 'postings'))),
      },
      {
        measure: `${USERS} users' balances, from the snapshot`,
        'median ms': Math.round(await median(5, () => userBalances(db, users, 'snapshot'))),
      },
      {
        measure: 'every snapshot checked against its replay',
        'median ms': Math.round(await median(5, () => checkBalances(db))),
      },
    ]);
    const mismatches = await checkBalances(db);
    if (mismatches.length) console.log('snapshot and replay DIFFER:', mismatches.slice(0, 5));
    else console.log('snapshot and replay agree on every account');
  } finally {
    await db.destroy();
    await admin.raw(`DROP DATABASE IF EXISTS \`${DATABASE}\``);
    await admin.destroy();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
