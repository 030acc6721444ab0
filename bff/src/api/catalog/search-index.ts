import type { Knex } from '@swapstuff/db';
import type { SearchIndex } from '../../adapters/search-index';
import { on, type Handler } from '../../jobs';

/**
 * What search shows follows the events of listings and users, so no writer has to remember the index.
 * Inline: our index lives in the same database, and is updated in the transaction of the change.
 */
export function searchIndexHandlers(index: SearchIndex): Handler[] {
  const listing = (trx: Knex.Transaction, { listingId }: { listingId: number }) =>
    index.reindexListings(trx, [listingId]);
  const user = (trx: Knex.Transaction, { userId }: { userId: number }) => index.reindexUser(trx, userId);
  return [
    on('listing.created', 'search.listing-created', listing, { inline: true }),
    on('listing.changed', 'search.listing-changed', listing, { inline: true }),
    on('listing.moved', 'search.listing-moved', listing, { inline: true }),
    on('user.blocked', 'search.user-blocked', user, { inline: true }),
    on('user.unblocked', 'search.user-unblocked', user, { inline: true }),
    on('user.deleted', 'search.user-deleted', user, { inline: true }),
  ];
}
