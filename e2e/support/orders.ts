import { expect, type APIRequestContext } from '@playwright/test';
import { OrderSwapStatus } from '@swapstuff/contracts';
import { carrierApiURL, JOBS_ACT_WITHIN_MS, paymentsApiURL, sandboxKey } from '../servers';
import { withDatabase } from './database';

/**
 * The world around an order, for the journeys: the carrier moving a parcel on (the Shippo sandbox's control),
 * the buyer's inspection window closing (time passing), and a user made support staff.
 */

/** The carrier takes the parcel through its steps to `to` now; each step is a webhook to the api. */
export async function advanceParcel(
  request: APIRequestContext,
  trackingNumber: string,
  to: 'TRANSIT' | 'DELIVERED' | 'RETURNED' | 'FAILURE',
): Promise<void> {
  const res = await request.post(`${carrierApiURL}/sandbox/tracks/${encodeURIComponent(trackingNumber)}/advance`, {
    headers: { Authorization: `ShippoToken ${sandboxKey('shippo-sandbox')}` },
    data: { to },
  });
  if (!res.ok()) throw new Error(`advance ${trackingNumber} to ${to}: ${res.status()} ${await res.text()}`);
}

/** The buyer's inspection window of an order ends now (the orders' job, every 2 s here, completes it). */
export async function closeInspectionWindow(orderId: number): Promise<void> {
  const closed = await withDatabase((db) =>
    db('orders')
      .where({ id: orderId, status: OrderSwapStatus.Delivered })
      .update({ inspection_ends_at: new Date(Date.now() - 1000) }),
  );
  if (closed !== 1) throw new Error(`order ${orderId} is not Delivered: it has no inspection window to close`);
}

/**
 * Waits for an order to reach `status` in the database: the positive signal that the api did what a journey
 * started (the carrier's webhook handled, the orders' job run), before the journey looks at a page that shows it.
 */
export async function orderReaches(orderId: number, status: keyof typeof OrderSwapStatus): Promise<void> {
  await expect
    .poll(
      () => withDatabase(async (db) => (await db('orders').where({ id: orderId }).first('status'))?.status as string),
      { message: `order ${orderId} is ${status}`, timeout: JOBS_ACT_WITHIN_MS },
    )
    .toBe(OrderSwapStatus[status]);
}

/** Waits for the label of an order (a swap's leg with a platform label: the outbox buys it) to be bought. */
export async function labelBought(orderId: number): Promise<void> {
  await expect
    .poll(() => withDatabase(async (db) => (await db('orders').where({ id: orderId }).first('label_id'))?.label_id), {
      message: `order ${orderId} has its label`,
      timeout: JOBS_ACT_WITHIN_MS,
    })
    .toBeTruthy();
}

/** What the payment sandbox charged to a card for one PaymentIntent (pi_…) and refunded of it, in cents. */
export async function paymentMoney(
  request: APIRequestContext,
  paymentIntentId: string,
): Promise<{ charged: number; refunded: number }> {
  const get = async <T>(path: string) => {
    const res = await request.get(`${paymentsApiURL}${path}`, {
      headers: { Authorization: `Bearer ${sandboxKey('stripe-sandbox')}` },
    });
    if (!res.ok()) throw new Error(`${path}: ${res.status()}`);
    return (await res.json()) as T;
  };
  const intent = await get<{ latest_charge: string | null }>(`/v1/payment_intents/${paymentIntentId}`);
  if (!intent.latest_charge) return { charged: 0, refunded: 0 };
  const charge = await get<{ amount_captured: number; amount_refunded: number }>(`/v1/charges/${intent.latest_charge}`);
  return { charged: charge.amount_captured, refunded: charge.amount_refunded };
}

/** What the payment sandbox refunded to the card that paid for an order, in cents, and what it charged. */
export async function cardMoney(
  request: APIRequestContext,
  orderId: number,
): Promise<{ charged: number; refunded: number }> {
  const pi = await withDatabase(async (db) => {
    const row = await db('orders').where({ id: orderId }).first('payment_intent_id');
    return row.payment_intent_id as string;
  });
  return paymentMoney(request, pi);
}
