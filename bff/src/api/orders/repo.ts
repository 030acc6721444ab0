import { isSqlite, type Knex } from '@swapstuff/db';
import { OrderSwapStatus } from '@swapstuff/contracts';

/** An orders row as stored (dates are Date on MySQL, epoch ms on SQLite). */
export interface OrderRow {
  id: number;
  kind: 'buynow' | 'swap';
  listing_id: number;
  buyer_id: number;
  seller_id: number;
  swap_request_id: number | null;
  our_listing_id: number | null;
  status: OrderSwapStatus;
  payment_intent_id: string | null;
  paid_at: Date | number | null;
  item_cents: number;
  shipping_cents: number;
  fee_cents: number;
  discount_cents: number;
  total_cents: number;
  address_id: number | null;
  delivery_address: string;
  sender_address: string;
  is_platform: number | boolean;
  rate_id: string | null;
  courier_provider: string | null;
  courier_service: string | null;
  courier_image: string | null;
  label_id: string | null;
  label_url: string | null;
  carrier: string | null;
  tracking_number: string | null;
  shipment_status: string | null;
  eta: Date | number | null;
  delivered_at: Date | number | null;
  inspection_ends_at: Date | number | null;
  completed_at: Date | number | null;
  created_at: Date | number;
  updated_at: Date | number;
}

export type NewOrder = Omit<
  OrderRow,
  | 'id'
  | 'paid_at'
  | 'label_id'
  | 'label_url'
  | 'carrier'
  | 'tracking_number'
  | 'shipment_status'
  | 'eta'
  | 'delivered_at'
  | 'inspection_ends_at'
  | 'completed_at'
  | 'created_at'
  | 'updated_at'
>;

export interface TrackingRow {
  order_id: number;
  step_key: string;
  status: string;
  details: string;
  status_at: Date | number;
  city: string | null;
  state: string | null;
}

export interface OrderListFilter {
  userId: number;
  side: 'buyer_id' | 'seller_id';
  kind: 'buynow' | 'swap';
  search: string | null;
  status: OrderSwapStatus | null;
}

const lockIf = <T extends Knex.QueryBuilder>(db: Knex, query: T): T =>
  isSqlite(db) ? query : (query.forUpdate() as T);

export const ordersRepo = {
  /** The user's purchases and sales not completed yet (a swap's legs are its offer's: swapsRepo.inFlightCount). */
  async inFlight(db: Knex, userId: number): Promise<{ sales: number; purchases: number }> {
    const count = async (side: 'buyer_id' | 'seller_id') => {
      const [row] = await db('orders')
        .where({ [side]: userId, kind: 'buynow' })
        .whereNot('status', OrderSwapStatus.Completed)
        .count({ n: '*' });
      return Number(row.n);
    };
    return { sales: await count('seller_id'), purchases: await count('buyer_id') };
  },

  async insert(trx: Knex.Transaction, order: NewOrder): Promise<number> {
    const now = new Date();
    const [id] = await trx('orders').insert({ ...order, created_at: now, updated_at: now });
    return Number(id);
  },

  async byId(db: Knex, id: number): Promise<OrderRow | undefined> {
    return db('orders').where({ id }).first();
  },

  /** The row, locked until the end of the transaction: every change of an order starts here. */
  async lock(trx: Knex.Transaction, id: number): Promise<OrderRow | undefined> {
    return lockIf(trx, trx('orders').where({ id }).first());
  },

  async byPayment(db: Knex, paymentIntentId: string): Promise<OrderRow | undefined> {
    return db('orders').where({ payment_intent_id: paymentIntentId }).first();
  },

  async byTracking(db: Knex, carrier: string, trackingNumber: string): Promise<OrderRow | undefined> {
    return db('orders').where({ carrier, tracking_number: trackingNumber }).first();
  },

  async update(db: Knex, id: number, fields: Partial<OrderRow>): Promise<void> {
    await db('orders')
      .where({ id })
      .update({ ...fields, updated_at: new Date() });
  },

  async remove(trx: Knex.Transaction, id: number): Promise<void> {
    await trx('order_tracking').where({ order_id: id }).delete();
    await trx('orders').where({ id }).delete();
  },

  /** Paid orders of one side, the newest first, with the listing's title for the search. */
  async page(
    db: Knex,
    filter: OrderListFilter,
    offset: number,
    limit: number,
  ): Promise<{ rows: OrderRow[]; total: number }> {
    const base = db('orders as o')
      .join('products as p', 'p.id', 'o.listing_id')
      .where(`o.${filter.side}`, filter.userId)
      .andWhere('o.kind', filter.kind)
      .whereNotNull('o.paid_at');
    if (filter.status) base.andWhere('o.status', filter.status);
    if (filter.search) base.andWhere('p.title', 'like', `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const [{ n }] = await base.clone().count({ n: '*' });
    const rows = await base.select('o.*').orderBy('o.id', 'desc').offset(offset).limit(limit);
    return { rows, total: Number(n) };
  },

  /** Orders whose inspection window has closed without a dispute: the escrow goes to the seller. */
  async inspectionClosed(db: Knex, now: Date, limit: number): Promise<OrderRow[]> {
    return db('orders').where({ status: '5' }).andWhere('inspection_ends_at', '<=', now).orderBy('id').limit(limit);
  },

  /** Orders whose payment was authorized and the listing taken, but the capture not finished (a crash between). */
  async unsettled(db: Knex, before: Date, limit: number): Promise<OrderRow[]> {
    return db('orders')
      .whereNull('paid_at')
      .whereNotNull('payment_intent_id')
      .andWhere('created_at', '<=', before)
      .orderBy('id')
      .limit(limit);
  },

  /** Paid platform orders still without a label (the label job failed or has not run yet). */
  async withoutLabel(db: Knex, before: Date, limit: number): Promise<OrderRow[]> {
    return db('orders')
      .whereNotNull('paid_at')
      .andWhere({ is_platform: true, status: '1' })
      .whereNull('label_id')
      .andWhere('paid_at', '<=', before)
      .orderBy('id')
      .limit(limit);
  },

  async tracking(db: Knex, orderId: number): Promise<TrackingRow[]> {
    return db('order_tracking').where({ order_id: orderId }).orderBy('status_at').orderBy('id');
  },

  /** Adds the steps not already kept (a replayed webhook adds nothing). */
  async addTracking(trx: Knex.Transaction, rows: TrackingRow[]): Promise<number> {
    let added = 0;
    for (const row of rows) {
      const found = await trx('order_tracking').where({ order_id: row.order_id, step_key: row.step_key }).first('id');
      if (found) continue;
      await trx('order_tracking').insert(row);
      added += 1;
    }
    return added;
  },
};
