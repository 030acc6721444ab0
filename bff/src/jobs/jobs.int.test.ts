import { Writable } from 'node:stream';
import pino from 'pino';
import { withTransaction, type Knex } from '@swapstuff/db';
import { startTestApi, type TestApi } from '../../test/harness';
import { createJobRunner, createOutbox, HandlerRegistry, on, type Handler, type Schedule } from '.';

/**
 * The outbox and the job runner on the engine of the run: events are kept exactly when their change is,
 * handled exactly once, tried again with backoff, and dead-lettered (and logged) after the last try.
 */
let api: TestApi;
let db: Knex;
beforeAll(async () => {
  api = await startTestApi();
  db = api.db;
  await db.schema.createTable('job_effects', (t) => {
    t.increments('id');
    t.integer('n').notNullable();
    t.string('runner', 16);
  });
});
afterAll(() => api.close());
beforeEach(async () => {
  await db('job_effects').delete();
  await db('outbox').delete();
});

/** A log whose entries the test reads. */
function capturedLog() {
  const entries: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      entries.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level: 'warn' }, stream), entries };
}

const effect = (runner = 'one'): Handler =>
  on('question.asked', 'test.effect', async (trx, { questionId }) => {
    await trx('job_effects').insert({ n: questionId, runner });
  });

async function emitMany(handlers: HandlerRegistry, count: number): Promise<void> {
  const events = createOutbox(handlers);
  for (let n = 0; n < count; n += 1) {
    await withTransaction(db, (trx) => events.emit(trx, 'question.asked', { questionId: n, listingId: 1 }));
  }
}

async function drain(runner: { runBatch(): Promise<number> }): Promise<void> {
  while ((await runner.runBatch()) > 0);
}

it('handles every event once, in order, and marks its row done', async () => {
  const handlers = new HandlerRegistry([effect()]);
  await emitMany(handlers, 45);
  const runner = createJobRunner({ db, handlers, logger: pino({ level: 'silent' }), batchSize: 10 });
  await drain(runner);
  const effects = await db('job_effects').orderBy('id').pluck('n');
  expect(effects).toEqual([...Array(45).keys()]);
  expect(await db('outbox').whereNot('status', 'done').count({ n: '*' })).toEqual([{ n: 0 }]);
});

it('shares the work between runners started at once: every event handled once (SQLite: one at a time)', async () => {
  const runners = ['a', 'b', 'c'].map((name) =>
    createJobRunner({
      db,
      handlers: new HandlerRegistry([effect(name)]),
      logger: pino({ level: 'silent' }),
      batchSize: 5,
    }),
  );
  await emitMany(new HandlerRegistry([effect()]), 60);
  await Promise.all(runners.map(drain));
  const effects = await db('job_effects').pluck('n');
  expect(effects.sort((x, y) => x - y)).toEqual([...Array(60).keys()]);
  expect(await db('outbox').whereNot('status', 'done').count({ n: '*' })).toEqual([{ n: 0 }]);
});

it('keeps an event only when its change commits, and runs inline handlers in that transaction', async () => {
  const inline = on(
    'question.answered',
    'test.inline',
    async (trx, { questionId }) => {
      await trx('job_effects').insert({ n: questionId, runner: 'inline' });
    },
    { inline: true },
  );
  const handlers = new HandlerRegistry([effect(), inline]);
  const events = createOutbox(handlers);
  await expect(
    withTransaction(db, async (trx) => {
      await events.emit(trx, 'question.asked', { questionId: 1, listingId: 1 });
      await events.emit(trx, 'question.answered', { questionId: 2, listingId: 1 });
      throw new Error('the change fails');
    }),
  ).rejects.toThrow('the change fails');
  expect(await db('outbox').count({ n: '*' })).toEqual([{ n: 0 }]);
  expect(await db('job_effects').count({ n: '*' })).toEqual([{ n: 0 }]);

  await withTransaction(db, (trx) => events.emit(trx, 'question.answered', { questionId: 3, listingId: 1 }));
  // inline: done with the commit, nothing queued
  expect(await db('job_effects').pluck('n')).toEqual([3]);
  expect(await db('outbox').count({ n: '*' })).toEqual([{ n: 0 }]);
});

it('tries a failing handler again with growing waits, then dead-letters it and logs that', async () => {
  let calls = 0;
  const failing = on('question.asked', 'test.failing', async (trx) => {
    calls += 1;
    // its own effect is rolled back with it
    await trx('job_effects').insert({ n: -1 });
    throw new Error('the provider said no');
  });
  const handlers = new HandlerRegistry([failing, effect()]);
  await emitMany(handlers, 1);
  const { logger, entries } = capturedLog();
  // waits of a minute and two: far longer than any machine takes between two batches here, so "not due yet" is
  // never decided by the machine's speed (40 ms waits ran out between two batches on a loaded CI machine); the
  // test makes the time pass by making the row due
  const runner = createJobRunner({ db, handlers, logger, maxAttempts: 3, backoffMs: 60_000, random: () => 0.5 });

  const waits: number[] = [];
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const before = Date.now();
    await drain(runner);
    const row = await db('outbox').where({ handler: 'test.failing' }).first();
    expect(row.attempts).toBe(attempt);
    if (attempt < 3) {
      expect(row.status).toBe('pending');
      waits.push(Number(row.run_at) - before);
      // not due yet: a batch now does not take it
      await drain(runner);
      expect(calls).toBe(attempt);
      await db('outbox').where({ id: row.id }).update({ run_at: Date.now() });
    } else {
      expect(row.status).toBe('dead');
      expect(row.last_error).toContain('the provider said no');
    }
  }
  expect(calls).toBe(3);
  // a minute, then two (random 0.5: no jitter)
  expect(waits[0]).toBeGreaterThanOrEqual(60_000);
  expect(waits[0]).toBeLessThan(120_000);
  expect(waits[1]).toBeGreaterThanOrEqual(120_000);
  expect(waits[1]).toBeLessThan(180_000);
  // the other handler of the same event was not held back
  expect(await db('job_effects').pluck('n')).toEqual([0]);
  expect(entries.filter((e) => e.level === 40)).toHaveLength(2);
  const dead = entries.find((e) => e.level === 50);
  expect(dead).toMatchObject({ msg: 'job failed for the last time: dead-lettered', job: { handler: 'test.failing' } });
});

it('runs a scheduled job once per period, whichever runner gets there first', async () => {
  let runs = 0;
  const schedule: Schedule = { name: 'test.tick', everyMs: 60_000, run: async () => void (runs += 1) };
  await db('scheduled_jobs').where({ name: 'test.tick' }).delete();
  const runners = [1, 2, 3].map(() =>
    createJobRunner({
      db,
      handlers: new HandlerRegistry([]),
      logger: pino({ level: 'silent' }),
      schedules: [schedule],
    }),
  );
  // the first round registers it, the next rounds race for it
  await runners[0].runSchedules();
  await Promise.all(runners.map((r) => r.runSchedules()));
  await Promise.all(runners.map((r) => r.runSchedules()));
  expect(runs).toBe(1);
});

it('handles events while a scheduled job is still running: a provider timing out holds back no notification', async () => {
  let scheduleStarted!: () => void;
  const started = new Promise<void>((resolve) => (scheduleStarted = resolve));
  let releaseSchedule!: () => void;
  const released = new Promise<void>((resolve) => (releaseSchedule = resolve));
  const slow: Schedule = {
    name: 'test.slow-provider',
    everyMs: 60_000,
    run: async () => {
      scheduleStarted();
      await released;
    },
  };
  await db('scheduled_jobs').where({ name: slow.name }).delete();
  await db('scheduled_jobs').insert({ name: slow.name, next_run_at: 0 });
  let handled!: () => void;
  const eventHandled = new Promise<void>((resolve) => (handled = resolve));
  const handlers = new HandlerRegistry([
    on('question.asked', 'test.told', async () => {
      handled();
    }),
  ]);
  const runner = createJobRunner({ db, handlers, logger: pino({ level: 'silent' }), schedules: [slow] });
  const events = createOutbox(handlers, { onEmitted: () => runner.wake() });
  runner.start();
  try {
    await started;
    await withTransaction(db, (trx) => events.emit(trx, 'question.asked', { questionId: 1, listingId: 1 }));
    await eventHandled;
  } finally {
    releaseSchedule();
    await runner.stop();
  }
  expect(await db('outbox').where({ handler: 'test.told' }).pluck('status')).toEqual(['done']);
});
