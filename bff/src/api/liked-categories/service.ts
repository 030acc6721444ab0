import { messages, type Category } from '@swapstuff/contracts';
import { withTransaction, type Knex } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { fieldError } from '../../http';
import { likedCategoriesRepo } from './repo';
import type { SaveBody } from './schemas';

export function liked(deps: ApiDeps, userId: number): Promise<Category[]> {
  return likedCategoriesRepo.list(deps.db, userId);
}

/** The ids of the user's picks: home shows their fresh listings first. */
export function likedCategoryIds(db: Knex, userId: number): Promise<number[]> {
  return likedCategoriesRepo.ids(db, userId);
}

/** Replaces the picks with top-level categories only (what the picker offers). */
export async function save(deps: ApiDeps, userId: number, body: SaveBody): Promise<Category[]> {
  if ((await likedCategoriesRepo.countTopLevel(deps.db, body.categoryIds)) !== body.categoryIds.length) {
    throw fieldError({ categoryIds: messages.likedCategoriesUnknown });
  }
  await withTransaction(deps.db, (trx) => likedCategoriesRepo.replace(trx, userId, body.categoryIds));
  return likedCategoriesRepo.list(deps.db, userId);
}
