import { expect, type APIRequestContext } from '@playwright/test';
import { OfferStatus } from '@swapstuff/contracts';
import { JOBS_ACT_WITHIN_MS } from '../servers';
import { withDatabase } from './database';
import { paymentMoney } from './orders';

/**
 * The world around a swap, for the journeys: its 72 hours passing, and what the payment sandbox charged and
 * refunded for its extra cash.
 */

/** The 72 hours for an accepted offer's details end now (the swaps' job, every 2 s here, abandons it). */
export function passDetailsDeadline(swapId: number): Promise<void> {
  return withDatabase(async (db) => {
    await db('swap_requests')
      .where({ id: swapId, offer_status: 1 })
      .update({ details_due_at: new Date(Date.now() - 1000) });
  });
}

/** The offer's id, its legs and each leg's tracking number, read from the database. */
export function swapOf(listingId: number) {
  return withDatabase(async (db) => {
    const swap = await db('swap_requests').where({ listing_id: listingId }).orderBy('id', 'desc').first();
    const legs = await db('orders').where({ swap_request_id: swap.id }).orderBy('id');
    return {
      id: swap.id as number,
      status: swap.offer_status as number,
      // the sender's parcel first: the legs are made in that order
      legs: legs.map((leg: { id: number; status: string }) => ({ id: leg.id, status: leg.status })),
    };
  });
}

/** Waits for the newest offer on a listing to reach `status` (what the swaps' jobs and handlers do), in the database. */
export async function swapReaches(listingId: number, status: keyof typeof OfferStatus): Promise<void> {
  await expect
    .poll(async () => (await swapOf(listingId)).status, {
      message: `the offer on listing ${listingId} is ${status}`,
      timeout: JOBS_ACT_WITHIN_MS,
    })
    .toBe(OfferStatus[status]);
}

/** What the payment sandbox charged and refunded for each payment of extra cash the offer had, in cents. */
export async function swapCardMoney(
  request: APIRequestContext,
  swapId: number,
): Promise<{ charged: number; refunded: number }[]> {
  const payments = await withDatabase((db) =>
    db('swap_request_versions')
      .where({ swap_request_id: swapId })
      .whereNotNull('payment_intent_id')
      .orderBy('version')
      .pluck('payment_intent_id'),
  );
  return Promise.all(payments.map((pi: string) => paymentMoney(request, pi)));
}
