import type { Knex } from 'knex';

/**
 * What the catalogue shows, defined once (docs/decisions.md, "The visible-listing rule"). It lives in db
 * because the search index (search.ts) applies it when it writes, and the api's catalog read model
 * applies it when it reads; db does not depend on contracts' runtime, hence the status numbers here.
 */
export const LISTING_ACTIVE = 1;
export const LISTING_DELETED = 5;

/** A seller whose listings anyone may see: neither deleted nor blocked. `users` is the users alias. */
export function whereSellerVisible(query: Knex.QueryBuilder, users = 'u'): Knex.QueryBuilder {
  return query.whereNull(`${users}.deleted_at`).whereNull(`${users}.blocked_at`);
}

/**
 * The same rule for a query without the users join: the seller's check as NOT EXISTS, which lets MariaDB
 * walk the listings' index in page order instead of reading the (few) users first and sorting every
 * listing they have.
 */
export function whereSellerVisibleBy(query: Knex.QueryBuilder, db: Knex, products = 'p'): Knex.QueryBuilder {
  return query.whereNotExists(
    db('users as hidden_seller')
      .select(db.raw('1'))
      .whereRaw(`hidden_seller.id = ${products}.user_id`)
      .where((hidden) => hidden.whereNotNull('hidden_seller.deleted_at').orWhereNotNull('hidden_seller.blocked_at')),
  );
}

/**
 * Listed: shown in search, on home, in category counts and suggestions: Active, not hidden by staff, its seller
 * visible.
 * `products` and `users` are the aliases of the joined tables.
 */
export function whereListed(query: Knex.QueryBuilder, products = 'p', users = 'u'): Knex.QueryBuilder {
  return whereSellerVisible(
    query.where(`${products}.status`, LISTING_ACTIVE).whereNull(`${products}.hidden_at`),
    users,
  );
}

/**
 * Viewable: its page opens, and it may be liked, asked about or reported: any status but Deleted (a
 * listing In Trade or Swapped keeps its page), not hidden by staff, its seller visible.
 */
export function whereViewable(query: Knex.QueryBuilder, products = 'p', users = 'u'): Knex.QueryBuilder {
  return whereSellerVisible(
    query.whereNot(`${products}.status`, LISTING_DELETED).whereNull(`${products}.hidden_at`),
    users,
  );
}

/**
 * Per viewer: listings whose seller the viewer blocks, or who blocks the viewer, are not shown to them
 * (search, home, likes). `productId` is the column holding the listing's id; a visitor sees everything.
 * Two NOT EXISTS, one per direction, so each reads its own index of user_blocks.
 */
export function whereNoBlockWith(
  query: Knex.QueryBuilder,
  db: Knex,
  viewerId: number | null,
  productId: string,
): Knex.QueryBuilder {
  if (viewerId === null) return query;
  return query
    .whereNotExists(
      db('products as blocked_by_viewer')
        .join('user_blocks as vb', 'vb.blocked_id', 'blocked_by_viewer.user_id')
        .select(db.raw('1'))
        .whereRaw(`blocked_by_viewer.id = ${productId}`)
        .where('vb.blocker_id', viewerId),
    )
    .whereNotExists(
      db('products as blocking_viewer')
        .join('user_blocks as bv', 'bv.blocker_id', 'blocking_viewer.user_id')
        .select(db.raw('1'))
        .whereRaw(`blocking_viewer.id = ${productId}`)
        .where('bv.blocked_id', viewerId),
    );
}
