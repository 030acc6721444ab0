import { expect } from '@playwright/test';
import { createPayments } from '@swapstuff/bff/dist/adapters/payments';
import { checkBalances, reconcile, unbalancedTransactions } from '@swapstuff/bff/dist/api/ledger';
import { PAYMENTS_PORT, sandboxKey } from '../servers';
import { withDatabase } from './database';

/**
 * The ledger's invariants after a journey (issue 13, acceptance 4), on the site's own database: every
 * transaction balances, every kept balance is its postings' sum, and the ledger agrees with the payment
 * sandbox's record of what moved. Another journey may be between the provider's answer and the ledger's
 * write at this moment, so the reconciliation is asked again for a few seconds before it counts as a failure.
 */
export async function expectLedgerInvariants(): Promise<void> {
  const payments = createPayments({
    sandbox: {
      url: `http://127.0.0.1:${PAYMENTS_PORT}`,
      publicUrl: `http://localhost:${PAYMENTS_PORT}`,
      secretKey: sandboxKey('stripe-sandbox'),
      publishableKey: 'pk_test_sandbox',
    },
    // only reading here: no webhook is checked
    webhookSecret: 'whsec_unused',
  });
  await withDatabase(async (db) => {
    expect(await unbalancedTransactions(db)).toEqual([]);
    expect(await checkBalances(db)).toEqual([]);
    await expect.poll(async () => (await reconcile({ db, payments })).differences, { timeout: 15_000 }).toEqual([]);
  });
}
