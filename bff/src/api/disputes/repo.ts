import type { Knex } from '@swapstuff/db';

export interface DisputeRow {
  id: number;
  order_id: number;
  opened_by: number;
  type: string;
  reason: string;
  status: 'open' | 'resolved';
  refund_cents: number | null;
  created_at: Date | number;
  resolved_at: Date | number | null;
  /** the side support asked for more information, and its request's entry, until that side adds to the dispute */
  info_requested_from: 'buyer' | 'seller' | null;
  info_request_entry_id: number | null;
}

export interface EntryRow {
  id: number;
  dispute_id: number;
  user_id: number | null;
  kind: 'opened' | 'additional' | 'edited' | 'resolved' | 'support' | 'asked';
  text: string;
  /** JSON: the image ids of the photos */
  images: string;
  created_at: Date | number;
}

export const disputesRepo = {
  async byId(db: Knex, id: number): Promise<DisputeRow | undefined> {
    return db('disputes').where({ id }).first();
  },

  async ofOrder(db: Knex, orderId: number): Promise<DisputeRow | undefined> {
    return db('disputes').where({ order_id: orderId }).first();
  },

  async insert(
    trx: Knex.Transaction,
    row: Omit<DisputeRow, 'id' | 'refund_cents' | 'resolved_at' | 'info_requested_from' | 'info_request_entry_id'>,
  ): Promise<number> {
    const [id] = await trx('disputes').insert(row);
    return Number(id);
  },

  async resolve(trx: Knex.Transaction, id: number, refundCents: number): Promise<void> {
    await trx('disputes').where({ id }).update({
      status: 'resolved',
      refund_cents: refundCents,
      resolved_at: new Date(),
      info_requested_from: null,
      info_request_entry_id: null,
    });
  },

  /** Support asks one side for more: the side, and the entry that asks. */
  async ask(trx: Knex.Transaction, id: number, side: 'buyer' | 'seller', entryId: number): Promise<void> {
    await trx('disputes').where({ id }).update({ info_requested_from: side, info_request_entry_id: entryId });
  },

  /** The side asked has added to the dispute: nothing is asked of it any more. */
  async answered(trx: Knex.Transaction, id: number, side: 'buyer' | 'seller'): Promise<void> {
    await trx('disputes')
      .where({ id, info_requested_from: side })
      .update({ info_requested_from: null, info_request_entry_id: null });
  },

  async addEntry(trx: Knex | Knex.Transaction, row: Omit<EntryRow, 'id' | 'created_at'>): Promise<number> {
    const [id] = await trx('dispute_entries').insert({ ...row, created_at: new Date() });
    return Number(id);
  },

  async entries(db: Knex, disputeId: number): Promise<EntryRow[]> {
    return db('dispute_entries').where({ dispute_id: disputeId }).orderBy('id');
  },

  /** The user's own uploaded images among `ids`. */
  async ownImages(db: Knex, userId: number, ids: number[]): Promise<{ id: number; file_name: string }[]> {
    if (ids.length === 0) return [];
    return db('images').where({ user_id: userId }).whereIn('id', ids).select('id', 'file_name');
  },

  async imageFiles(db: Knex, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows: { id: number; file_name: string }[] = await db('images').whereIn('id', ids).select('id', 'file_name');
    return new Map(rows.map((row) => [row.id, row.file_name]));
  },
};
