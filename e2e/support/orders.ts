import type { APIRequestContext } from '@playwright/test';
import { carrierURL, type Engine } from '../servers';
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
