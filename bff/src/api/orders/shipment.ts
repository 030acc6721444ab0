import express, { Router } from 'express';
import {
  messages,
  orderMessages,
  OrderSwapStatus,
  type ShipmentStatus,
  type ShippingData,
  type ShippingHistoryEntry,
} from '@swapstuff/contracts';
import { toDate, withTransaction, type Knex } from '@swapstuff/db';
import { SHIPPING_WEBHOOK_PATH, ShippingProviderError, type Tracking } from '../../adapters/shipping';
import { HttpError, ok, send } from '../../http';
import type { ApiDeps } from '../deps';
import type { OrderDeps } from './deps';
import type { UserRow } from '../users';
import { ordersRepo, type OrderRow } from './repo';
import { moveOrder } from './status';
import { orderView } from './view';

/** Shippo's track_updated bodies are a few kilobytes. */
const WEBHOOK_BODY_LIMIT = '256kb';

/** How long a buyer has to inspect what was delivered before the money goes to the seller: a setting. */
export const DEFAULT_INSPECTION_DAYS = 3;
const DAY_MS = 24 * 3600_000;

export async function inspectionWindowMs(db: Knex): Promise<number> {
  const row = await db('settings').where({ key: 'inspection_days' }).first('value');
  const days = row ? Number(row.value) : DEFAULT_INSPECTION_DAYS;
  if (!Number.isFinite(days) || days < 0 || days > 60)
    throw new Error(`the setting inspection_days is not 0 to 60 days: ${row?.value}`);
  return days * DAY_MS;
}

/** The order a label's or a parcel's reference names (`order:<id>`). */
export const orderReference = (id: number) => `order:${id}`;
const orderOfReference = (reference: string | null) => {
  const match = /^order:([1-9][0-9]{0,9})$/.exec(reference ?? '');
  return match ? Number(match[1]) : null;
};

/** One of the user's orders (bought or sold), paid; another user's and a missing one are the same 404. */
export async function ownOrder(deps: ApiDeps, userId: number, id: number): Promise<OrderRow> {
  const row = await ordersRepo.byId(deps.db, id);
  if (!row || row.paid_at === null || (row.buyer_id !== userId && row.seller_id !== userId)) {
    throw new HttpError(404, orderMessages.orderNotFound);
  }
  return row;
}

async function atCarrier<T>(deps: OrderDeps, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    deps.logger.error({ err }, 'shipping provider call failed');
    throw new HttpError(503, orderMessages.shippingUnavailable);
  }
}

/**
 * Buys a paid platform order's label with the courier the buyer chose, asks for the parcel's tracking updates,
 * then keeps the label on the order, under its lock, unless a caller at the same moment kept it first. No lock is
 * held while the carrier service answers: it returns the same label for the same reference (the order), so two
 * callers at once, or a retry after a crash, buy one label, and asking to follow a parcel twice follows it once.
 * Nothing to do for an order that has its label, or ships by the seller's own courier.
 */
export async function buyLabel(deps: OrderDeps, orderId: number): Promise<OrderRow> {
  const order = await ordersRepo.byId(deps.db, orderId);
  if (!order) throw new HttpError(404, orderMessages.orderNotFound);
  if (order.label_id || !order.is_platform || !order.rate_id || order.paid_at === null) return order;
  const reference = orderReference(order.id);
  const label = await deps.shipping.buyLabel({ rateId: order.rate_id, reference });
  await deps.shipping.followTracking({ carrier: label.carrier, trackingNumber: label.trackingNumber, reference });
  return withTransaction(deps.db, async (trx) => {
    const row = (await ordersRepo.lock(trx, orderId))!;
    if (row.label_id) return row;
    const fields: Partial<OrderRow> = {
      label_id: label.id,
      label_url: label.labelUrl,
      carrier: label.carrier,
      tracking_number: label.trackingNumber,
      shipment_status: 'PRE_TRANSIT',
      eta: label.eta ? new Date(label.eta) : null,
    };
    await ordersRepo.update(trx, orderId, fields);
    await deps.events.emit(trx, 'order.shipped', { orderId });
    return { ...row, ...fields };
  });
}

/** GET /api/initiate/shiping/{id}: the seller's label (bought now if the job has not yet). */
export async function initiateShipping(deps: ApiDeps, user: UserRow, id: number) {
  let order = await ownOrder(deps, user.id, id);
  if (order.seller_id !== user.id) throw new HttpError(404, orderMessages.orderNotFound);
  if (!order.label_id && order.is_platform) {
    order = await atCarrier(deps, () => buyLabel(deps, id));
  }
  return { label_url: order.label_url, carrier: order.carrier, tracking_number: order.tracking_number };
}

/**
 * The carrier's story of a parcel, applied to its order once: each step is kept once (a replayed webhook
 * adds nothing), the shipment's status is that of the latest step kept (an older webhook arriving late
 * changes nothing), and the first DELIVERED opens the buyer's inspection window.
 */
export async function applyTracking(
  deps: OrderDeps,
  tracking: Tracking,
  reference: string | null,
): Promise<'applied' | 'unknown'> {
  const byReference = orderOfReference(reference);
  const found = byReference
    ? await ordersRepo.byId(deps.db, byReference)
    : await ordersRepo.byTracking(deps.db, tracking.carrier, tracking.trackingNumber);
  if (!found || found.tracking_number !== tracking.trackingNumber) return 'unknown';
  const windowMs = await inspectionWindowMs(deps.db);
  await withTransaction(deps.db, async (trx) => {
    const order = await ordersRepo.lock(trx, found.id);
    if (!order) return;
    await ordersRepo.addTracking(
      trx,
      // a step without a readable time cannot be placed in the story: left out
      tracking.history
        .filter((step) => !Number.isNaN(Date.parse(step.date)))
        .map((step) => ({
          order_id: order.id,
          step_key: (step.id ?? `${step.status}@${new Date(step.date).toISOString()}`).slice(0, 100),
          status: step.status,
          details: step.details.slice(0, 500),
          status_at: new Date(step.date),
          city: step.location?.city ?? null,
          state: step.location?.state ?? null,
        })),
    );
    const steps = await ordersRepo.tracking(trx, order.id);
    const latest = steps.at(-1);
    if (!latest) return;
    await ordersRepo.update(trx, order.id, {
      shipment_status: latest.status,
      ...(tracking.eta ? { eta: new Date(tracking.eta) } : {}),
    });
    if (steps.some((step) => step.status === 'DELIVERED') && order.status === OrderSwapStatus.Pending) {
      const now = new Date();
      await moveOrder(trx, deps.events, order.id, OrderSwapStatus.Delivered, {
        delivered_at: now,
        inspection_ends_at: new Date(now.getTime() + windowMs),
      });
    }
  });
  return 'applied';
}

/**
 * POST /api/shipping/webhook, before the JSON parser: the signature is over the raw bytes. A bad signature is
 * a 400 and changes nothing; a signed event of another kind (422 from the adapter) and a parcel of no order
 * of ours are acknowledged (the carrier need not send them again).
 */
export function shippingWebhook(deps: ApiDeps): Router {
  const router = Router();
  router.post(SHIPPING_WEBHOOK_PATH, express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let update: ReturnType<ApiDeps['shipping']['verifyWebhook']>;
    try {
      update = deps.shipping.verifyWebhook(body, req.get('shippo-auth-signature'));
    } catch (err) {
      if (err instanceof ShippingProviderError && err.status === 422) ok(res, { received: 'ignored' });
      else send(res, 400, messages.webhookSignatureInvalid, null);
      return;
    }
    ok(res, { received: await applyTracking(deps, update, update.reference) });
  });
  return router;
}

/** POST /api/add/tracking/info: the seller's own courier and tracking number, once, while the order is pending. */
export async function addTrackingInfo(
  deps: ApiDeps,
  user: UserRow,
  input: { orderId: number; companyName: string; trackingNumber: string },
) {
  const order = await ownOrder(deps, user.id, input.orderId);
  if (order.seller_id !== user.id) throw new HttpError(404, orderMessages.orderNotFound);
  await withTransaction(deps.db, async (trx) => {
    const row = (await ordersRepo.lock(trx, order.id))!;
    if (row.is_platform || row.tracking_number || row.status !== OrderSwapStatus.Pending) {
      throw new HttpError(409, orderMessages.trackingNotExpected);
    }
    await ordersRepo.update(trx, order.id, {
      carrier: input.companyName,
      tracking_number: input.trackingNumber,
      shipment_status: 'PRE_TRANSIT',
    });
    await deps.events.emit(trx, 'order.shipped', { orderId: order.id });
  });
  return orderView(deps, (await ordersRepo.byId(deps.db, order.id))!, user.id);
}

/**
 * A parcel the seller sent with their own courier, followed by its tracking number when the carrier service
 * knows the courier: its webhooks then move the order as a label's do (delivered opens the inspection window).
 * A courier it does not know, or a number it refuses, leaves the parcel to the buyer's Mark as received; an
 * unreachable service throws, so the job tries again.
 */
export async function followOwnCourier(deps: OrderDeps, orderId: number): Promise<void> {
  const order = await ordersRepo.byId(deps.db, orderId);
  if (!order || order.is_platform || !order.carrier || !order.tracking_number) return;
  const carrier = deps.shipping.carrierOf(order.carrier);
  if (!carrier) return;
  try {
    await deps.shipping.followTracking({
      carrier,
      trackingNumber: order.tracking_number,
      reference: orderReference(order.id),
    });
  } catch (err) {
    if (!(err instanceof ShippingProviderError)) throw err;
    deps.logger.warn({ err, orderId }, 'the carrier service does not follow this parcel: left to Mark as received');
  }
}

const STATUS_TIME = new Intl.DateTimeFormat('en-GB', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'UTC',
});
const STATUS_DATE = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** GET /api/track/shipment/{id} (and /api/buynow/track/shipment/{id}): the Shipping Updates panel's data. */
export async function shippingData(deps: ApiDeps, user: UserRow, id: number): Promise<ShippingData> {
  const order = await ownOrder(deps, user.id, id);
  const view = await orderView(deps, order, user.id);
  const steps = await ordersRepo.tracking(deps.db, order.id);
  const history: ShippingHistoryEntry[] = steps.map((step) => {
    const at = toDate(step.status_at);
    return {
      status_date: STATUS_DATE.format(at),
      status_time: STATUS_TIME.format(at),
      status_at: at.toISOString(),
      ship_status: step.status as ShipmentStatus,
      status_details: step.details,
      location: step.city ? { city: step.city } : null,
    };
  });
  return {
    product_detail: view.product_detail,
    order_detail: {
      eta: order.eta === null ? null : toDate(order.eta).toISOString(),
      current_status: order.shipment_status === 'DELIVERED' ? '1' : '0',
      shipment_status: (order.shipment_status ?? 'UNKNOWN') as ShipmentStatus,
      carrier: order.carrier,
      tracking_number: order.tracking_number,
      delivery_address: order.delivery_address,
      sender_address: order.sender_address,
      history,
    },
  };
}

/**
 * POST /api/download {url}: the label's image, for the seller or the buyer of the order it belongs to. Only a
 * label URL one of their orders holds is fetched (never any URL a caller names), from the carrier's hosts.
 */
export async function downloadLabel(deps: ApiDeps, user: UserRow, url: string): Promise<Buffer> {
  const order = await deps
    .db('orders')
    .where({ label_url: url })
    .andWhere((q) => q.where({ seller_id: user.id }).orWhere({ buyer_id: user.id }))
    .first('id');
  if (!order) throw new HttpError(404, orderMessages.noShippingLabel);
  try {
    return await deps.shipping.downloadLabel(url);
  } catch (err) {
    if (err instanceof ShippingProviderError && err.status === 404)
      throw new HttpError(404, orderMessages.noShippingLabel);
    deps.logger.error({ err }, 'label download failed');
    throw new HttpError(503, orderMessages.shippingUnavailable);
  }
}
