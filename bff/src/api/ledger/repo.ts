import { isSqlite, type Knex } from '@swapstuff/db';

/** What a ledger transaction records (db/src/migrations/011_ledger.ts). */
export type TransactionKind =
  | 'hold'
  | 'release'
  | 'refund_reserve'
  | 'refund_settle'
  | 'refund_cancel'
  | 'payout_reserve'
  | 'payout_settle'
  | 'payout_cancel';

export interface TransactionRow {
  id: number;
  idempotency_key: string;
  kind: TransactionKind;
  payment_ref: string | null;
  provider_object: string | null;
  provider_payout: string | null;
  /** what the key was asked for (issue 33): null on rows written before it was kept */
  params_hash: string | null;
  created_at: number;
}

export interface PostingRow {
  id: number;
  transaction_id: number;
  account: string;
  amount_cents: number;
}

export interface PaymentRow {
  payment_ref: string;
  payer_id: number;
  held_cents: number;
  created_at: number;
}

export type NewTransaction = Omit<TransactionRow, 'id' | 'created_at'>;

/**
 * BIGINT, and SUM() of it, arrive as text from mysql2 (DECIMAL, or a BIGINT past 2^53) and as numbers
 * from SQLite. Every amount the ledger holds is a safe integer of cents; anything else is refused.
 */
export function wholeCents(value: string | number | null | undefined): number {
  const whole = value === null || value === undefined ? 0 : Number(value);
  if (!Number.isSafeInteger(whole)) throw new RangeError(`not a whole number of cents: ${value}`);
  return whole;
}

const toTransaction = (row: TransactionRow): TransactionRow => ({
  ...row,
  id: Number(row.id),
  created_at: Number(row.created_at),
});

const toPosting = (row: PostingRow): PostingRow => ({
  id: Number(row.id),
  transaction_id: Number(row.transaction_id),
  account: row.account,
  amount_cents: wholeCents(row.amount_cents),
});

export const ledgerRepo = {
  async findTransaction(db: Knex, key: string): Promise<TransactionRow | undefined> {
    const row = await db<TransactionRow>('ledger_transactions').where({ idempotency_key: key }).first();
    return row && toTransaction(row);
  },

  async postingsOf(db: Knex, transactionId: number): Promise<PostingRow[]> {
    const rows = await db<PostingRow>('ledger_postings').where({ transaction_id: transactionId }).orderBy('id');
    return rows.map(toPosting);
  },

  /** The key is unique: a second writer of the same key fails here, before it locks or writes anything else. */
  async insertTransaction(trx: Knex.Transaction, fields: NewTransaction): Promise<TransactionRow> {
    const row = { ...fields, created_at: Date.now() };
    const [id] = await trx('ledger_transactions').insert(row);
    return { ...row, id: Number(id) };
  },

  /** The postings as stored, with their ids (the balance snapshot records the newest it includes). */
  async insertPostings(
    trx: Knex.Transaction,
    transactionId: number,
    postings: { account: string; amount_cents: number }[],
  ): Promise<PostingRow[]> {
    await trx('ledger_postings').insert(postings.map((p) => ({ ...p, transaction_id: transactionId })));
    return ledgerRepo.postingsOf(trx, transactionId);
  },

  /**
   * Gives each account its snapshot row (balance 0) when it has none yet, outside any transaction: the
   * rows are then there to be locked, so that no transaction locks a gap (MySQL) for an account that
   * another is creating. A row nobody posts to afterwards is harmless.
   */
  async openAccounts(db: Knex, accounts: string[]): Promise<void> {
    const known = new Set<string>(await db('ledger_balances').whereIn('account', accounts).pluck('account'));
    const missing = accounts.filter((account) => !known.has(account));
    if (missing.length === 0) return;
    await db('ledger_balances')
      .insert(missing.map((account) => ({ account, balance_cents: 0, last_posting_id: 0 })))
      .onConflict('account')
      .ignore();
  },

  /**
   * The accounts' snapshot balances, their rows locked in the order of their names (MySQL: every writer
   * locks in that one order, so two cannot wait for each other; SQLite has a single writer).
   */
  async lockBalances(trx: Knex.Transaction, accounts: string[]): Promise<Map<string, number>> {
    const query = trx('ledger_balances')
      .whereIn('account', accounts)
      .orderBy('account')
      .select('account', 'balance_cents');
    const rows: { account: string; balance_cents: string | number }[] = isSqlite(trx)
      ? await query
      : await query.forUpdate();
    return new Map(rows.map((r) => [r.account, wholeCents(r.balance_cents)]));
  },

  async addToBalance(trx: Knex.Transaction, account: string, delta: number, lastPostingId: number): Promise<void> {
    await trx('ledger_balances')
      .where({ account })
      .update({ balance_cents: trx.raw('balance_cents + ?', [delta]), last_posting_id: lastPostingId });
  },

  async insertPayment(trx: Knex.Transaction, row: Omit<PaymentRow, 'created_at'>): Promise<void> {
    await trx('ledger_payments').insert({ ...row, created_at: Date.now() });
  },

  async findPayment(db: Knex, paymentRef: string): Promise<PaymentRow | undefined> {
    const row = await db<PaymentRow>('ledger_payments').where({ payment_ref: paymentRef }).first();
    return row && { ...row, payer_id: Number(row.payer_id), held_cents: wholeCents(row.held_cents) };
  },

  /** Serialises releases and refunds of one payment (MySQL: a row lock; SQLite has a single writer). */
  async lockPayment(trx: Knex.Transaction, paymentRef: string): Promise<void> {
    if (!isSqlite(trx))
      await trx('ledger_payments').where({ payment_ref: paymentRef }).forUpdate().first('payment_ref');
  },

  /** What is left of a payment in its payer's escrow: held, less what was released and refunded. */
  async escrowOf(db: Knex, paymentRef: string, escrowAccount: string): Promise<number> {
    const row = await db('ledger_postings as p')
      .join('ledger_transactions as t', 't.id', 'p.transaction_id')
      .where({ 't.payment_ref': paymentRef, 'p.account': escrowAccount })
      .first(db.raw('sum(p.amount_cents) as total'));
    return wholeCents(row?.total);
  },

  /** Snapshot balances: of `accounts`, or of every account. */
  async snapshots(db: Knex, accounts?: string[]): Promise<Map<string, { balance: number; lastPostingId: number }>> {
    const query = db('ledger_balances').select('account', 'balance_cents', 'last_posting_id');
    if (accounts) query.whereIn('account', accounts);
    const rows: { account: string; balance_cents: string | number; last_posting_id: string | number }[] = await query;
    return new Map(
      rows.map((r) => [r.account, { balance: wholeCents(r.balance_cents), lastPostingId: Number(r.last_posting_id) }]),
    );
  },

  /** Balances replayed from the postings: of `accounts`, or of every account. */
  async replayed(db: Knex, accounts?: string[]): Promise<Map<string, number>> {
    const query = db('ledger_postings').groupBy('account').select('account', db.raw('sum(amount_cents) as total'));
    if (accounts) query.whereIn('account', accounts);
    const rows: { account: string; total: string | number }[] = await query;
    return new Map(rows.map((r) => [r.account, wholeCents(r.total)]));
  },

  /** Each account's newest posting. */
  async lastPostings(db: Knex): Promise<Map<string, number>> {
    const rows: { account: string; last: string | number }[] = await db('ledger_postings')
      .groupBy('account')
      .select('account', db.raw('max(id) as last'));
    return new Map(rows.map((r) => [r.account, Number(r.last)]));
  },

  /** Transactions whose postings do not sum to zero, or that have fewer than two (none, when the writer is right). */
  async unbalancedTransactions(db: Knex): Promise<number[]> {
    const rows: { transaction_id: string | number }[] = await db('ledger_postings')
      .groupBy('transaction_id')
      .havingRaw('sum(amount_cents) <> 0 or count(*) < 2')
      .select('transaction_id');
    return rows.map((r) => Number(r.transaction_id));
  },

  /**
   * What the ledger says moved at the provider: each transaction that posted to `clearing`, with the
   * provider's object it records (none for a hold: the port does not name the charge), the amount as the
   * provider's balance sees it (minus the clearing posting) and when the ledger wrote it; those written in
   * [from, to) when a range is given.
   */
  async providerMovements(
    db: Knex,
    clearing: string,
    range?: { from: number; to: number },
  ): Promise<
    {
      key: string;
      kind: TransactionKind;
      paymentRef: string | null;
      object: string | null;
      amount: number;
      at: number;
    }[]
  > {
    const rows: {
      idempotency_key: string;
      kind: TransactionKind;
      payment_ref: string | null;
      provider_object: string | null;
      amount_cents: string | number;
      created_at: string | number;
    }[] = await db('ledger_postings as p')
      .join('ledger_transactions as t', 't.id', 'p.transaction_id')
      .where('p.account', clearing)
      .modify((query) => {
        if (range) query.where('t.created_at', '>=', range.from).where('t.created_at', '<', range.to);
      })
      .orderBy('p.id')
      .select('t.idempotency_key', 't.kind', 't.payment_ref', 't.provider_object', 'p.amount_cents', 't.created_at');
    return rows.map((r) => ({
      key: r.idempotency_key,
      kind: r.kind,
      paymentRef: r.payment_ref,
      object: r.provider_object,
      amount: -wholeCents(r.amount_cents),
      at: Number(r.created_at),
    }));
  },

  async insertReconciliation(
    db: Knex,
    row: {
      window_from: number | null;
      window_to: number | null;
      provider_net_cents: number;
      ledger_net_cents: number;
      differences: unknown[];
    },
  ): Promise<void> {
    await db('ledger_reconciliations').insert({
      ran_at: Date.now(),
      window_from: row.window_from,
      window_to: row.window_to,
      difference_count: row.differences.length,
      provider_net_cents: row.provider_net_cents,
      ledger_net_cents: row.ledger_net_cents,
      differences: JSON.stringify(row.differences),
    });
  },

  /** Where the last windowed reconciliation ended (epoch ms), if one ran. */
  async reconciledUntil(db: Knex): Promise<number | null> {
    const row = (await db('ledger_reconciliations').max('window_to as until').first()) as
      { until: string | number | null } | undefined;
    return row?.until === null || row?.until === undefined ? null : Number(row.until);
  },
};
