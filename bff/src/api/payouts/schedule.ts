import type { Logger } from 'pino';
import type { Knex } from '@swapstuff/db';
import type { PaymentsPort } from '../../adapters/payments';
import type { Schedule } from '../../jobs';
import { LedgerRefusal, payout } from '../ledger';
import { payoutAccountsRepo, payoutsFinished } from './repo';

/** How often sellers' available balances are paid out. */
const PAYOUT_EVERY_MS = 15 * 60_000;

/**
 * The key of a seller's payout: the one in progress until it is settled (or refused), then the next. A run
 * that crashed between the provider's transfer and the ledger's settle is finished by the next run, under the
 * same key, so the provider moves the money once.
 */
async function payoutKey(db: Knex, sellerId: number): Promise<string> {
  const prefix = `payout:user:${sellerId}:`;
  return `${prefix}${(await payoutsFinished(db, prefix)) + 1}`;
}

/**
 * Seller payouts on the job runner (one runner among all the api processes takes each run): every seller
 * whose payouts are set up is paid their whole available balance. One seller's failure (the provider down,
 * a refusal) is logged and leaves the others paid; the next run tries again.
 */
export function payoutSchedule(payments: PaymentsPort, logger: Logger): Schedule {
  return {
    name: 'payouts.run',
    everyMs: PAYOUT_EVERY_MS,
    run: async (db) => {
      for (const account of await payoutAccountsRepo.enabled(db)) {
        try {
          const key = await payoutKey(db, account.user_id);
          await payout({ db, payments }, { sellerId: account.user_id, accountId: account.account_id }, key);
        } catch (err) {
          if (err instanceof LedgerRefusal && err.reason === 'nothing_to_pay_out') continue;
          logger.error({ err, sellerId: account.user_id }, 'payout failed: the next run tries again');
        }
      }
    },
  };
}
