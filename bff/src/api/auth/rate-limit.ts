import { messages } from '@swapstuff/contracts';
import { toDate, type Knex } from '@swapstuff/db';
import { HttpError } from '../http';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/** The longest window in use: older attempts are never read again and are deleted. */
const KEEP_MS = 60 * 1000;

/**
 * A sliding-window limiter kept in the database (login_attempts), so that every api process behind a
 * load balancer counts the same attempts. Throws 429 with Retry-After (seconds until the oldest attempt
 * in the window leaves it) when any limit is already reached.
 */
export async function enforceLimits(db: Knex, limits: Limit[]): Promise<void> {
  const now = Date.now();
  for (const limit of limits) {
    const row = await db('login_attempts')
      .where('key', limit.key)
      .where('created_at', '>', new Date(now - limit.windowMs))
      .first<{ n: number | string; oldest: Date | number | null }>(
        db.raw('count(*) as n'),
        db.raw('min(created_at) as oldest'),
      );
    if (row && Number(row.n) >= limit.max && row.oldest !== null) {
      const retryAfter = Math.max(1, Math.ceil((toDate(row.oldest).getTime() + limit.windowMs - now) / 1000));
      throw new HttpError(429, messages.tooManyAttempts, { headers: { 'Retry-After': String(retryAfter) } });
    }
  }
}

export async function recordAttempt(db: Knex, keys: string[]): Promise<void> {
  const now = new Date();
  await db('login_attempts').insert(keys.map((key) => ({ key, created_at: now })));
  await db('login_attempts')
    .where('created_at', '<', new Date(now.getTime() - KEEP_MS))
    .delete();
}

export async function clearAttempts(db: Knex, key: string): Promise<void> {
  await db('login_attempts').where({ key }).delete();
}
