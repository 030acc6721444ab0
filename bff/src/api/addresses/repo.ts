import type { Address } from '@swapstuff/contracts';
import { isSqlite, type Knex } from '@swapstuff/db';

export const COUNTRY = 'United States';

/** An addresses row as stored (dates are Date on MySQL, epoch ms on SQLite). */
export interface AddressRow {
  id: number;
  user_id: number;
  street_1: string;
  street_2: string | null;
  formatted_street_1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  featured: number | boolean;
  lat: string | number | null;
  lng: string | number | null;
  created_at: Date | number;
  updated_at: Date | number;
  deleted_at: Date | number | null;
}

export interface AddressFields {
  street_1: string;
  street_2: string | null;
  formatted_street_1: string;
  city: string;
  state: string;
  zip: string;
  lat: number | null;
  lng: number | null;
}

/** DECIMAL columns read as text on MySQL */
const coordinate = (value: string | number | null) => (value === null ? null : Number(value));

export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    street_1: row.street_1,
    street_2: row.street_2,
    formatted_street_1: row.formatted_street_1,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
    featured: row.featured ? 1 : 0,
    lat: coordinate(row.lat),
    lng: coordinate(row.lng),
  };
}

const live = (db: Knex, userId: number) =>
  db<AddressRow>('addresses').where({ user_id: userId }).whereNull('deleted_at');

export const addressesRepo = {
  /** The user's live addresses, the default first, then the newest. */
  async listOf(db: Knex, userId: number): Promise<AddressRow[]> {
    return live(db, userId).orderBy([
      { column: 'featured', order: 'desc' },
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  },

  /** A live address only when it belongs to the user. */
  async ownById(db: Knex, userId: number, id: number): Promise<AddressRow | undefined> {
    return live(db, userId).where({ id }).first();
  },

  /**
   * Serialises address changes of one user (MySQL: a row lock on the user; SQLite has a single writer),
   * so that two concurrent requests cannot leave two defaults or none.
   */
  async lockUser(trx: Knex.Transaction, userId: number): Promise<void> {
    if (!isSqlite(trx)) await trx('users').where({ id: userId }).forUpdate().first('id');
  },

  async hasDefault(db: Knex, userId: number): Promise<boolean> {
    return !!(await live(db, userId).where({ featured: true }).first('id'));
  },

  async insert(db: Knex, userId: number, fields: AddressFields, featured: boolean): Promise<number> {
    const now = new Date();
    const [id] = await db('addresses').insert({
      ...fields,
      user_id: userId,
      country: COUNTRY,
      featured,
      created_at: now,
      updated_at: now,
    });
    return Number(id);
  },

  async update(db: Knex, id: number, fields: AddressFields): Promise<void> {
    await db('addresses')
      .where({ id })
      .update({ ...fields, country: COUNTRY, updated_at: new Date() });
  },

  /** One statement: `id` becomes the user's only featured address. */
  async makeDefault(db: Knex, userId: number, id: number): Promise<void> {
    await live(db, userId).update({
      featured: db.raw('CASE WHEN id = ? THEN 1 ELSE 0 END', [id]),
      updated_at: new Date(),
    });
  },

  async softDelete(db: Knex, id: number): Promise<void> {
    const now = new Date();
    await db('addresses').where({ id }).update({ featured: false, deleted_at: now, updated_at: now });
  },

  /** The user's newest live address, if any. */
  async newestOf(db: Knex, userId: number): Promise<AddressRow | undefined> {
    return live(db, userId)
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .first();
  },
};
