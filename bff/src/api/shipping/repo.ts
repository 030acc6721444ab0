import type { Knex } from '@swapstuff/db';

/** What quoting a listing's shipping needs of it: who sells it, from where, and its parcel. */
export interface ShippableListing {
  id: number;
  user_id: number;
  title: string;
  status: number;
  is_buyable: number | boolean;
  price_cents: number;
  address_id: number | null;
  city: string;
  state: string;
  zip: string;
  length: string | number | null;
  width: string | number | null;
  height: string | number | null;
  pounds: string | number | null;
  ounces: string | number | null;
}

/** An address as shipping reads it, whoever's it is (a listing's, soft-deleted or not, stays its origin). */
export interface AddressLine {
  id: number;
  user_id: number;
  street_1: string;
  street_2: string | null;
  city: string;
  state: string;
  zip: string;
}

export interface RateRow {
  rate_id: string;
  shipment_id: string;
  user_id: number;
  listing_id: number;
  address_id: number;
  provider: string;
  service: string;
  provider_image: string;
  amount_cents: number;
  insurance_cents: number;
  estimated_days: number | null;
  duration_terms: string;
  created_at: Date | number;
}

export const shippingRepo = {
  async listing(db: Knex, id: number): Promise<ShippableListing | undefined> {
    return db('products as p')
      .leftJoin('product_dimensions as d', 'd.product_id', 'p.id')
      .where('p.id', id)
      .first(
        'p.id',
        'p.user_id',
        'p.title',
        'p.status',
        'p.is_buyable',
        'p.price_cents',
        'p.address_id',
        'p.city',
        'p.state',
        'p.zip',
        'd.length',
        'd.width',
        'd.height',
        'd.pounds',
        'd.ounces',
      );
  },

  async address(db: Knex, id: number): Promise<AddressLine | undefined> {
    return db('addresses').where({ id }).first('id', 'user_id', 'street_1', 'street_2', 'city', 'state', 'zip');
  },

  /** The user's own address, not deleted. */
  async ownAddress(db: Knex, userId: number, id: number): Promise<AddressLine | undefined> {
    return db('addresses')
      .where({ id, user_id: userId })
      .whereNull('deleted_at')
      .first('id', 'user_id', 'street_1', 'street_2', 'city', 'state', 'zip');
  },

  async defaultAddress(db: Knex, userId: number): Promise<AddressLine | undefined> {
    return db('addresses')
      .where({ user_id: userId })
      .whereNull('deleted_at')
      .orderBy('featured', 'desc')
      .orderBy('id', 'desc')
      .first('id', 'user_id', 'street_1', 'street_2', 'city', 'state', 'zip');
  },

  async keepRates(db: Knex, rows: RateRow[]): Promise<void> {
    if (rows.length > 0) await db('shipping_rates').insert(rows);
  },

  async rate(db: Knex, rateId: string): Promise<RateRow | undefined> {
    return db('shipping_rates').where({ rate_id: rateId }).first();
  },

  /** Quotes older than this are of no use to a checkout: forgotten. */
  async forgetRatesBefore(db: Knex, before: Date): Promise<number> {
    return db('shipping_rates').where('created_at', '<', before).delete();
  },
};
