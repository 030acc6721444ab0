import type { Knex } from 'knex';
import { isSqlite } from './engine';
import { isLockConflict } from './errors';

export interface RetryOptions {
  /** tries in all, the first included */
  attempts?: number;
  /** the first wait; each next one doubles, each jittered to 50–150 % */
  baseDelayMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` again when the database rolled it back for a lock conflict (a deadlock victim, a lock wait
 * timeout, SQLite busy): any transaction can lose such a race under MySQL, and it says nothing about the
 * request. Bounded and jittered, so that the racers do not meet again at once; after the last try the
 * error surfaces (and is answered 503). `work` must be safe to run again: a transaction is, because it
 * was rolled back whole.
 */
export async function retryOnLockConflict<T>(work: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { attempts = 5, baseDelayMs = 10 } = options;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !isLockConflict(err)) throw err;
      await sleep(baseDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random()));
    }
  }
}

export interface TransactionOptions extends RetryOptions {
  /**
   * MySQL/MariaDB only (SQLite is serializable): READ COMMITTED takes no gap locks, for a work queue whose
   * rows several workers take at once (the outbox), where gap locks on its index would deadlock them.
   */
  isolationLevel?: 'read committed';
}

/** The one way the api opens a transaction: `db.transaction`, retried on lock conflicts. */
export function withTransaction<T>(
  db: Knex,
  work: (trx: Knex.Transaction) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const { isolationLevel, ...retry } = options;
  const config = isolationLevel && !isSqlite(db) && !db.isTransaction ? { isolationLevel } : undefined;
  return retryOnLockConflict(() => db.transaction(work, config), retry);
}
