import pino from 'pino';
import { createDb, withTransaction, type Knex } from '@swapstuff/db';
import { mysqlUrlOf, startTestApi, type TestApi } from '../../test/harness';
import { createJobRunner, createOutbox, HandlerRegistry, on, onOutside } from '.';

/**
 * What only MySQL/MariaDB has: several runners on one outbox (each api process runs one), claiming rows with
 * FOR UPDATE SKIP LOCKED; a job whose connection dies, whose transaction the server rolls back; a runner that dies
 * after claiming, whose rows come due again when their lease ends; and a runner still at work when its lease
 * ended, whose late work does not count. Nothing is done twice.
 */
let api: TestApi;
const pools: Knex[] = [];
/** A handle of its own, as another api process has. */
const pool = () => {
  const db = createDb({ url: mysqlUrlOf(api.db), poolMax: 2 });
  pools.push(db);
  return db;
};
const silent = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  api = await startTestApi();
  await api.db.schema.createTable('job_effects', (t) => {
    t.increments('id');
    t.integer('n').notNullable();
    t.string('runner', 16);
  });
});
afterAll(async () => {
  await Promise.all(pools.map((db) => db.destroy()));
  await api.close();
});
beforeEach(async () => {
  await api.db('job_effects').delete();
  await api.db('outbox').delete();
});

async function emit(handlers: HandlerRegistry, count: number): Promise<void> {
  const events = createOutbox(handlers);
  for (let n = 0; n < count; n += 1) {
    await withTransaction(api.db, (trx) => events.emit(trx, 'question.asked', { questionId: n, listingId: 1 }));
  }
}

/** n → how many times its effect was done. */
async function effectCounts(): Promise<Map<number, number>> {
  const rows: { n: number; times: number | string }[] = await api
    .db('job_effects')
    .groupBy('n')
    .select('n')
    .count({ times: '*' });
  return new Map(rows.map((r) => [r.n, Number(r.times)]));
}

it('two runners never take the same event', async () => {
  const EVENTS = 200;
  const handlersOf = (runner: string) =>
    new HandlerRegistry([
      on('question.asked', 'test.effect', async (trx, { questionId }) => {
        await trx('job_effects').insert({ n: questionId, runner });
        await sleep(2); // long enough for the two to overlap
      }),
    ]);
  await emit(handlersOf('emitter'), EVENTS);
  const runners = ['a', 'b'].map((name) =>
    createJobRunner({ db: pool(), handlers: handlersOf(name), logger: silent, batchSize: 5 }),
  );
  const taken = await Promise.all(
    runners.map(async (runner) => {
      let total = 0;
      for (let n = await runner.runBatch(); n > 0; n = await runner.runBatch()) total += n;
      return total;
    }),
  );
  const dup = [...(await effectCounts()).entries()].filter(([, t]) => t !== 1);
  expect(dup).toEqual([]);
  expect(taken[0] + taken[1]).toBe(EVENTS);
  // both worked, at the same time, on different rows
  expect(taken[0]).toBeGreaterThan(0);
  expect(taken[1]).toBeGreaterThan(0);
  const counts = await effectCounts();
  expect(counts.size).toBe(EVENTS);
  expect([...counts.values()].every((times) => times === 1)).toBe(true);
  expect(await api.db('outbox').where('status', 'done').count({ n: '*' })).toEqual([{ n: EVENTS }]);
});

/** Runs batches until every row is done: rows claimed by a runner that died come due when their lease ends. */
async function drainUntilDone(runner: { runBatch(): Promise<number> }, events: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  const done = async () => Number((await api.db('outbox').where('status', 'done').count({ n: '*' }))[0].n);
  while ((await done()) < events) {
    if (Date.now() > deadline) throw new Error(`not every event was handled: ${await done()} of ${events}`);
    if ((await runner.runBatch()) === 0) await sleep(20);
  }
}

it('a job whose connection dies mid-handler: its effects roll back with it, it is tried again, each effect once', async () => {
  const EVENTS = 23;
  const STUCK = 12;
  let stuckConnection: number | undefined;
  let firstRun = true;
  const handlers = new HandlerRegistry([
    on('question.asked', 'test.effect', async (trx, { questionId }) => {
      await trx('job_effects').insert({ n: questionId, runner: firstRun ? 'first' : 'second' });
      if (questionId === STUCK && firstRun) {
        // the handler hangs here, its effect written, until its connection is killed
        const [[row]] = await trx.raw('SELECT CONNECTION_ID() AS id');
        stuckConnection = Number(row.id);
        await trx.raw('SELECT SLEEP(30)');
      }
    }),
  ]);
  await emit(handlers, EVENTS);
  const first = createJobRunner({ db: pool(), handlers, logger: silent, batchSize: 5, backoffMs: 50 });
  const working = (async () => {
    while ((await first.runBatch()) > 0);
  })();
  while (stuckConnection === undefined) await sleep(20);
  // what the server sees of a network cut or a crash: the connection gone mid-transaction
  await api.db.raw('KILL ?', [stuckConnection]);
  await working;
  firstRun = false;
  await drainUntilDone(createJobRunner({ db: pool(), handlers, logger: silent, batchSize: 5 }), EVENTS);
  const counts = await effectCounts();
  expect([...counts.keys()].sort((a, b) => a - b)).toEqual([...Array(EVENTS).keys()]);
  expect([...counts.values()].every((times) => times === 1)).toBe(true);
  const again = await api.db('job_effects').where({ n: STUCK }).first('runner');
  expect(again.runner).toBe('second');
});

it('a runner that dies after claiming leaves its rows to the next runner once their lease ends; each effect once', async () => {
  const EVENTS = 23;
  const STUCK = 12;
  let firstRun = true;
  let reachedStuck: () => void = () => {};
  const stuck = new Promise<void>((resolve) => (reachedStuck = resolve));
  const handlers = new HandlerRegistry([
    onOutside('question.asked', 'test.effect', async (db, { questionId }) => {
      if (questionId === STUCK && firstRun) {
        // the runner's process dies here: it never goes on, and rows 13 and 14, claimed with this one, wait
        reachedStuck();
        await new Promise(() => {});
      }
      await db('job_effects').insert({ n: questionId, runner: firstRun ? 'first' : 'second' });
    }),
  ]);
  await emit(handlers, EVENTS);
  const first = createJobRunner({ db: pool(), handlers, logger: silent, batchSize: 5, leaseMs: 300 });
  void (async () => {
    while ((await first.runBatch()) > 0);
  })();
  await stuck;
  firstRun = false;
  await drainUntilDone(createJobRunner({ db: pool(), handlers, logger: silent, batchSize: 5 }), EVENTS);
  const counts = await effectCounts();
  expect([...counts.keys()].sort((a, b) => a - b)).toEqual([...Array(EVENTS).keys()]);
  expect([...counts.values()].every((times) => times === 1)).toBe(true);
  const byRunner: { runner: string; n: number | string }[] = await api
    .db('job_effects')
    .groupBy('runner')
    .select('runner')
    .count({ n: '*' });
  expect(byRunner.map((r) => [r.runner, Number(r.n)]).sort()).toEqual([
    ['first', 12],
    ['second', 11],
  ]);
});

it('a runner still working when its lease ended is not the one that counts: its effects roll back', async () => {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let reachedGate: () => void = () => {};
  const atGate = new Promise<void>((resolve) => (reachedGate = resolve));
  const handlers = (runner: string) =>
    new HandlerRegistry([
      on('question.asked', 'test.effect', async (trx, { questionId }) => {
        await trx('job_effects').insert({ n: questionId, runner });
        if (runner === 'slow') {
          reachedGate();
          await gate;
        }
      }),
    ]);
  await emit(handlers('slow'), 1);
  const slow = createJobRunner({ db: pool(), handlers: handlers('slow'), logger: silent, leaseMs: 200 });
  const slowRun = slow.runBatch();
  await atGate;
  // the lease ends while the slow one waits: another runner takes the row and does the job
  await drainUntilDone(createJobRunner({ db: pool(), handlers: handlers('next'), logger: silent }), 1);
  release();
  expect(await slowRun).toBe(1);
  expect(await api.db('job_effects').select('n', 'runner')).toEqual([{ n: 0, runner: 'next' }]);
  expect(await api.db('outbox').first('status', 'attempts')).toEqual({ status: 'done', attempts: 2 });
});
