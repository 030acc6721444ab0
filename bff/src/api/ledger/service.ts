import { createHash } from 'node:crypto';
import { isUniqueViolation, withTransaction, type Knex } from '@swapstuff/db';
import { PaymentProviderError, type PaymentsPort } from '../../adapters/payments';
import { ledgerRepo, type PostingRow, type TransactionKind, type TransactionRow } from './repo';

/**
 * The escrow ledger (issue 12; docs/decisions.md, "Payments: the ledger"). Money moves only as balanced
 * transactions of postings, written once under an idempotency key and never changed.
 *
 * Accounts: `user:<id>:available` (a seller's money, ready to pay out), `user:<id>:escrow` (a payer's
 * money held for a payment), `user:<id>:payable` (on its way out: a refund or a payout asked of the
 * provider), `platform:fees` (the platform's revenue) and `provider:clearing` (the provider's side).
 * A posting is signed as its account sees it: positive is money in, negative money out. Every
 * transaction sums to zero, so all balances sum to zero and provider:clearing's balance is minus what
 * the provider holds for the platform. No account but provider:clearing may go below zero.
 *
 * The provider is called outside any database transaction, with a key derived from the caller's, so
 * that a step which died between the provider's answer and the ledger's write is completed by running
 * it again with the same key: the provider answers the repeat with its first answer, and the ledger
 * finds the part already written.
 */
export const ledgerAccounts = {
  available: (userId: number) => `user:${userId}:available`,
  escrow: (userId: number) => `user:${userId}:escrow`,
  payable: (userId: number) => `user:${userId}:payable`,
  fees: 'platform:fees',
  clearing: 'provider:clearing',
} as const;

export interface LedgerDeps {
  db: Knex;
  payments: PaymentsPort;
}

export interface Posting {
  account: string;
  /** signed: positive into the account, negative out of it */
  amountCents: number;
}

export interface LedgerTransaction {
  id: number;
  idempotencyKey: string;
  kind: TransactionKind;
  /** the PaymentIntent (pi_…) the money belongs to; null for payouts */
  paymentRef: string | null;
  /** what moved the money at the provider (re_… for a refund, tr_… for a payout) */
  providerObject: string | null;
  /** a payout's po_… on the seller's connected account */
  providerPayout: string | null;
  createdAt: Date;
  postings: Posting[];
}

export type RefusalReason =
  | 'unknown_payment'
  | 'already_held'
  | 'not_captured'
  | 'insufficient_escrow'
  | 'insufficient_funds'
  | 'nothing_to_release'
  | 'nothing_to_pay_out'
  | 'key_reused'
  | 'provider_refused';

/** A movement the ledger will not make (the caller answers 409); nothing was written. */
export class LedgerRefusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'LedgerRefusal';
  }
}

/** Room for the suffixes the operations add (`:reserve`, `:transfer` …) within the column's 190. */
const MAX_KEY_LENGTH = 160;

function checkKey(key: string): void {
  if (!key || key.length > MAX_KEY_LENGTH)
    throw new RangeError(`an idempotency key is 1 to ${MAX_KEY_LENGTH} characters`);
}

function checkPositiveCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new RangeError(`${what} must be a positive whole number of cents`);
}

/**
 * The provider said no for good: the same call with the same key gets the same answer. Not a timeout,
 * a network failure, its own failure (5xx), a conflict or a rate limit: those may succeed when repeated.
 */
function isProviderRefusal(err: unknown): err is PaymentProviderError {
  return (
    err instanceof PaymentProviderError && err.status >= 400 && err.status < 500 && ![409, 429].includes(err.status)
  );
}

/**
 * A hold that will never succeed: the ledger refused it, or the provider refused the capture for good. Anything
 * else (the provider unreachable, the database down) may succeed when the same hold is tried again.
 */
export function isHoldRefused(err: unknown): boolean {
  return err instanceof LedgerRefusal || isProviderRefusal(err);
}

function toLedgerTransaction(row: TransactionRow, postings: PostingRow[]): LedgerTransaction {
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    kind: row.kind,
    paymentRef: row.payment_ref,
    providerObject: row.provider_object,
    providerPayout: row.provider_payout,
    createdAt: new Date(row.created_at),
    postings: postings.map((p) => ({ account: p.account, amountCents: p.amount_cents })),
  };
}

interface Entry {
  key: string;
  kind: TransactionKind;
  paymentRef: string | null;
  /** what the caller asked for (amounts, payer or seller, account): a repeat of the key must ask the same */
  params: Record<string, string | number>;
  providerObject?: string | null;
  providerPayout?: string | null;
}

/** The hash kept with a key of what it was asked for, its fields in a fixed order. */
function paramsHash(params: Entry['params']): string {
  const sorted = Object.keys(params)
    .sort()
    .map((name) => [name, params[name]]);
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

/**
 * The transaction already written under `entry.key`, if any. The same key for another movement, or for the same
 * movement asked with other parameters (another amount, fee, seller or account), is refused, as Stripe refuses
 * a key reused with other parameters: answering with the first movement would tell the caller that theirs was made.
 */
async function existing(db: Knex, entry: Entry): Promise<LedgerTransaction | undefined> {
  const row = await ledgerRepo.findTransaction(db, entry.key);
  if (!row) return undefined;
  if (row.kind !== entry.kind || row.payment_ref !== entry.paymentRef) {
    throw new LedgerRefusal('key_reused', `the key ${entry.key} was used for another movement (${row.kind})`);
  }
  // rows written before the hash was kept (null) are checked by their kind and payment alone
  if (row.params_hash !== null && row.params_hash !== paramsHash(entry.params)) {
    throw new LedgerRefusal('key_reused', `the key ${entry.key} was used with other parameters`);
  }
  return toLedgerTransaction(row, await ledgerRepo.postingsOf(db, row.id));
}

function checkBalanced(postings: Posting[]): void {
  if (postings.length < 2) throw new RangeError('a ledger transaction has at least two postings');
  let sum = 0;
  for (const { account, amountCents } of postings) {
    if (!Number.isSafeInteger(amountCents) || amountCents === 0) {
      throw new RangeError(`a posting is a non-zero whole number of cents (${account}: ${amountCents})`);
    }
    sum += amountCents;
  }
  if (sum !== 0) throw new RangeError(`the postings of a ledger transaction sum to ${sum}, not zero`);
}

/**
 * The posting writer: one database transaction that inserts the transaction row (its unique key is
 * taken first, so that a racer with the same key waits there and then finds this one), asks `build` for
 * the postings (it locks and reads what decides them), checks that they sum to zero and leave no account
 * but provider:clearing below zero on the locked snapshot rows, inserts them and moves the snapshots.
 * A key already written returns that transaction and writes nothing, also when two writers race.
 */
async function post(
  db: Knex,
  entry: Entry,
  accounts: string[],
  build: (trx: Knex.Transaction) => Promise<Posting[]>,
): Promise<LedgerTransaction> {
  const found = await existing(db, entry);
  if (found) return found;
  await ledgerRepo.openAccounts(db, accounts);
  try {
    // READ COMMITTED: what a step reads after taking a lock is what the previous holder committed
    return await withTransaction(db, (trx) => write(trx, entry, accounts, build), { isolationLevel: 'read committed' });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // another writer of the same key committed first: its transaction is the answer
    const written = await existing(db, entry);
    if (!written) throw err;
    return written;
  }
}

async function write(
  trx: Knex.Transaction,
  entry: Entry,
  accounts: string[],
  build: (trx: Knex.Transaction) => Promise<Posting[]>,
): Promise<LedgerTransaction> {
  const row = await ledgerRepo.insertTransaction(trx, {
    idempotency_key: entry.key,
    params_hash: paramsHash(entry.params),
    kind: entry.kind,
    payment_ref: entry.paymentRef,
    provider_object: entry.providerObject ?? null,
    provider_payout: entry.providerPayout ?? null,
  });
  const postings = await build(trx);
  checkBalanced(postings);
  const deltas = new Map<string, number>();
  for (const { account, amountCents } of postings) {
    if (!accounts.includes(account)) throw new Error(`${account} was not opened for ${entry.key}`);
    deltas.set(account, (deltas.get(account) ?? 0) + amountCents);
  }
  const touched = [...deltas.keys()].sort();
  const balances = await ledgerRepo.lockBalances(trx, touched);
  for (const account of touched) {
    const after = (balances.get(account) ?? 0) + deltas.get(account)!;
    if (after < 0 && account !== ledgerAccounts.clearing) {
      throw new LedgerRefusal('insufficient_funds', `${account} holds ${balances.get(account) ?? 0} cents, too little`);
    }
  }
  const stored = await ledgerRepo.insertPostings(
    trx,
    row.id,
    postings.map((p) => ({ account: p.account, amount_cents: p.amountCents })),
  );
  for (const account of touched) {
    const last = Math.max(...stored.filter((p) => p.account === account).map((p) => p.id));
    await ledgerRepo.addToBalance(trx, account, deltas.get(account)!, last);
  }
  return toLedgerTransaction(row, stored);
}

/**
 * Postings of the caller's own making, under a key: the posting writer's rules alone, for the ledger's own tests.
 * Not on the ledger's public face (index.ts), which moves money only as the operations below do.
 */
export async function postTransaction(
  db: Knex,
  entry: Omit<Entry, 'params'> & { postings: Posting[] },
): Promise<LedgerTransaction> {
  checkKey(entry.key);
  const accounts = [...new Set(entry.postings.map((p) => p.account))];
  // what such a key asks for is its postings
  const params = Object.fromEntries(entry.postings.map((p, i) => [`${i}:${p.account}`, p.amountCents]));
  return post(db, { ...entry, params }, accounts, async () => entry.postings);
}

const amountIn = (transaction: LedgerTransaction, account: string): number =>
  transaction.postings.filter((p) => p.account === account).reduce((sum, p) => sum + p.amountCents, 0);

async function paymentOrFail(db: Knex, paymentIntentId: string) {
  const payment = await ledgerRepo.findPayment(db, paymentIntentId);
  if (!payment) throw new LedgerRefusal('unknown_payment', `no payment ${paymentIntentId} is held in escrow`);
  return payment;
}

export interface HoldInput {
  /** the authorized PaymentIntent (pi_…) */
  paymentIntentId: string;
  payerId: number;
  amountCents: number;
}

/** What a hold's key asks for: the payer and the amount. */
const heldFor = (input: HoldInput) => ({ payerId: input.payerId, amountCents: input.amountCents });

/**
 * Takes an authorized payment into escrow: captures it at the provider (with `key`), then posts
 * provider:clearing → the payer's escrow. Repeated with the same key (after a crash, or by a racer), it
 * captures nothing more and posts nothing more. The caller's key: `hold:<paymentIntentId>`.
 */
export async function hold(deps: LedgerDeps, input: HoldInput, key: string): Promise<LedgerTransaction> {
  checkKey(key);
  checkPositiveCents(input.amountCents, 'a hold');
  const found = await existing(deps.db, {
    key,
    kind: 'hold',
    paymentRef: input.paymentIntentId,
    params: heldFor(input),
  });
  if (found) return found;
  const captured = await deps.payments.capture(input.paymentIntentId, input.amountCents, key);
  if (captured.status !== 'succeeded' || captured.amount_received !== input.amountCents) {
    throw new LedgerRefusal(
      'not_captured',
      `${input.paymentIntentId} is ${captured.status} with ${captured.amount_received} cents received, not ${input.amountCents}`,
    );
  }
  return recordHold(deps.db, input, key, captured.chargeId);
}

/**
 * The ledger's half of `hold`, once the provider has captured the payment: the payment's row (one per
 * payment, whatever the key) and clearing → the payer's escrow, recording the charge (ch_…) it was.
 */
export async function recordHold(
  db: Knex,
  input: HoldInput,
  key: string,
  chargeId: string | null = null,
): Promise<LedgerTransaction> {
  checkKey(key);
  checkPositiveCents(input.amountCents, 'a hold');
  const escrow = ledgerAccounts.escrow(input.payerId);
  const { clearing } = ledgerAccounts;
  const entry: Entry = {
    key,
    kind: 'hold',
    paymentRef: input.paymentIntentId,
    params: heldFor(input),
    providerObject: chargeId,
  };
  return post(db, entry, [clearing, escrow], async (trx) => {
    if (await ledgerRepo.findPayment(trx, input.paymentIntentId)) {
      throw new LedgerRefusal('already_held', `${input.paymentIntentId} is already held, under another key`);
    }
    await ledgerRepo.insertPayment(trx, {
      payment_ref: input.paymentIntentId,
      payer_id: input.payerId,
      held_cents: input.amountCents,
    });
    return [
      { account: clearing, amountCents: -input.amountCents },
      { account: escrow, amountCents: input.amountCents },
    ];
  });
}

export interface ReleaseInput {
  paymentIntentId: string;
  sellerId: number;
  /** the platform's fee (contracts' fee quote), taken out of what is released */
  feeCents: number;
}

/**
 * Releases what is left of a payment's escrow to the seller: escrow → the seller's available balance,
 * less the fee → platform:fees. Nothing left, or a fee larger than what is left, is refused.
 */
export async function release(db: Knex, input: ReleaseInput, key: string): Promise<LedgerTransaction> {
  checkKey(key);
  if (!Number.isSafeInteger(input.feeCents) || input.feeCents < 0) throw new RangeError('a fee is 0 or more cents');
  const payment = await paymentOrFail(db, input.paymentIntentId);
  const escrow = ledgerAccounts.escrow(payment.payer_id);
  const available = ledgerAccounts.available(input.sellerId);
  const { fees } = ledgerAccounts;
  const entry: Entry = {
    key,
    kind: 'release',
    paymentRef: input.paymentIntentId,
    params: { sellerId: input.sellerId, feeCents: input.feeCents },
  };
  return post(db, entry, [escrow, available, fees], async (trx) => {
    await ledgerRepo.lockPayment(trx, input.paymentIntentId);
    const left = await ledgerRepo.escrowOf(trx, input.paymentIntentId, escrow);
    if (left <= 0) throw new LedgerRefusal('nothing_to_release', `${input.paymentIntentId} has nothing left in escrow`);
    if (input.feeCents > left) {
      throw new LedgerRefusal('insufficient_escrow', `a fee of ${input.feeCents} cents is more than the ${left} left`);
    }
    const postings: Posting[] = [{ account: escrow, amountCents: -left }];
    if (left > input.feeCents) postings.push({ account: available, amountCents: left - input.feeCents });
    if (input.feeCents > 0) postings.push({ account: fees, amountCents: input.feeCents });
    return postings;
  });
}

export interface RefundInput {
  paymentIntentId: string;
  /** all that is left in escrow for a full refund, less for a partial one */
  amountCents: number;
}

/**
 * Gives (part of) a payment back to its payer: escrow → payable, under a lock of the payment that makes
 * concurrent refunds and releases take turns (never more than is left); then the provider's refund with
 * `key`; then payable → clearing, recording the refund (re_…). A crash between the steps is completed by
 * a call with the same key. When the provider refuses the refund for good, payable → escrow puts the
 * money back and the refusal is passed on (and answered again to the same key).
 */
export async function refund(deps: LedgerDeps, input: RefundInput, key: string): Promise<LedgerTransaction> {
  checkKey(key);
  checkPositiveCents(input.amountCents, 'a refund');
  const { db, payments } = deps;
  const pi = input.paymentIntentId;
  const params = { amountCents: input.amountCents };
  const settled = await existing(db, { key: `${key}:settle`, kind: 'refund_settle', paymentRef: pi, params });
  if (settled) return settled;
  if (await existing(db, { key: `${key}:cancel`, kind: 'refund_cancel', paymentRef: pi, params })) {
    throw new LedgerRefusal('provider_refused', `the provider refused the refund ${key}`);
  }
  const payment = await paymentOrFail(db, pi);
  const escrow = ledgerAccounts.escrow(payment.payer_id);
  const payable = ledgerAccounts.payable(payment.payer_id);
  const { clearing } = ledgerAccounts;

  const reserve = await post(
    db,
    { key: `${key}:reserve`, kind: 'refund_reserve', paymentRef: pi, params },
    [escrow, payable],
    async (trx) => {
      await ledgerRepo.lockPayment(trx, pi);
      const left = await ledgerRepo.escrowOf(trx, pi, escrow);
      if (input.amountCents > left) {
        throw new LedgerRefusal(
          'insufficient_escrow',
          `${pi} has ${left} cents left in escrow, not ${input.amountCents}`,
        );
      }
      return [
        { account: escrow, amountCents: -input.amountCents },
        { account: payable, amountCents: input.amountCents },
      ];
    },
  );
  const amount = amountIn(reserve, payable);
  if (amount !== input.amountCents) {
    throw new LedgerRefusal('key_reused', `the refund ${key} was of ${amount} cents, not ${input.amountCents}`);
  }

  let refunded: { id: string };
  try {
    refunded = await payments.refund({ paymentIntentId: pi, amount }, key);
  } catch (err) {
    if (isProviderRefusal(err)) {
      const cancel: Entry = { key: `${key}:cancel`, kind: 'refund_cancel', paymentRef: pi, params };
      await post(db, cancel, [payable, escrow], async () => [
        { account: payable, amountCents: -amount },
        { account: escrow, amountCents: amount },
      ]);
    }
    throw err;
  }
  const settle: Entry = {
    key: `${key}:settle`,
    kind: 'refund_settle',
    paymentRef: pi,
    params,
    providerObject: refunded.id,
  };
  return post(db, settle, [payable, clearing], async () => [
    { account: payable, amountCents: -amount },
    { account: clearing, amountCents: amount },
  ]);
}

export interface PayoutInput {
  sellerId: number;
  /** the seller's connected account at the provider (acct_…) */
  accountId: string;
}

/**
 * Pays a seller's whole available balance out to their connected account: available → payable (the
 * amount fixed under the lock of the balance), the provider's transfer to the account and its payout
 * from it (keys `<key>:transfer`, `<key>:payout`), then payable → clearing recording both. A crash
 * between the steps is completed by a call with the same key. A transfer the provider refuses for good
 * puts the money back (payable → available) and the refusal is passed on. A payout it refuses after the
 * transfer leaves the money on the connected account (the provider pays it out on the account's own
 * schedule): the transaction records no po_….
 */
export async function payout(deps: LedgerDeps, input: PayoutInput, key: string): Promise<LedgerTransaction> {
  checkKey(key);
  const { db, payments } = deps;
  const params = { sellerId: input.sellerId, accountId: input.accountId };
  const settled = await existing(db, { key: `${key}:settle`, kind: 'payout_settle', paymentRef: null, params });
  if (settled) return settled;
  if (await existing(db, { key: `${key}:cancel`, kind: 'payout_cancel', paymentRef: null, params })) {
    throw new LedgerRefusal('provider_refused', `the provider refused the transfer of payout ${key}`);
  }
  const available = ledgerAccounts.available(input.sellerId);
  const payable = ledgerAccounts.payable(input.sellerId);
  const { clearing } = ledgerAccounts;

  const reserve = await post(
    db,
    { key: `${key}:reserve`, kind: 'payout_reserve', paymentRef: null, params },
    [available, payable],
    async (trx) => {
      const balance = (await ledgerRepo.lockBalances(trx, [available, payable])).get(available) ?? 0;
      if (balance <= 0) throw new LedgerRefusal('nothing_to_pay_out', `${available} holds nothing to pay out`);
      return [
        { account: available, amountCents: -balance },
        { account: payable, amountCents: balance },
      ];
    },
  );
  const amount = amountIn(reserve, payable);

  let transfer: { id: string };
  try {
    transfer = await payments.transfer({ accountId: input.accountId, amount }, `${key}:transfer`);
  } catch (err) {
    if (isProviderRefusal(err)) {
      await post(
        db,
        { key: `${key}:cancel`, kind: 'payout_cancel', paymentRef: null, params },
        [payable, available],
        async () => [
          { account: payable, amountCents: -amount },
          { account: available, amountCents: amount },
        ],
      );
    }
    throw err;
  }
  let payoutId: string | null = null;
  try {
    payoutId = (await payments.payout({ accountId: input.accountId, amount }, `${key}:payout`)).id;
  } catch (err) {
    if (!isProviderRefusal(err)) throw err;
  }
  const settle: Entry = {
    key: `${key}:settle`,
    kind: 'payout_settle',
    paymentRef: null,
    params,
    providerObject: transfer.id,
    providerPayout: payoutId,
  };
  return post(db, settle, [payable, clearing], async () => [
    { account: payable, amountCents: -amount },
    { account: clearing, amountCents: amount },
  ]);
}

/** What is left of a payment in escrow (0 for a payment the ledger does not hold). */
export async function paymentEscrow(db: Knex, paymentIntentId: string): Promise<number> {
  const payment = await ledgerRepo.findPayment(db, paymentIntentId);
  return payment ? ledgerRepo.escrowOf(db, paymentIntentId, ledgerAccounts.escrow(payment.payer_id)) : 0;
}

/**
 * Accounts' balances, from the snapshot (a row per account) or replayed from every posting (the ledger's
 * truth, which `checkBalances` holds the snapshot to). An account nothing was posted to holds 0.
 */
export async function accountBalances(
  db: Knex,
  accounts: string[],
  from: 'snapshot' | 'postings' = 'snapshot',
): Promise<Map<string, number>> {
  const found =
    from === 'snapshot'
      ? new Map([...(await ledgerRepo.snapshots(db, accounts))].map(([account, s]) => [account, s.balance]))
      : await ledgerRepo.replayed(db, accounts);
  return new Map(accounts.map((account) => [account, found.get(account) ?? 0]));
}

export interface UserBalances {
  available: number;
  escrow: number;
  payable: number;
}

/** Users' balances, as `accountBalances` reads them. */
export async function userBalances(
  db: Knex,
  userIds: number[],
  from: 'snapshot' | 'postings' = 'snapshot',
): Promise<Map<number, UserBalances>> {
  const accountsOf = (id: number) => [
    ledgerAccounts.available(id),
    ledgerAccounts.escrow(id),
    ledgerAccounts.payable(id),
  ];
  const balances = await accountBalances(db, userIds.flatMap(accountsOf), from);
  return new Map(
    userIds.map((id) => {
      const [available, escrow, payable] = accountsOf(id).map((account) => balances.get(account)!);
      return [id, { available, escrow, payable }];
    }),
  );
}

export interface BalanceMismatch {
  account: string;
  snapshotCents: number;
  replayedCents: number;
  snapshotLastPostingId: number;
  lastPostingId: number;
}

/**
 * Holds every snapshot to the replay of its account's postings, in one consistent read: the accounts
 * whose balance or newest posting differ (none, when every write went through the posting writer).
 */
export async function checkBalances(db: Knex): Promise<BalanceMismatch[]> {
  return withTransaction(db, async (trx) => {
    const snapshots = await ledgerRepo.snapshots(trx);
    const replayed = await ledgerRepo.replayed(trx);
    const lastPostings = await ledgerRepo.lastPostings(trx);
    const accounts = new Set([...snapshots.keys(), ...replayed.keys()]);
    const mismatches: BalanceMismatch[] = [];
    for (const account of [...accounts].sort()) {
      const snapshot = snapshots.get(account) ?? { balance: 0, lastPostingId: 0 };
      const replayedCents = replayed.get(account) ?? 0;
      const lastPostingId = lastPostings.get(account) ?? 0;
      if (snapshot.balance !== replayedCents || snapshot.lastPostingId !== lastPostingId) {
        mismatches.push({
          account,
          snapshotCents: snapshot.balance,
          replayedCents,
          snapshotLastPostingId: snapshot.lastPostingId,
          lastPostingId,
        });
      }
    }
    return mismatches;
  });
}

/** Transactions whose postings do not sum to zero (none: the writer refuses them). */
export const unbalancedTransactions = (db: Knex): Promise<number[]> => ledgerRepo.unbalancedTransactions(db);
