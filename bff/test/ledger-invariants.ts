/**
 * The ledger's invariants (issue 12), as one check the tests of anything that moves money call after their
 * journeys (issue 13, acceptance 4): every transaction sums to zero, every account's kept balance is the sum
 * of its postings, no account but the provider's clearing is below zero, and the ledger agrees with the
 * provider's own record of what moved (reconciliation).
 */
import { checkBalances, reconcile, unbalancedTransactions } from '../src/api/ledger';
import type { TestApi } from './harness';

export async function expectLedgerInvariants(api: Pick<TestApi, 'db' | 'payments'>): Promise<void> {
  expect(await unbalancedTransactions(api.db)).toEqual([]);
  expect(await checkBalances(api.db)).toEqual([]);
  const negative = await api
    .db('ledger_balances')
    .where('balance_cents', '<', 0)
    .whereNot({ account: 'provider:clearing' })
    .pluck('account');
  expect(negative).toEqual([]);
  const reconciliation = await reconcile({ db: api.db, payments: api.payments });
  expect(reconciliation.differences).toEqual([]);
  expect(reconciliation.ledgerNetCents).toBe(reconciliation.providerNetCents);
}
