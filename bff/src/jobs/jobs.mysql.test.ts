import pino from 'pino';
import { createDb, withTransaction, type Knex } from '@swapstuff/db';
import { mysqlUrlOf, startTestApi, type TestApi } from '../../test/harness';
import { createJobRunner, createOutbox, HandlerRegistry, on } from '.';

/**
 * What only MySQL/MariaDB has: several runners on one outbox (each api process runs one), sharing the
 * rows with FOR UPDATE SKIP LOCKED; and a runner that dies mid-batch, whose transaction the server rolls
 * back, so that its rows are taken again and nothing is done twice.
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

it('a runner killed mid-batch leaves its rows to the next runner, and every event is handled once', async () => {
  const EVENTS = 23;
  const STUCK = 12;
  let stuckConnection: number | undefined;
  let firstRun = true;
  const handlers = new HandlerRegistry([
    on('question.asked', 'test.effect', async (trx, { questionId }) => {
      await trx('job_effects').insert({ n: questionId, runner: firstRun ? 'first' : 'second' });
      if (questionId === STUCK && firstRun) {
        // the runner hangs here, in the middle of its batch, until its connection is killed
        const [[row]] = await trx.raw('SELECT CONNECTION_ID() AS id');
        stuckConnection = Number(row.id);
        await trx.raw('SELECT SLEEP(30)');
      }
    }),
  ]);
  await emit(handlers, EVENTS);
  const first = createJobRunner({ db: pool(), handlers, logger: silent, batchSize: 5 });
  const working = (async () => {
    while ((await first.runBatch()) > 0);
  })();
  while (stuckConnection === undefined) await sleep(20);
  // what a crash of its process does, as the server sees it: the connection is gone mid-transaction
  await api.db.raw('KILL ?', [stuckConnection]);
  await expect(working).rejects.toThrow();
  // the batch the first runner held (10–14) was rolled back with it, effects included
  expect(await api.db('outbox').where('status', 'done').count({ n: '*' })).toEqual([{ n: 10 }]);

  firstRun = false;
  const second = createJobRunner({ db: pool(), handlers, logger: silent, batchSize: 5 });
  while ((await second.runBatch()) > 0);
  const counts = await effectCounts();
  expect([...counts.keys()].sort((a, b) => a - b)).toEqual([...Array(EVENTS).keys()]);
  expect([...counts.values()].every((times) => times === 1)).toBe(true);
  const byRunner: { runner: string; n: number | string }[] = await api
    .db('job_effects')
    .groupBy('runner')
    .select('runner')
    .count({ n: '*' });
  expect(byRunner.map((r) => [r.runner, Number(r.n)]).sort()).toEqual([
    ['first', 10],
    ['second', 13],
  ]);
});
