import { HistoryCode, ListingStatus, OfferStatus, OrderSwapStatus } from '@swapstuff/contracts';
import { withTransaction, type Knex } from '@swapstuff/db';
import { release } from '../ledger';
import { buyLabel, ordersRepo } from '../orders';
import { moveListing } from '../products';
import { cheapestLegRate } from '../shipping';
import type { SwapDeps } from './deps';
import { swapsRepo, type SwapRow } from './repo';
import { lockSwap, moveOffer } from './status';

/**
 * After acceptance (issue 14): each direction of a swap is an `orders` row (kind swap), so a leg has the cards,
 * labels, tracking, inspection window, disputes and ratings of a buy-now order. The sender's parcel holds
 * all the listings they offered (the leg names the first); the receiver's holds the wanted one. A leg carries
 * no payment: the swap's cash stays under the offer's version until the swap completes.
 */

/** Both sides gave their details: the two legs, paid at once (`order.paid` buys a platform leg's label). */
export async function createLegs(deps: SwapDeps, trx: Knex.Transaction, swap: SwapRow, items: number[]): Promise<void> {
  const now = new Date();
  const leg = (from: 'sender' | 'receiver') => {
    const to = from === 'sender' ? 'receiver' : 'sender';
    const sent = from === 'sender' ? items[0] : swap.listing_id;
    const received = from === 'sender' ? swap.listing_id : items[0];
    return {
      kind: 'swap' as const,
      listing_id: sent,
      buyer_id: swap[`${to}_id`],
      seller_id: swap[`${from}_id`],
      swap_request_id: swap.id,
      our_listing_id: received,
      status: OrderSwapStatus.Pending,
      payment_intent_id: null,
      item_cents: 0,
      shipping_cents: 0,
      fee_cents: 0,
      discount_cents: 0,
      total_cents: 0,
      address_id: swap[`${to}_address_id`],
      delivery_address: swap[`${to}_delivery_address`]!,
      sender_address: swap[`${from}_delivery_address`]!,
      is_platform: swap[`${from}_shipping`] === 'platform',
      rate_id: null,
      courier_provider: null,
      courier_service: null,
      courier_image: null,
    };
  };
  for (const from of ['sender', 'receiver'] as const) {
    const id = await ordersRepo.insert(trx, leg(from));
    await ordersRepo.update(trx, id, { paid_at: now });
    await deps.events.emit(trx, 'order.paid', { orderId: id });
  }
}

/**
 * A platform leg's label: the cheapest courier from its sender's address to its receiver's, quoted now and kept
 * on the leg unless a quote was kept first, then bought as a buy-now order's is. No lock is held while the
 * carrier service quotes or sells.
 */
export async function labelLeg(deps: SwapDeps, orderId: number): Promise<void> {
  const order = await ordersRepo.byId(deps.db, orderId);
  if (!order || order.kind !== 'swap' || !order.is_platform || order.label_id) return;
  if (!order.rate_id) {
    const swap = (await swapsRepo.byId(deps.db, order.swap_request_id!))!;
    const from = order.seller_id === swap.sender_id ? swap.sender_address_id : swap.receiver_address_id;
    const rate = await cheapestLegRate(deps, {
      userId: order.seller_id,
      listingId: order.listing_id,
      fromAddressId: from!,
      toAddressId: order.address_id!,
    });
    await withTransaction(deps.db, async (trx) => {
      const row = (await ordersRepo.lock(trx, orderId))!;
      if (row.rate_id) return;
      await ordersRepo.update(trx, orderId, {
        rate_id: rate.rate_id,
        courier_provider: rate.provider,
        courier_service: rate.service,
        courier_image: rate.provider_image,
      });
    });
  }
  await buyLabel(deps, orderId);
}

/** Who receives a version's cash: the side that does not pay it. */
const cashReceiver = (swap: SwapRow, cash: number) => (cash > 0 ? swap.receiver_id : swap.sender_id);

/**
 * When both legs are complete (delivered, their windows closed, or their disputes resolved) the swap is Completed
 * and its listings Swapped, in one move on its locked row; the move's `swap.moved` releases its cash
 * (`releaseSwapCash`).
 */
export async function completeSwap(deps: SwapDeps, swapId: number): Promise<void> {
  await withTransaction(
    deps.db,
    async (trx) => {
      const { swap, listings } = await lockSwap(trx, swapId);
      if (swap.offer_status !== OfferStatus.Accepted) return;
      const legs = await swapsRepo.legs(trx, swapId);
      if (legs.length !== 2 || legs.some((leg) => leg.status !== OrderSwapStatus.Completed)) return;
      await moveOffer(trx, deps.events, swap, OfferStatus.Completed, { ended_at: new Date() });
      for (const id of listings) {
        const row = await trx('products').where({ id }).first('status');
        if (row.status === ListingStatus.InTrade || row.status === ListingStatus.Disputed) {
          await moveListing(trx, deps.events, id, ListingStatus.Swapped);
        }
      }
      await swapsRepo.addHistory(trx, swapId, [
        { userId: swap.sender_id, status: HistoryCode.Completed, description: 'Swap completed' },
        { userId: swap.receiver_id, status: HistoryCode.Completed, description: 'Swap completed' },
      ]);
    },
    { isolationLevel: 'read committed' },
  );
}

/**
 * A completed swap's cash goes to its receiver less the platform's fee, once (the ledger's key
 * `swap:<pi>:release`, however often the event is handled).
 */
export async function releaseSwapCash(deps: SwapDeps, swapId: number): Promise<void> {
  const swap = await swapsRepo.byId(deps.db, swapId);
  if (swap?.offer_status !== OfferStatus.Completed) return;
  const latest = (await swapsRepo.version(deps.db, swapId, swap.version))!;
  if (!latest.payment_intent_id) return;
  await release(
    deps.db,
    {
      paymentIntentId: latest.payment_intent_id,
      sellerId: cashReceiver(swap, latest.cash_cents),
      feeCents: latest.cash_fee_cents,
    },
    `swap:${latest.payment_intent_id}:release`,
  );
}

/**
 * An accepted offer whose 72 hours passed with a side's details missing is abandoned, once, on its locked row
 * (whichever api instance's runner takes the run): its listings are Active again and its cash goes back.
 */
export async function abandonIfOverdue(deps: SwapDeps, swapId: number, now = new Date()): Promise<boolean> {
  return withTransaction(
    deps.db,
    async (trx) => {
      const { swap, listings } = await lockSwap(trx, swapId);
      const due = swap.details_due_at === null ? Infinity : new Date(swap.details_due_at).getTime();
      const missing = swap.sender_details_at === null || swap.receiver_details_at === null;
      if (swap.offer_status !== OfferStatus.Accepted || !missing || due > now.getTime()) return false;
      await moveOffer(trx, deps.events, swap, OfferStatus.Abandoned, { ended_at: now });
      for (const id of listings) await moveListing(trx, deps.events, id, ListingStatus.Active);
      const latest = (await swapsRepo.version(trx, swapId, swap.version))!;
      if (latest.payment_intent_id) {
        await deps.events.emit(trx, 'swap.refund', { paymentIntentId: latest.payment_intent_id });
      }
      const note = 'Closed: the swap details were not given within 72 hours';
      await swapsRepo.addHistory(trx, swapId, [
        { userId: swap.sender_id, status: HistoryCode.Closed, description: note },
        { userId: swap.receiver_id, status: HistoryCode.Closed, description: note },
      ]);
      return true;
    },
    { isolationLevel: 'read committed' },
  );
}
