import { reindexListings, reindexUser, type Knex } from '@swapstuff/db';

/**
 * Where search finds listings. The one adapter today is our own index in the database (db/src/search.ts,
 * "Search at scale" in docs/decisions.md), written in the transaction of the change, so a listing is
 * found the moment it is saved; an external engine would be another adapter, fed through the outbox.
 */
export interface SearchIndex {
  /** Brings these listings' entries in step with their rows (added, changed or gone). */
  reindexListings(trx: Knex.Transaction, ids: number[]): Promise<void>;
  /** Every listing of a user: after the user is blocked, unblocked or deleted. */
  reindexUser(trx: Knex.Transaction, userId: number): Promise<void>;
}

export function databaseSearchIndex(): SearchIndex {
  return { reindexListings, reindexUser };
}
