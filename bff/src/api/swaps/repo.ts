import { isSqlite, type Knex } from '@swapstuff/db';
import { OfferStatus, type SwapShipping } from '@swapstuff/contracts';

/** A swap_requests row as stored (dates are Date on MySQL, epoch ms on SQLite). */
export interface SwapRow {
  id: number;
  sender_id: number;
  receiver_id: number;
  listing_id: number;
  offer_status: OfferStatus;
  version: number;
  accepted_at: Date | number | null;
  details_due_at: Date | number | null;
  ended_at: Date | number | null;
  sender_address_id: number | null;
  sender_delivery_address: string | null;
  sender_shipping: SwapShipping | null;
  sender_details_at: Date | number | null;
  receiver_address_id: number | null;
  receiver_delivery_address: string | null;
  receiver_shipping: SwapShipping | null;
  receiver_details_at: Date | number | null;
  created_at: Date | number;
  updated_at: Date | number;
}

export interface VersionRow {
  id: number;
  swap_request_id: number;
  version: number;
  proposer_id: number;
  /** signed as the sender sees it: positive, the sender adds it; negative, the receiver does */
  cash_cents: number;
  cash_fee_cents: number;
  payment_intent_id: string | null;
  agreed_at: Date | number | null;
  created_at: Date | number;
}

export interface SwapPaymentRow {
  payment_intent_id: string;
  payer_id: number;
  amount_cents: number;
  action: string;
  swap_request_id: number | null;
  applied_at: Date | number | null;
  refunded_at: Date | number | null;
  created_at: Date | number;
}

const lockIf = <T extends Knex.QueryBuilder>(db: Knex, query: T): T =>
  isSqlite(db) ? query : (query.forUpdate() as T);

const now = () => new Date();

export const swapsRepo = {
  /** Offers of the user still pending or accepted (their parcels not both delivered and inspected). */
  async inFlightCount(db: Knex, userId: number): Promise<number> {
    const [row] = await db('swap_requests')
      .where((either) => either.where({ sender_id: userId }).orWhere({ receiver_id: userId }))
      .whereIn('offer_status', [OfferStatus.Pending, OfferStatus.Accepted])
      .count({ n: '*' });
    return Number(row.n);
  },

  async insert(trx: Knex.Transaction, row: Pick<SwapRow, 'sender_id' | 'receiver_id' | 'listing_id'>): Promise<number> {
    const [id] = await trx('swap_requests').insert({
      ...row,
      offer_status: 0,
      version: 1,
      created_at: now(),
      updated_at: now(),
    });
    return Number(id);
  },

  async byId(db: Knex, id: number): Promise<SwapRow | undefined> {
    return db('swap_requests').where({ id }).first();
  },

  /** The row, locked until the end of the transaction (after its listings: see status.ts). */
  async lock(trx: Knex.Transaction, id: number): Promise<SwapRow | undefined> {
    return lockIf(trx, trx('swap_requests').where({ id }).first());
  },

  async update(db: Knex, id: number, fields: Partial<SwapRow>): Promise<void> {
    await db('swap_requests')
      .where({ id })
      .update({ ...fields, updated_at: now() });
  },

  async insertVersion(
    trx: Knex.Transaction,
    row: Omit<VersionRow, 'id' | 'created_at' | 'agreed_at'>,
    items: number[],
  ) {
    await trx('swap_request_versions').insert({ ...row, agreed_at: null, created_at: now() });
    await trx('swap_request_items').insert(
      items.map((listing_id) => ({ swap_request_id: row.swap_request_id, version: row.version, listing_id })),
    );
  },

  async version(db: Knex, swapId: number, version: number): Promise<VersionRow | undefined> {
    return db('swap_request_versions').where({ swap_request_id: swapId, version }).first();
  },

  async updateVersion(db: Knex, id: number, fields: Partial<VersionRow>): Promise<void> {
    await db('swap_request_versions').where({ id }).update(fields);
  },

  async versions(db: Knex, swapIds: number[]): Promise<VersionRow[]> {
    if (swapIds.length === 0) return [];
    return db('swap_request_versions').whereIn('swap_request_id', swapIds).orderBy('version');
  },

  /** The sender's listings of every version of these offers. */
  async items(
    db: Knex,
    swapIds: number[],
  ): Promise<{ swap_request_id: number; version: number; listing_id: number }[]> {
    if (swapIds.length === 0) return [];
    return db('swap_request_items')
      .whereIn('swap_request_id', swapIds)
      .orderBy('id')
      .select('swap_request_id', 'version', 'listing_id');
  },

  async itemsOf(db: Knex, swapId: number, version: number): Promise<number[]> {
    return (
      await db('swap_request_items').where({ swap_request_id: swapId, version }).orderBy('id').pluck('listing_id')
    ).map(Number);
  },

  /** Pending offers that put any of these listings on the table (wanted, or offered in their latest version). */
  async pendingTouching(db: Knex, listingIds: number[]): Promise<number[]> {
    if (listingIds.length === 0) return [];
    const wanted = db('swap_requests').where({ offer_status: 0 }).whereIn('listing_id', listingIds).select('id');
    const offered = db('swap_requests as s')
      .join('swap_request_items as i', function joinLatest() {
        this.on('i.swap_request_id', 's.id').andOn('i.version', 's.version');
      })
      .where('s.offer_status', 0)
      .whereIn('i.listing_id', listingIds)
      .select('s.id');
    const ids = [...(await wanted), ...(await offered)].map((row: { id: number }) => Number(row.id));
    return [...new Set(ids)].sort((a, b) => a - b);
  },

  async addHistory(
    trx: Knex.Transaction,
    swapId: number,
    entries: { userId: number; status: number; description: string }[],
  ) {
    const at = now();
    await trx('swap_request_history').insert(
      entries.map((e) => ({
        swap_request_id: swapId,
        user_id: e.userId,
        status: e.status,
        description: e.description,
        created_at: at,
      })),
    );
  },

  async history(
    db: Knex,
    swapId: number,
  ): Promise<{ user_id: number; status: number; description: string; created_at: Date | number }[]> {
    return db('swap_request_history').where({ swap_request_id: swapId }).orderBy('id');
  },

  /** One side's offers, the newest first. */
  async page(
    db: Knex,
    filter: { userId: number; side: 'sender_id' | 'receiver_id'; status: number | null },
    offset: number,
    limit: number,
  ): Promise<{ rows: SwapRow[]; total: number }> {
    const base = db('swap_requests').where(filter.side, filter.userId);
    if (filter.status !== null) base.andWhere({ offer_status: filter.status });
    const [{ n }] = await base.clone().count({ n: '*' });
    const rows = await base.select('*').orderBy('id', 'desc').offset(offset).limit(limit);
    return { rows, total: Number(n) };
  },

  /** Accepted offers past their details deadline with details missing. */
  async overdue(db: Knex, at: Date, limit: number): Promise<number[]> {
    return (
      await db('swap_requests')
        .where({ offer_status: 1 })
        .andWhere('details_due_at', '<=', at)
        .andWhere((q) => q.whereNull('sender_details_at').orWhereNull('receiver_details_at'))
        .orderBy('id')
        .limit(limit)
        .pluck('id')
    ).map(Number);
  },

  async legs(db: Knex, swapId: number) {
    return db('orders').where({ swap_request_id: swapId }).orderBy('id');
  },

  /** How many payments of extra cash the user confirmed (each recorded before its capture). */
  async paymentsOf(db: Knex, userId: number): Promise<number> {
    const [{ n }] = await db('swap_payments').where({ payer_id: userId }).count({ n: '*' });
    return Number(n);
  },

  // --- payments of extra cash

  async payment(db: Knex, paymentIntentId: string): Promise<SwapPaymentRow | undefined> {
    return db('swap_payments').where({ payment_intent_id: paymentIntentId }).first();
  },

  async lockPayment(trx: Knex.Transaction, paymentIntentId: string): Promise<SwapPaymentRow | undefined> {
    return lockIf(trx, trx('swap_payments').where({ payment_intent_id: paymentIntentId }).first());
  },

  /** Written once before the capture; a second confirm of the same payment finds it. */
  async recordPayment(
    db: Knex,
    row: Pick<SwapPaymentRow, 'payment_intent_id' | 'payer_id' | 'amount_cents' | 'action'>,
  ) {
    if (await swapsRepo.payment(db, row.payment_intent_id)) return;
    try {
      await db('swap_payments').insert({ ...row, created_at: now() });
    } catch (err) {
      if (!(await swapsRepo.payment(db, row.payment_intent_id))) throw err;
    }
  },

  async updatePayment(db: Knex, paymentIntentId: string, fields: Partial<SwapPaymentRow>): Promise<void> {
    await db('swap_payments').where({ payment_intent_id: paymentIntentId }).update(fields);
  },

  /** Payments captured (or maybe captured) but never applied, older than `before`: to be refunded. */
  async unapplied(db: Knex, before: Date, limit: number): Promise<string[]> {
    return db('swap_payments')
      .whereNull('applied_at')
      .whereNull('refunded_at')
      .andWhere('created_at', '<=', before)
      .orderBy('created_at')
      .limit(limit)
      .pluck('payment_intent_id');
  },
};
