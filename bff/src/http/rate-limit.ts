import { createHash } from 'node:crypto';
import { isSqlite, retryOnLockConflict, type Knex } from '@swapstuff/db';
import { HttpError } from './envelope';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
  /** what the 429 says */
  message: string;
}

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

interface Count {
  points: number;
  resetAt: number;
}

/**
 * Adds one to the key's counter in a single atomic statement and reads the count that statement made,
 * so that of any number of parallel attempts each sees its own place in line. The window starts at the
 * first attempt and lasts windowMs; the first attempt after it starts a new one.
 */
async function increment(db: Knex, keyHash: string, windowMs: number): Promise<Count> {
  const now = Date.now();
  const resetAt = now + windowMs;
  if (isSqlite(db)) {
    const rows: Array<{ points: number; reset_at: number }> = await db.raw(
      `INSERT INTO rate_limits (key_hash, points, reset_at) VALUES (?, 1, ?)
       ON CONFLICT (key_hash) DO UPDATE SET
         points = CASE WHEN reset_at <= ? THEN 1 ELSE points + 1 END,
         reset_at = CASE WHEN reset_at <= ? THEN excluded.reset_at ELSE reset_at END
       RETURNING points, reset_at`,
      [keyHash, resetAt, now, now],
    );
    return { points: rows[0].points, resetAt: Number(rows[0].reset_at) };
  }
  // MySQL has no RETURNING: LAST_INSERT_ID(expr) hands this statement's new count back as its insert id.
  // (points is assigned before reset_at, which therefore still reads the old value.)
  const [result] = await db.raw(
    `INSERT INTO rate_limits (key_hash, points, reset_at) VALUES (?, LAST_INSERT_ID(1), ?)
     ON DUPLICATE KEY UPDATE
       points = LAST_INSERT_ID(IF(reset_at <= ?, 1, points + 1)),
       reset_at = IF(reset_at <= ?, ?, reset_at)`,
    [keyHash, resetAt, now, now, resetAt],
  );
  const points = Number((result as { insertId: number }).insertId);
  if (points === 1) return { points, resetAt };
  const row = await db('rate_limits').where({ key_hash: keyHash }).first<{ reset_at: number | string }>('reset_at');
  return { points, resetAt: Number(row?.reset_at ?? resetAt) };
}

/** Expired counters are read again by nobody; about one call in a hundred sweeps them. */
async function sweep(db: Knex): Promise<void> {
  if (Math.random() < 0.01) await db('rate_limits').where('reset_at', '<', Date.now()).delete();
}

/**
 * Counts this attempt against every limit first, then decides: 429 with Retry-After when it is over any
 * of them. Counting before deciding is what makes a limit hold under concurrency: 200 parallel attempts
 * get places 1 to 200, and only the first `max` go on. Kept in the database, so that every api process
 * behind a load balancer counts the same attempts.
 */
export async function consume(db: Knex, limits: Limit[]): Promise<void> {
  const counts = await Promise.all(
    limits.map((limit) => retryOnLockConflict(() => increment(db, hashOf(limit.key), limit.windowMs))),
  );
  await sweep(db);
  const over = limits.findIndex((limit, i) => counts[i].points > limit.max);
  if (over === -1) return;
  const retryAfter = Math.max(1, Math.ceil((counts[over].resetAt - Date.now()) / 1000));
  throw new HttpError(429, limits[over].message, { headers: { 'Retry-After': String(retryAfter) } });
}

/** Gives one attempt back: it turned out to be no abuse (a successful sign-in from a shared address). */
export async function refund(db: Knex, key: string): Promise<void> {
  await db('rate_limits')
    .where({ key_hash: hashOf(key) })
    .where('points', '>', 0)
    .decrement('points', 1);
}

/** Forgets a key's attempts: its owner proved who they are. */
export async function clearLimit(db: Knex, key: string): Promise<void> {
  await db('rate_limits')
    .where({ key_hash: hashOf(key) })
    .delete();
}
