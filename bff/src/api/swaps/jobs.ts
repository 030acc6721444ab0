import type { Logger } from 'pino';
import { ListingStatus, OfferStatus, OrderSwapStatus } from '@swapstuff/contracts';
import { on, onOutside, type Handler, type Schedule } from '../../jobs';
import { ordersRepo } from '../orders';
import type { SwapDeps } from './deps';
import { abandonIfOverdue, completeSwap, labelLeg, releaseSwapCash } from './legs';
import { closeOffersOn } from './service';
import { giveBackUnapplied, refundSwapPayment } from './payment';
import { swapsRepo } from './repo';

/** How many offers one run of the deadlines schedule takes on (the next run takes the rest). */
const BATCH = 50;

/**
 * What follows a swap's steps, through the outbox: cash given back (once, by the ledger's key), a platform
 * leg's label, the swap completed when its second leg is and its cash released then (the notifications feature
 * tells each side).
 */
export function swapHandlers(deps: SwapDeps): Handler[] {
  return [
    // a retry after a crash repeats the refund: the ledger's keys and the provider's make the repeat a no-op
    onOutside('swap.refund', 'swaps.refund', async (db, { paymentIntentId }) => {
      await refundSwapPayment({ ...deps, db }, paymentIntentId);
    }),
    onOutside('order.paid', 'swaps.leg-label', async (db, { orderId }) => {
      await labelLeg({ ...deps, db }, orderId);
    }),
    on('order.moved', 'swaps.leg-completed', async (trx, { orderId, to }) => {
      if (to !== OrderSwapStatus.Completed) return;
      const order = await ordersRepo.byId(trx, orderId);
      if (order?.kind === 'swap') await completeSwap({ ...deps, db: trx }, order.swap_request_id!);
    }),
    on('swap.moved', 'swaps.release-cash', async (trx, { swapId, to }) => {
      if (to === OfferStatus.Completed) await releaseSwapCash({ ...deps, db: trx }, swapId);
    }),
    // a listing bought (or otherwise gone) while offers wait on it: they close, their cash goes back
    on('listing.moved', 'swaps.listing-gone', async (trx, { listingId, from, to }) => {
      if (from !== ListingStatus.Active || to === ListingStatus.InTrade) return;
      await closeOffersOn({ ...deps, db: trx }, listingId);
    }),
  ];
}

/**
 * The swaps' periodic work, one runner among the api processes taking each run: offers whose 72 hours for the
 * details passed (abandoned, their cash back), and cash captured for an action that never happened.
 */
export function swapSchedules(deps: SwapDeps, logger: Logger, everyMs = 60_000): Schedule[] {
  return [
    {
      name: 'swaps.deadlines',
      everyMs,
      run: async (db) => {
        for (const id of await swapsRepo.overdue(db, new Date(), BATCH)) {
          try {
            await abandonIfOverdue(deps, id);
          } catch (err) {
            logger.error({ err, swapId: id }, 'abandoning a swap failed: the next run tries again');
          }
        }
      },
    },
    {
      name: 'swaps.payments',
      everyMs,
      run: async () => {
        await giveBackUnapplied(deps);
      },
    },
  ];
}
