import type { Logger } from 'pino';
import { ListingStatus, OfferStatus, OrderSwapStatus, routes } from '@swapstuff/contracts';
import type { Knex } from '@swapstuff/db';
import { on, type Handler, type Schedule } from '../../jobs';
import { ordersRepo } from '../orders';
import type { SwapDeps } from './deps';
import { abandonIfOverdue, completeSwap, labelLeg } from './legs';
import { closeOffersOn } from './service';
import { giveBackUnapplied, refundSwapPayment } from './payment';
import { swapsRepo } from './repo';

/** How many offers one run of the deadlines schedule takes on (the next run takes the rest). */
const BATCH = 50;

async function notify(trx: Knex.Transaction, userId: number, kind: string, title: string, body: string, link: string) {
  await trx('notifications').insert({ user_id: userId, kind, title, body, link, created_at: new Date() });
}

async function titleOf(trx: Knex.Transaction, listingId: number): Promise<string> {
  const row = await trx('products').where({ id: listingId }).first('title');
  return row?.title ?? 'your listing';
}

const MOVED: Partial<Record<number, { kind: string; title: string; body: (t: string) => string }>> = {
  [OfferStatus.Accepted]: {
    kind: 'swap.accepted',
    title: 'Swap accepted: your details are needed',
    body: (t) => `The swap for "${t}" was accepted. Give your swap details within 72 hours.`,
  },
  [OfferStatus.Rejected]: {
    kind: 'swap.rejected',
    title: 'Swap offer closed',
    body: (t) => `The offer for "${t}" was closed.`,
  },
  [OfferStatus.Canceled]: {
    kind: 'swap.canceled',
    title: 'Swap offer canceled',
    body: (t) => `The offer for "${t}" was canceled.`,
  },
  [OfferStatus.Abandoned]: {
    kind: 'swap.abandoned',
    title: 'Swap abandoned',
    body: (t) => `The swap for "${t}" was abandoned: its details did not come within 72 hours. Any cash was refunded.`,
  },
  [OfferStatus.Completed]: {
    kind: 'swap.completed',
    title: 'Swap completed',
    body: (t) => `The swap for "${t}" is complete. Any cash is released.`,
  },
};

/**
 * What follows a swap's steps, through the outbox: cash given back (once, by the ledger's key), a platform
 * leg's label, the swap completed when its second leg is, and each side told (offer received, countered,
 * accepted, details given, shipped and delivered through the orders' own notices, completed, abandoned).
 */
export function swapHandlers(deps: SwapDeps): Handler[] {
  return [
    // in the handler's transaction (SQLite has one connection; on MySQL the steps commit with the job's `done`):
    // a retry after a crash repeats them, and the ledger's keys and the provider's make the repeat a no-op
    on('swap.refund', 'swaps.refund', async (trx, { paymentIntentId }) => {
      await refundSwapPayment({ ...deps, db: trx }, paymentIntentId);
    }),
    on('order.paid', 'swaps.leg-label', async (trx, { orderId }) => {
      await labelLeg(deps, trx, orderId);
    }),
    on('order.moved', 'swaps.leg-completed', async (trx, { orderId, to }) => {
      if (to !== OrderSwapStatus.Completed) return;
      const order = await ordersRepo.byId(trx, orderId);
      if (order?.kind === 'swap') await completeSwap({ ...deps, db: trx }, order.swap_request_id!);
    }),
    // a listing bought (or otherwise gone) while offers wait on it: they close, their cash goes back
    on('listing.moved', 'swaps.listing-gone', async (trx, { listingId, from, to }) => {
      if (from !== ListingStatus.Active || to === ListingStatus.InTrade) return;
      await closeOffersOn({ ...deps, db: trx }, listingId);
    }),
    on('swap.offered', 'swaps.notify-offered', async (trx, { swapId, version }) => {
      const swap = (await swapsRepo.byId(trx, swapId))!;
      const latest = (await swapsRepo.version(trx, swapId, version))!;
      const title = await titleOf(trx, swap.listing_id);
      const to = latest.agreed_at !== null || latest.proposer_id === swap.sender_id ? swap.receiver_id : swap.sender_id;
      const [kind, heading] =
        version === 1
          ? ['swap.offered', 'New swap offer']
          : latest.agreed_at !== null
            ? ['swap.agreed', 'Your counter-offer was accepted']
            : ['swap.countered', 'New counter-offer'];
      await notify(trx, to, kind, heading, `About "${title}". Open Swap Requests to answer it.`, routes.swapRequests);
    }),
    on('swap.moved', 'swaps.notify-moved', async (trx, { swapId, to }) => {
      const notice = MOVED[to];
      if (!notice) return;
      const swap = (await swapsRepo.byId(trx, swapId))!;
      const title = await titleOf(trx, swap.listing_id);
      for (const userId of [swap.sender_id, swap.receiver_id]) {
        await notify(trx, userId, notice.kind, notice.title, notice.body(title), routes.swapRequests);
      }
    }),
    on('swap.details', 'swaps.notify-details', async (trx, { swapId, userId }) => {
      const swap = (await swapsRepo.byId(trx, swapId))!;
      const other = userId === swap.sender_id ? swap.receiver_id : swap.sender_id;
      const title = await titleOf(trx, swap.listing_id);
      const theirs = other === swap.sender_id ? swap.sender_details_at : swap.receiver_details_at;
      await notify(
        trx,
        other,
        'swap.details',
        theirs ? 'Both swap details are in' : 'Your swap details are needed',
        theirs
          ? `The swap for "${title}" is on: print your label or add your tracking info.`
          : `The other side gave their details for "${title}". Give yours before the 72 hours end.`,
        routes.swapRequests,
      );
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
