import { profileMessages, safetyMessages, type BlockedUser, type BlockState } from '@swapstuff/contracts';
import type { Knex } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { HttpError } from '../../http';
import { usersRepo } from '../users';
import { blocksRepo } from './repo';

/** Blocks another user who still has an account; blocking twice changes nothing. */
export async function block(deps: ApiDeps, me: number, userId: number): Promise<BlockState> {
  if (userId === me) throw new HttpError(400, safetyMessages.cannotBlockSelf);
  if (!(await usersRepo.byId(deps.db, userId))) throw new HttpError(404, profileMessages.userNotFound);
  await blocksRepo.block(deps.db, me, userId);
  return { userId, blocked: true };
}

/** Lifts one's own block; a user one does not block (or who has gone) is simply not blocked. */
export async function unblock(deps: ApiDeps, me: number, userId: number): Promise<BlockState> {
  await blocksRepo.unblock(deps.db, me, userId);
  return { userId, blocked: false };
}

export function blockedUsers(deps: ApiDeps, me: number): Promise<BlockedUser[]> {
  return blocksRepo.list(deps.db, me);
}

/** Whether either of two users blocks the other (a hint such as typing is dropped, not refused). */
export function blockedBetween(db: Knex, a: number, b: number): Promise<boolean> {
  return blocksRepo.between(db, a, b);
}

/**
 * The one check of every way two users deal with each other (an offer, a question, a purchase, a message):
 * refused when either blocks the other. Runs on the caller's connection or transaction.
 */
export async function requireNoBlock(db: Knex, a: number, b: number): Promise<void> {
  if (await blockedBetween(db, a, b)) throw new HttpError(403, safetyMessages.blockedBetween);
}
