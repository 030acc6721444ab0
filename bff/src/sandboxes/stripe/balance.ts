/**
 * Balances and balance transactions: the platform's record (charges in on capture, refunds and transfers
 * out) and each connected account's own (transfers in, payouts out), selected by `Stripe-Account`.
 *
 * Two simplifications keep reconciliation exact: Stripe's fees are zero here (fee 0, net = amount), and
 * money is available at once (no pending period), so a balance is the sum of its transactions.
 */
import { noSuch } from './errors';
import { allowOnly, COMMON, str } from './params';
import { seconds, type Routes, type Sandbox } from './sandbox';
import {
  createdFilter,
  newId,
  newestFirst,
  page,
  type BalanceTransaction,
  type Store,
  type TransactionType,
} from './store';

/** A new line in the record of `owner` (a connected account's id, or undefined for the platform). */
export function recordTransaction(
  sandbox: Sandbox,
  line: { owner: string | undefined; type: TransactionType; amount: number; currency: string; source: string },
): BalanceTransaction {
  const created = seconds(sandbox);
  const transaction: BalanceTransaction = {
    id: newId('txn'),
    object: 'balance_transaction',
    amount: line.amount,
    available_on: created,
    balance_type: 'payments',
    created,
    currency: line.currency,
    description: null,
    exchange_rate: null,
    // the sandbox charges no fees: what the ledger expects is exactly what moved
    fee: 0,
    fee_details: [],
    net: line.amount,
    reporting_category: line.type,
    source: line.source,
    status: 'available',
    type: line.type,
  };
  sandbox.store.state.balanceTransactions[transaction.id] = transaction;
  if (line.owner) sandbox.store.state.owners[transaction.id] = line.owner;
  return transaction;
}

function transactionsOf(store: Store, owner: string | undefined): BalanceTransaction[] {
  return newestFirst(store.state.balanceTransactions).filter((line) => store.ownerOf(line.id) === owner);
}

/** What `owner` may move in `currency` now. */
export function availableBalance(store: Store, owner: string | undefined, currency: string): number {
  let total = 0;
  for (const line of transactionsOf(store, owner)) if (line.currency === currency) total += line.net;
  return total;
}

function balanceOf(store: Store, owner: string | undefined) {
  const totals = new Map<string, number>([['usd', 0]]);
  for (const line of transactionsOf(store, owner))
    totals.set(line.currency, (totals.get(line.currency) ?? 0) + line.net);
  const funds = (pending: boolean) =>
    [...totals].map(([currency, total]) => {
      const amount = pending ? 0 : total;
      return { amount, currency, source_types: { card: amount } };
    });
  return { object: 'balance', available: funds(false), pending: funds(true), livemode: false };
}

export function balanceRoutes(routes: Routes, store: Store): void {
  routes.get(
    '/v1/balance',
    ({ params, account }) => {
      allowOnly(params, COMMON);
      return balanceOf(store, account);
    },
    { connect: true },
  );

  routes.get(
    '/v1/balance_transactions/:id',
    ({ path, account }) => {
      const line = store.get('balanceTransactions', path.id);
      if (store.ownerOf(line.id) !== account) throw noSuch('balance transaction', path.id);
      return line;
    },
    { connect: true },
  );

  routes.get(
    '/v1/balance_transactions',
    ({ params, account }) => {
      allowOnly(params, [
        ...COMMON,
        'limit',
        'starting_after',
        'ending_before',
        'created',
        'type',
        'source',
        'currency',
      ]);
      const type = str(params, 'type');
      const source = str(params, 'source');
      const currency = str(params, 'currency')?.toLowerCase();
      const created = createdFilter(params);
      const lines = transactionsOf(store, account).filter(
        (line) =>
          (type === undefined || line.type === type) &&
          (source === undefined || line.source === source) &&
          (currency === undefined || line.currency === currency) &&
          created(line),
      );
      return page(lines, params, '/v1/balance_transactions');
    },
    { connect: true },
  );
}
