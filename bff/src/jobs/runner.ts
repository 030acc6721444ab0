import type { Logger } from 'pino';
import { isSqlite, withTransaction, type Knex } from '@swapstuff/db';
import type { HandlerRegistry } from './handlers';

/** A periodic job: one runner among all the api processes does each run. */
export interface Schedule {
  name: string;
  everyMs: number;
  run(db: Knex): Promise<void>;
}

export interface JobRunnerOptions {
  db: Knex;
  handlers: HandlerRegistry;
  logger: Logger;
  schedules?: Schedule[];
  /** outbox rows taken per transaction */
  batchSize?: number;
  /** how often an idle runner looks for work (a local emit wakes it at once) */
  pollMs?: number;
  /** tries before a row is dead */
  maxAttempts?: number;
  /**
   * How long a claimed row is the claiming runner's: after it, another runner takes the row again (its runner
   * died). Longer than any handler takes: a provider call's own timeout is seconds.
   */
  leaseMs?: number;
  /** the wait after the first failure; it doubles after each next one (jittered), up to maxBackoffMs */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** for tests: a source of randomness for the jitter */
  random?: () => number;
}

export interface JobRunner {
  start(): void;
  /** lets the batch in progress finish, then stops */
  stop(): Promise<void>;
  /** looks for work now instead of at the next poll */
  wake(): void;
  /** one batch of due outbox rows; the number of rows taken */
  runBatch(): Promise<number>;
  /** the schedules that are due, each by one runner */
  runSchedules(): Promise<void>;
}

interface OutboxRow {
  id: number | string;
  event: string;
  handler: string;
  payload: string;
  attempts: number;
}

/** A claim that another runner's replaced: the row is not this runner's to mark. */
class LeaseLost extends Error {}

/** Keeps a message short enough for the column and the log. */
const errorText = (err: unknown) => String((err as Error)?.stack ?? err).slice(0, 4000);

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const {
    db,
    handlers,
    logger,
    schedules = [],
    batchSize = 20,
    pollMs = 1000,
    maxAttempts = 8,
    leaseMs = 5 * 60_000,
    backoffMs = 1000,
    maxBackoffMs = 15 * 60_000,
    random = Math.random,
  } = options;
  const backoff = (attempts: number) => Math.min(maxBackoffMs, backoffMs * 2 ** (attempts - 1)) * (0.5 + random());

  /**
   * Claims due rows in a short transaction (MySQL/MariaDB: FOR UPDATE SKIP LOCKED, so that other runners claim
   * other rows) by moving their time past a lease and counting the attempt, then runs each one outside it: no
   * lock is held while a handler waits on a provider. A runner that dies leaves its claimed rows to whichever
   * runner finds them due when their lease ends.
   */
  async function runBatch(): Promise<number> {
    const claimed = await claim();
    for (const row of claimed) await runRow(row);
    return claimed.length;
  }

  async function claim(): Promise<OutboxRow[]> {
    return withTransaction(
      db,
      async (trx) => {
        const now = Date.now();
        const due = trx<OutboxRow>('outbox')
          .where('status', 'pending')
          .where('run_at', '<=', now)
          // the order of the (status, run_at, id) index: MySQL reads no further than the batch, and so
          // locks no more than the batch (sorted otherwise, it would lock every due row to sort them)
          .orderBy(['run_at', 'id'])
          .limit(batchSize)
          .select('id', 'event', 'handler', 'payload', 'attempts');
        const rows: OutboxRow[] = isSqlite(trx) ? await due : await due.forUpdate().skipLocked();
        if (rows.length === 0) return [];
        await trx('outbox')
          .whereIn(
            'id',
            rows.map((row) => row.id),
          )
          .update({ run_at: now + leaseMs, attempts: trx.raw('attempts + 1') });
        return rows.map((row) => ({ ...row, attempts: row.attempts + 1 }));
      },
      { isolationLevel: 'read committed' },
    );
  }

  /** The claimed row, as long as this runner's claim is the latest (its lease may have ended and been taken). */
  const ours = (q: Knex, row: OutboxRow) =>
    q('outbox').where({ id: Number(row.id), status: 'pending', attempts: row.attempts });

  async function runRow(row: OutboxRow): Promise<void> {
    const handler = handlers.named(row.handler);
    const context = { jobId: Number(row.id) };
    const done = () => ({ status: 'done', done_at: Date.now() });
    try {
      if (!handler) throw new Error(`no handler named ${row.handler}`);
      const payload = JSON.parse(row.payload);
      if (handler.mode === 'outside') {
        await handler.run(db, payload, context);
        await ours(db, row).update(done());
        return;
      }
      await withTransaction(db, async (trx) => {
        await handler.run(trx, payload, context);
        // another runner's claim replaced this one (the lease ended): its run is the one that counts
        if ((await ours(trx, row).update(done())) !== 1) throw new LeaseLost();
      });
    } catch (err) {
      if (err instanceof LeaseLost) return;
      await failed(row, err);
    }
  }

  /** A handler failed: tried again after a growing wait, or, after the last attempt, dead and logged. */
  async function failed(row: OutboxRow, err: unknown): Promise<void> {
    const id = Number(row.id);
    const { attempts } = row;
    const dead = attempts >= maxAttempts;
    await ours(db, row).update({
      status: dead ? 'dead' : 'pending',
      run_at: dead ? Date.now() : Date.now() + backoff(attempts),
      last_error: errorText(err),
    });
    const entry = { err, job: { id, event: row.event, handler: row.handler, payload: row.payload, attempts } };
    if (dead) logger.error(entry, 'job failed for the last time: dead-lettered');
    else logger.warn(entry, 'job failed: it will be tried again');
  }

  async function runSchedules(): Promise<void> {
    for (const schedule of schedules) {
      const now = Date.now();
      const row = await db('scheduled_jobs').where({ name: schedule.name }).first('next_run_at');
      if (!row) {
        // first sight of this schedule: due now; a runner that loses the insert race just skips this round
        await db('scheduled_jobs')
          .insert({ name: schedule.name, next_run_at: now })
          .catch(() => undefined);
        continue;
      }
      if (Number(row.next_run_at) > now) continue;
      // the run is this runner's only if its UPDATE is the one that moved the time
      const taken = await db('scheduled_jobs')
        .where({ name: schedule.name, next_run_at: row.next_run_at })
        .update({ next_run_at: now + schedule.everyMs });
      if (taken !== 1) continue;
      try {
        await schedule.run(db);
      } catch (err) {
        logger.error({ err, schedule: schedule.name }, 'scheduled job failed: it runs again at its next time');
      }
    }
  }

  // The outbox and the schedules go round separately: a schedule that waits on a provider (a capture, a label,
  // through a timeout when the provider is down) must not hold back the events users wait on (a notification)
  const outboxRounds = repeating(logger, pollMs, async (running) => {
    // a full batch means there may be more: go on at once
    while (running() && (await runBatch()) === batchSize);
  });
  const scheduleRounds = repeating(logger, pollMs, runSchedules);
  const rounds = [outboxRounds, scheduleRounds];

  return {
    start() {
      rounds.forEach((r) => r.start());
    },
    async stop() {
      await Promise.all(rounds.map((r) => r.stop()));
    },
    wake() {
      outboxRounds.wake();
    },
    runBatch,
    runSchedules,
  };
}

/**
 * A round of work every `everyMs` while started; a wake runs the next one now, or as soon as the one in progress
 * ends (it may have read before what woke it). A round that failed (the database is away, a batch lost a race) is
 * logged and tried again at the next one.
 */
function repeating(logger: Logger, everyMs: number, round: (running: () => boolean) => Promise<void>) {
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  let again = false;
  function loop(): void {
    if (!running) return;
    clearTimeout(timer);
    timer = undefined;
    again = false;
    current = round(() => running)
      .catch((err) => logger.warn({ err }, 'job runner round failed'))
      .then(() => {
        if (!running) return;
        if (again) loop();
        else timer = setTimeout(loop, everyMs);
      });
  }
  return {
    start() {
      if (running) return;
      running = true;
      loop();
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await current;
    },
    wake() {
      if (!running) return;
      again = true;
      if (timer) loop();
    },
  };
}
