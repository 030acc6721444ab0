import type { APIRequestContext } from '@playwright/test';
import { carrierURL, paymentsURL, type Engine } from '../servers';
import { withDatabase } from './database';

/**
 * The world around an order, for the journeys: the carrier moving a parcel on (the Shippo sandbox's control),
 * the buyer's inspection window closing (time passing), and a user made support staff.
 */

const SANDBOX_TOKEN = 'ShippoToken shippo_test_sandbox';

/** The carrier takes the parcel through its steps to `to` now; each step is a webhook to the api. */
export async function advanceParcel(
  request: APIRequestContext,
  engine: Engine,
  trackingNumber: string,
  to: 'TRANSIT' | 'DELIVERED' | 'RETURNED' | 'FAILURE',
): Promise<void> {
  const res = await request.post(`${carrierURL(engine)}/sandbox/tracks/${encodeURIComponent(trackingNumber)}/advance`, {
    headers: { Authorization: SANDBOX_TOKEN },
    data: { to },
  });
  if (!res.ok()) throw new Error(`advance ${trackingNumber} to ${to}: ${res.status()} ${await res.text()}`);
}

/** The buyer's inspection window of an order ends now (the orders' job, every 2 s here, completes it). */
export function closeInspectionWindow(engine: Engine, orderId: number): Promise<void> {
  return withDatabase(engine, async (db) => {
    await db('orders')
      .where({ id: orderId, status: '5' })
      .update({ inspection_ends_at: new Date(Date.now() - 1000) });
  });
}

/** The user of this e-mail becomes support staff. */
export function makeSupportStaff(engine: Engine, email: string): Promise<void> {
  return withDatabase(engine, async (db) => {
    await db('users').where({ email }).update({ role: 'support' });
  });
}

/** What the payment sandbox refunded to the card that paid for an order, in cents, and what it charged. */
export async function cardMoney(
  request: APIRequestContext,
  engine: Engine,
  orderId: number,
): Promise<{ charged: number; refunded: number }> {
  const pi = await withDatabase(engine, async (db) => {
    const row = await db('orders').where({ id: orderId }).first('payment_intent_id');
    return row.payment_intent_id as string;
  });
  const get = async <T>(path: string) => {
    const res = await request.get(`${paymentsURL(engine)}${path}`, {
      headers: { Authorization: 'Bearer sk_test_sandbox' },
    });
    if (!res.ok()) throw new Error(`${path}: ${res.status()}`);
    return (await res.json()) as T;
  };
  const intent = await get<{ latest_charge: string | null; amount_received: number }>(`/v1/payment_intents/${pi}`);
  if (!intent.latest_charge) return { charged: 0, refunded: 0 };
  const charge = await get<{ amount_captured: number; amount_refunded: number }>(`/v1/charges/${intent.latest_charge}`);
  return { charged: charge.amount_captured, refunded: charge.amount_refunded };
}
