import { isUniqueViolation, type Knex } from '@swapstuff/db';

export interface PayoutAccountState {
  details_submitted: boolean;
  payouts_enabled: boolean;
}

export interface PayoutAccountRow {
  user_id: number;
  account_id: string;
  details_submitted: boolean | 0 | 1;
  payouts_enabled: boolean | 0 | 1;
  state_at: number | string;
}

export const payoutAccountsRepo = {
  of(db: Knex, userId: number): Promise<PayoutAccountRow | undefined> {
    return db<PayoutAccountRow>('payout_accounts').where({ user_id: userId }).first();
  },

  /** The user's connected account; a racing first call has written it already, and that one stays. */
  async insert(db: Knex, userId: number, accountId: string): Promise<void> {
    const now = new Date();
    try {
      await db('payout_accounts').insert({ user_id: userId, account_id: accountId, created_at: now, updated_at: now });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  },

  /**
   * A connected account's state as of the provider's time `at` (unix seconds): never over a state of a later
   * time, so an event that arrives after a newer one changes nothing.
   */
  async update(db: Knex, accountId: string, state: PayoutAccountState, at: number): Promise<void> {
    await db('payout_accounts')
      .where({ account_id: accountId })
      .where('state_at', '<=', at)
      .update({ ...state, state_at: at, updated_at: new Date() });
  },

  /** Sellers whose payouts are set up: the payout job's candidates. */
  enabled(db: Knex): Promise<PayoutAccountRow[]> {
    return db<PayoutAccountRow>('payout_accounts').where({ payouts_enabled: true });
  },
};

/**
 * How many of a seller's payouts are finished (settled, or put back after the provider refused them): the
 * ledger's transactions under the seller's payout keys (payout/schedule.ts).
 */
export async function payoutsFinished(db: Knex, keyPrefix: string): Promise<number> {
  const [{ n }] = await db('ledger_transactions')
    .whereIn('kind', ['payout_settle', 'payout_cancel'])
    .where('idempotency_key', 'like', `${keyPrefix}%`)
    .count({ n: '*' });
  return Number(n);
}

/**
 * What a seller has sold that is still in escrow: the item prices of their paid orders not completed yet
 * (pending delivery, in the inspection window, or disputed). Read from the orders table, whose amounts are
 * what the ledger will release.
 */
export async function pendingSalesCents(db: Knex, sellerId: number): Promise<number> {
  const [{ sum }] = await db('orders')
    .where({ seller_id: sellerId })
    .whereNotNull('paid_at')
    .whereIn('status', ['1', '5', '6'])
    .sum({ sum: 'item_cents' });
  return Number(sum ?? 0);
}

/** What payouts have taken out of the seller's payable account at the provider so far. */
export async function paidOutCents(db: Knex, payableAccount: string): Promise<number> {
  const [{ sum }] = await db('ledger_postings as p')
    .join('ledger_transactions as t', 't.id', 'p.transaction_id')
    .where({ 'p.account': payableAccount, 't.kind': 'payout_settle' })
    .sum({ sum: 'p.amount_cents' });
  return -Number(sum ?? 0);
}
