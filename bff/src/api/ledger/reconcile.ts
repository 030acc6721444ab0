import type { Logger } from 'pino';
import type { ProviderBalanceTransaction, PaymentsPort } from '../../adapters/payments';
import type { Schedule } from '../../jobs';
import { ledgerRepo } from './repo';
import { ledgerAccounts, type LedgerDeps } from './service';

/**
 * One thing the ledger and the provider's record do not agree on. `missing_in_ledger`: the provider
 * moved money the ledger does not record; `missing_at_provider`: the reverse; `amount`: both record it,
 * with different amounts; `net`: the provider's balance and minus provider:clearing differ. Amounts are
 * signed as the provider's balance sees them (a charge is positive, a refund or a transfer negative).
 */
export interface Difference {
  kind: 'missing_in_ledger' | 'missing_at_provider' | 'amount' | 'net';
  /** the provider's object (ch_, re_, tr_ …, or the PaymentIntent of a hold) */
  providerObject: string | null;
  /** the ledger transaction's idempotency key */
  transactionKey: string | null;
  providerCents: number | null;
  ledgerCents: number | null;
}

export interface Reconciliation {
  /** the sum of the provider's balance transactions */
  providerNetCents: number;
  /** minus provider:clearing's balance, replayed from its postings */
  ledgerNetCents: number;
  differences: Difference[];
}

/** The balance transactions of a captured payment. */
const CHARGE_TYPES = new Set(['charge', 'payment']);

/**
 * Compares the ledger with the provider's balance transactions, all of them, each matched by the object
 * the ledger recorded (ch_, re_, tr_). A hold written without its charge (recordHold alone, as the bench
 * does) is matched to a charge of its amount. An operation in flight (the provider has answered, the
 * ledger not yet written) shows as a difference until it completes: one that is still there at the next
 * run is real.
 */
export async function reconcile(deps: LedgerDeps): Promise<Reconciliation> {
  const lines: ProviderBalanceTransaction[] = [];
  for await (const line of deps.payments.balanceTransactions()) lines.push(line);
  const movements = await ledgerRepo.providerMovements(deps.db, ledgerAccounts.clearing);

  const byObject = new Map(movements.filter((m) => m.object).map((m) => [m.object!, m]));
  const holdsByAmount = new Map<number, typeof movements>();
  for (const m of movements.filter((m) => !m.object))
    holdsByAmount.set(m.amount, [...(holdsByAmount.get(m.amount) ?? []), m]);

  const differences: Difference[] = [];
  for (const line of lines) {
    const object = line.source ?? line.id;
    const movement = byObject.get(object);
    if (movement) {
      byObject.delete(object);
      if (movement.amount !== line.amount) {
        differences.push({
          kind: 'amount',
          providerObject: object,
          transactionKey: movement.key,
          providerCents: line.amount,
          ledgerCents: movement.amount,
        });
      }
      continue;
    }
    if (CHARGE_TYPES.has(line.type) && holdsByAmount.get(line.amount)?.pop()) continue;
    differences.push({
      kind: 'missing_in_ledger',
      providerObject: object,
      transactionKey: null,
      providerCents: line.amount,
      ledgerCents: null,
    });
  }
  for (const movement of [...byObject.values(), ...[...holdsByAmount.values()].flat()]) {
    differences.push({
      kind: 'missing_at_provider',
      providerObject: movement.object ?? movement.paymentRef,
      transactionKey: movement.key,
      providerCents: null,
      ledgerCents: movement.amount,
    });
  }

  const providerNetCents = lines.reduce((sum, line) => sum + line.amount, 0);
  const ledgerNetCents = movements.reduce((sum, m) => sum + m.amount, 0);
  if (providerNetCents !== ledgerNetCents) {
    differences.push({
      kind: 'net',
      providerObject: null,
      transactionKey: null,
      providerCents: providerNetCents,
      ledgerCents: ledgerNetCents,
    });
  }
  return { providerNetCents, ledgerNetCents, differences };
}

const HOUR = 60 * 60_000;

/**
 * The reconciliation as a periodic job of the job runner (one runner among all takes each run): every
 * run is kept in `ledger_reconciliations`, and a run that finds differences is logged at error level.
 */
export function reconciliationSchedule(payments: PaymentsPort, logger: Logger): Schedule {
  return {
    name: 'ledger.reconcile',
    everyMs: HOUR,
    run: async (db) => {
      const report = await reconcile({ db, payments });
      await ledgerRepo.insertReconciliation(db, {
        provider_net_cents: report.providerNetCents,
        ledger_net_cents: report.ledgerNetCents,
        differences: report.differences,
      });
      if (report.differences.length > 0) {
        logger.error(
          { count: report.differences.length, differences: report.differences.slice(0, 50) },
          'the ledger and the payment provider disagree',
        );
      }
    },
  };
}
