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

/** A span of time, epoch ms, [from, to). */
export interface Window {
  from: number;
  to: number;
}

/**
 * How far either side of a window its lines are matched: the provider's line and the ledger's write of one
 * operation can fall either side of a window's edge (the ledger writes after the provider answered; a job
 * that failed writes on a later try, or the orders.settle sweep finishes a capture a crash left), and the two
 * clocks differ. A scheduled window ends this long before now, so that all it is matched against has happened.
 */
export const MATCH_MARGIN_MS = 60 * 60_000;

/**
 * Compares the ledger with the provider's balance transactions, each matched by the object the ledger
 * recorded (ch_, re_, tr_). A hold written without its charge (recordHold alone, as the bench does) is
 * matched to a charge of its amount. An operation in flight (the provider has answered, the ledger not yet
 * written) shows as a difference until it completes.
 *
 * With a window, only what happened in it is compared (issue 33, finding 5: the whole history every hour grew
 * with every sale): the provider's lines created in it and the ledger's transactions written in it, each
 * matched against the other side within MATCH_MARGIN_MS of the window, so that one operation straddling an
 * edge is found whole; each difference is reported by the window its own side falls in. The nets are the
 * window's; their difference (`net`) is checked on the whole history alone, where a window's edge cannot cut an
 * operation in two (every line and every write matched already says the same, window by window).
 */
export async function reconcile(deps: LedgerDeps, window?: Window): Promise<Reconciliation> {
  const reach = window && { from: Math.max(0, window.from - MATCH_MARGIN_MS), to: window.to + MATCH_MARGIN_MS };
  const lines: ProviderBalanceTransaction[] = [];
  const range = reach && { createdFrom: Math.floor(reach.from / 1000), createdBefore: Math.ceil(reach.to / 1000) };
  for await (const line of deps.payments.balanceTransactions(range)) lines.push(line);
  const movements = await ledgerRepo.providerMovements(deps.db, ledgerAccounts.clearing, reach);
  const inWindow = (ms: number) => !window || (ms >= window.from && ms < window.to);
  const lineInWindow = (line: ProviderBalanceTransaction) => inWindow(line.created * 1000);

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
      if (movement.amount !== line.amount && lineInWindow(line)) {
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
    if (!lineInWindow(line)) continue;
    differences.push({
      kind: 'missing_in_ledger',
      providerObject: object,
      transactionKey: null,
      providerCents: line.amount,
      ledgerCents: null,
    });
  }
  for (const movement of [...byObject.values(), ...[...holdsByAmount.values()].flat()]) {
    if (!inWindow(movement.at)) continue;
    differences.push({
      kind: 'missing_at_provider',
      providerObject: movement.object ?? movement.paymentRef,
      transactionKey: movement.key,
      providerCents: null,
      ledgerCents: movement.amount,
    });
  }

  const providerNetCents = lines.filter(lineInWindow).reduce((sum, line) => sum + line.amount, 0);
  const ledgerNetCents = movements.filter((m) => inWindow(m.at)).reduce((sum, m) => sum + m.amount, 0);
  if (!window && providerNetCents !== ledgerNetCents) {
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
 * The reconciliation as a periodic job of the job runner (one runner among all takes each run): each run
 * compares the window from where the last one ended (the beginning, the first time) to MATCH_MARGIN_MS before
 * now, and is kept in `ledger_reconciliations` with its window; a run that finds differences is logged at error
 * level. A run that failed leaves the cursor where it was: the next one takes its window too.
 */
export function reconciliationSchedule(
  payments: PaymentsPort,
  logger: Logger,
  clock: () => number = Date.now,
): Schedule {
  return {
    name: 'ledger.reconcile',
    everyMs: HOUR,
    run: async (db) => {
      const window = { from: (await ledgerRepo.reconciledUntil(db)) ?? 0, to: clock() - MATCH_MARGIN_MS };
      if (window.to <= window.from) return;
      const report = await reconcile({ db, payments }, window);
      await ledgerRepo.insertReconciliation(db, {
        window_from: window.from,
        window_to: window.to,
        provider_net_cents: report.providerNetCents,
        ledger_net_cents: report.ledgerNetCents,
        differences: report.differences,
      });
      if (report.differences.length > 0) {
        logger.error(
          { window, count: report.differences.length, differences: report.differences.slice(0, 50) },
          'the ledger and the payment provider disagree',
        );
      }
    },
  };
}
