import { isSqlite, type Knex } from '@swapstuff/db';
import type { User, UserRole } from '@swapstuff/contracts';

/** A users row as stored (dates are Date on MySQL, epoch ms on SQLite). */
export interface UserRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  username: string;
  email: string;
  phone_no: string | null;
  avatar: string | null;
  customer_id: string | null;
  is_business: number | boolean;
  businessName: string | null;
  businessUsername: string | null;
  businessEINNumber: string | null;
  businessEmail: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  password_hash: string;
  password_changed_at: Date | number | null;
  /** suspended by staff (moderation), with the reason they are shown at sign-in */
  blocked_at: Date | number | null;
  suspension_reason: string | null;
  deleted_at: Date | number | null;
  created_at: Date | number;
  updated_at: Date | number;
}

export type NewUser = Omit<
  UserRow,
  | 'id'
  | 'created_at'
  | 'updated_at'
  | 'deleted_at'
  | 'password_changed_at'
  | 'avatar'
  | 'customer_id'
  | 'blocked_at'
  | 'suspension_reason'
>;

/** A member's whole name as staff see it (the business's name for a business), not the public "Ada L.". */
export const fullNameOf = (u: Pick<UserRow, 'first_name' | 'last_name' | 'businessName'>): string =>
  u.businessName || [u.first_name, u.last_name].filter(Boolean).join(' ');

/**
 * The profile clients see: never the password hash or bookkeeping columns. The role is a staff member's (the
 * staff feature's table), 'user' for everyone else.
 */
export function toUser(row: UserRow, role: UserRole): User {
  const user: User = {
    id: row.id,
    first_name: row.first_name ?? '',
    last_name: row.last_name ?? '',
    username: row.username,
    email: row.email,
    phone_no: row.phone_no,
    avatar: row.avatar,
    customer_id: row.customer_id,
    is_business: row.is_business ? 1 : 0,
    role,
  };
  if (user.is_business) {
    Object.assign(user, {
      businessName: row.businessName,
      businessUsername: row.businessUsername,
      businessEINNumber: row.businessEINNumber,
      businessEmail: row.businessEmail,
      address: row.address,
      city: row.city,
      state: row.state,
      zip: row.zip,
    });
  }
  return user;
}

/**
 * The one spelling of an e-mail that accounts are stored and found by: trimmed, NFC, lower case; compared byte
 * for byte on both engines (migration 022), so an accented or decomposed spelling is another address, never a
 * way into this one.
 */
export const canonicalEmail = (email: string): string => email.trim().normalize('NFC').toLowerCase();

export const usersRepo = {
  async byId(db: Knex, id: number): Promise<UserRow | undefined> {
    return db<UserRow>('users').where({ id }).whereNull('deleted_at').first();
  },

  async byEmail(db: Knex, email: string): Promise<UserRow | undefined> {
    return db<UserRow>('users')
      .where({ email: canonicalEmail(email) })
      .whereNull('deleted_at')
      .first();
  },

  async emailTaken(db: Knex, email: string): Promise<boolean> {
    return !!(await db('users')
      .where({ email: canonicalEmail(email) })
      .first('id'));
  },

  /** Case-insensitive on both engines (MySQL's collation is, SQLite's comparison is not); `exceptId`'s own is not. */
  async usernameTaken(db: Knex, username: string, exceptId?: number): Promise<boolean> {
    const query = db('users').whereRaw('lower(username) = ?', [username.toLowerCase()]);
    if (exceptId !== undefined) query.whereNot({ id: exceptId });
    return !!(await query.first('id'));
  },

  async update(db: Knex, id: number, columns: Partial<UserRow>): Promise<void> {
    await db('users')
      .where({ id })
      .update({ ...columns, updated_at: new Date() });
  },

  async insert(db: Knex, user: NewUser): Promise<number> {
    const now = new Date();
    const [id] = await db('users').insert({
      ...user,
      email: canonicalEmail(user.email),
      created_at: now,
      updated_at: now,
    });
    return Number(id);
  },

  /**
   * A transaction that starts something with others (an offer, an order) holds its user's row shared: an
   * account's deletion, which holds it exclusively while it checks what is in flight, waits for it or
   * makes it fail here. False when the account is gone. (SQLite runs one write transaction at a time.)
   */
  async holdLive(trx: Knex.Transaction, id: number): Promise<boolean> {
    const query = trx('users').where({ id }).whereNull('deleted_at').first('id');
    return !!(await (isSqlite(trx) ? query : query.forShare()));
  },

  /** The deletion's hold: the row locked exclusively, or undefined when the account is gone already. */
  async lockLive(trx: Knex.Transaction, id: number): Promise<UserRow | undefined> {
    const query = trx<UserRow>('users').where({ id }).whereNull('deleted_at').first();
    return isSqlite(trx) ? query : query.forUpdate();
  },

  async setPassword(db: Knex, id: number, passwordHash: string): Promise<void> {
    const now = new Date();
    await db('users').where({ id }).update({ password_hash: passwordHash, password_changed_at: now, updated_at: now });
  },
};
