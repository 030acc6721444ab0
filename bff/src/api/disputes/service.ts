import {
  DISPUTE_TYPES,
  ListingStatus,
  Money,
  orderMessages,
  OrderSwapStatus,
  type DisputeView,
  type Order,
} from '@swapstuff/contracts';
import { toDate, withTransaction } from '@swapstuff/db';
import { HttpError } from '../../http';
import type { ApiDeps } from '../deps';
import { paymentEscrow, refund, release } from '../ledger';
import {
  disputable,
  ownOrder,
  moveOrder,
  orderView,
  ordersRepo,
  platformShare,
  type OrderDeps,
  type OrderRow,
} from '../orders';
import { moveListing } from '../products';
import { auditRepo } from '../audit';
import { confirmWithCode, type Actor } from '../staff';
import type { UserRow } from '../users';
import { disputesRepo, type DisputeRow } from './repo';
import type { AdditionalInput, StoreInput } from './schemas';

const iso = (value: Date | number) => toDate(value).toISOString();

/** An order's dispute with its timeline, as both sides (and support) see it. */
export async function disputeView(
  deps: Pick<ApiDeps, 'db' | 'storage'>,
  dispute: DisputeRow,
  order: OrderRow,
): Promise<DisputeView> {
  const entries = await disputesRepo.entries(deps.db, dispute.id);
  const parsed = entries.map((entry) => ({ entry, ids: JSON.parse(entry.images) as number[] }));
  const files = await disputesRepo.imageFiles(
    deps.db,
    parsed.flatMap((p) => p.ids),
  );
  return {
    id: dispute.id,
    order_id: dispute.order_id,
    disputeType: dispute.type,
    disputeReason: dispute.reason,
    status: dispute.status,
    refund: dispute.refund_cents === null ? null : Money.toWire(Money.fromCents(dispute.refund_cents)),
    created_at: iso(dispute.created_at),
    info_requested_from: dispute.info_requested_from,
    timeline: parsed.map(({ entry, ids }) => ({
      id: entry.id,
      kind: entry.kind,
      by: entry.user_id === order.buyer_id ? 'buyer' : entry.user_id === order.seller_id ? 'seller' : 'support',
      text: entry.text,
      images: ids.filter((id) => files.has(id)).map((id) => deps.storage.url(files.get(id)!)),
      created_at: iso(entry.created_at),
    })),
  };
}

/** The user's own uploaded images, all of them, or 400. */
async function evidence(deps: ApiDeps, userId: number, ids: number[]): Promise<string> {
  const own = await disputesRepo.ownImages(deps.db, userId, ids);
  if (own.length !== ids.length) throw new HttpError(400, orderMessages.disputeImagesInvalid);
  return JSON.stringify(ids);
}

/** Whether the buyer may open a dispute now: theirs, before delivery or inside its inspection window, none yet. */
const mayDispute = (order: OrderRow, userId: number, dispute: DisputeRow | undefined) =>
  order.buyer_id === userId && disputable(order, Date.now()) && !dispute;

/** GET /api/initiate/dispute/{id}. */
export async function start(
  deps: ApiDeps,
  user: UserRow,
  orderId: number,
): Promise<{ order: Order; types: string[]; can_dispute: 0 | 1 }> {
  const order = await ownOrder(deps, user.id, orderId);
  const dispute = await disputesRepo.ofOrder(deps.db, order.id);
  return {
    order: await orderView(deps, order, user.id),
    types: [...DISPUTE_TYPES],
    can_dispute: mayDispute(order, user.id, dispute) ? 1 : 0,
  };
}

/**
 * POST /api/dispute/store: the buyer opens a dispute, once, before delivery or inside the inspection window,
 * decided on the order's locked row (the window's job completes the order on the same lock). The order goes
 * Disputed ("6") and its listing Disputed; the escrow stays held until support decides (resolve()).
 */
export async function open(deps: ApiDeps, user: UserRow, input: StoreInput): Promise<DisputeView> {
  const order = await ownOrder(deps, user.id, input.orderId);
  const images = await evidence(deps, user.id, input.images);
  await withTransaction(deps.db, async (trx) => {
    const row = (await ordersRepo.lock(trx, order.id))!;
    if (!mayDispute(row, user.id, await disputesRepo.ofOrder(trx, order.id))) {
      throw new HttpError(409, orderMessages.disputeNotAllowed);
    }
    await moveOrder(trx, deps.events, order.id, OrderSwapStatus.Disputed);
    await moveListing(trx, deps.events, order.listing_id, ListingStatus.Disputed);
    const id = await disputesRepo.insert(trx, {
      order_id: order.id,
      opened_by: user.id,
      type: input.disputeType,
      reason: input.disputeReason,
      status: 'open',
      created_at: new Date(),
    });
    await disputesRepo.addEntry(trx, {
      dispute_id: id,
      user_id: user.id,
      kind: 'opened',
      text: input.disputeReason,
      images,
    });
    await deps.events.emit(trx, 'dispute.opened', { disputeId: id });
  });
  return view(deps, user, order.id);
}

/** GET /api/edit/dispute/{id}: the dispute of one of the user's orders. */
export async function view(deps: ApiDeps, user: UserRow, orderId: number): Promise<DisputeView> {
  const order = await ownOrder(deps, user.id, orderId);
  const dispute = await disputesRepo.ofOrder(deps.db, order.id);
  if (!dispute) throw new HttpError(404, orderMessages.disputeNotFound);
  return disputeView(deps, dispute, order);
}

/** POST /api/dispute/additional: either side adds to an open dispute's timeline. */
export async function addInfo(deps: ApiDeps, user: UserRow, input: AdditionalInput): Promise<DisputeView> {
  const order = await ownOrder(deps, user.id, input.orderId);
  const dispute = await disputesRepo.ofOrder(deps.db, order.id);
  if (!dispute) throw new HttpError(404, orderMessages.disputeNotFound);
  if (dispute.status !== 'open') throw new HttpError(409, orderMessages.disputeClosed);
  const images = await evidence(deps, user.id, input.images);
  await withTransaction(deps.db, async (trx) => {
    const entryId = await disputesRepo.addEntry(trx, {
      dispute_id: dispute.id,
      user_id: user.id,
      kind: 'additional',
      text: input.text,
      images,
    });
    // the side support asked has answered: its order card stops asking
    await disputesRepo.answered(trx, dispute.id, order.buyer_id === user.id ? 'buyer' : 'seller');
    await deps.events.emit(trx, 'dispute.updated', { disputeId: dispute.id, entryId });
  });
  return disputeView(deps, (await disputesRepo.byId(deps.db, dispute.id))!, order);
}

export interface Outcome {
  /** what goes back to the buyer's card: 0 releases it all to the seller */
  refundCents: number;
  /** the staff member deciding, for the timeline and the audit trail */
  staffId: number;
  note: string;
  /** where the staff member decided from (the audit trail's) */
  ip: string;
}

/**
 * The one way a dispute ends (support staff decide, in a later issue's screens; /api/refund/{id} is the
 * refund path), decided on the order's locked row: the dispute resolved with its refund, the order Completed,
 * the listing back to Active after a full refund (the item goes back to its seller) or Swapped otherwise, and
 * `dispute.resolved`, whose handler moves the money (`settleDispute`). A refund larger than what the escrow
 * holds is refused (409) before anything changes.
 */
export async function resolve(
  deps: OrderDeps & Pick<ApiDeps, 'storage'>,
  orderId: number,
  outcome: Outcome,
): Promise<{ view: DisputeView; decided: boolean }> {
  const order = await ordersRepo.byId(deps.db, orderId);
  const dispute = order && (await disputesRepo.ofOrder(deps.db, order.id));
  if (!order || !dispute) throw new HttpError(404, orderMessages.disputeNotFound);
  if (dispute.status === 'resolved') return { view: await disputeView(deps, dispute, order), decided: false };
  if (
    !Number.isSafeInteger(outcome.refundCents) ||
    outcome.refundCents < 0 ||
    outcome.refundCents > order.total_cents
  ) {
    throw new HttpError(400, orderMessages.refundInvalid);
  }
  const full = outcome.refundCents === order.total_cents;
  const decided = await withTransaction(deps.db, async (trx) => {
    const row = (await ordersRepo.lock(trx, order.id))!;
    if (row.status !== OrderSwapStatus.Disputed) return false;
    // a disputed order's escrow moves only by its resolution: what it holds now is what the refund may take
    const left = row.payment_intent_id ? await paymentEscrow(trx, row.payment_intent_id) : 0;
    if (outcome.refundCents > left) {
      throw new HttpError(409, `${row.payment_intent_id} has ${left} cents left in escrow, not ${outcome.refundCents}`);
    }
    await disputesRepo.resolve(trx, dispute.id, outcome.refundCents);
    const entryId = await disputesRepo.addEntry(trx, {
      dispute_id: dispute.id,
      user_id: outcome.staffId,
      kind: 'resolved',
      text: outcome.note,
      images: '[]',
    });
    await deps.events.emit(trx, 'dispute.updated', { disputeId: dispute.id, entryId });
    await moveOrder(trx, deps.events, order.id, OrderSwapStatus.Completed, { completed_at: new Date() });
    // a swap leg's listing stays Disputed: the swap, completing with its other leg, makes its listings Swapped
    if (order.kind === 'buynow') {
      await moveListing(trx, deps.events, order.listing_id, full ? ListingStatus.Active : ListingStatus.Swapped);
    }
    await deps.events.emit(trx, 'dispute.resolved', { disputeId: dispute.id });
    await auditRepo.insert(trx, {
      staffId: outcome.staffId,
      kind: 'dispute.resolve',
      targetType: 'order',
      targetId: order.id,
      before: { status: 'Disputed', escrow_cents: left },
      after: { status: 'Completed', refund_cents: outcome.refundCents },
      reason: outcome.note,
      ip: outcome.ip,
    });
    return true;
  });
  return { view: await disputeView(deps, (await disputesRepo.ofOrder(deps.db, order.id))!, order), decided };
}

/**
 * The money of a resolved dispute: its refund back to the buyer's card through the ledger (key
 * `dispute:<id>:refund`), then what is left of the escrow to the seller less the platform's share (as much of it
 * as is left; key `dispute:<id>:release`). Each step is idempotent: a run that died half-way is finished by the
 * next.
 */
export async function settleDispute(deps: OrderDeps, disputeId: number): Promise<void> {
  const dispute = await disputesRepo.byId(deps.db, disputeId);
  const order = dispute && (await ordersRepo.byId(deps.db, dispute.order_id));
  const pi = order?.payment_intent_id;
  if (dispute?.status !== 'resolved' || !order || !pi) return;
  if (dispute.refund_cents! > 0) {
    await refund(deps, { paymentIntentId: pi, amountCents: dispute.refund_cents! }, `dispute:${dispute.id}:refund`);
  }
  const left = await paymentEscrow(deps.db, pi);
  if (left > 0) {
    await release(
      deps.db,
      { paymentIntentId: pi, sellerId: order.seller_id, feeCents: Math.min(platformShare(order), left) },
      `dispute:${dispute.id}:release`,
    );
  }
}

/** A refund above this asks the staff member for a current code of their authenticator ($500). */
export const LARGE_REFUND_CENTS = 50_000;

/**
 * GET /api/refund/{id}: support staff refund the buyer (all, or `amount` dollars) and end the dispute; above
 * $500, after a current code (`code`).
 */
export async function refundPath(
  deps: ApiDeps,
  { auth, ip }: Actor,
  orderId: number,
  input: { amount?: number; code?: string },
): Promise<DisputeView> {
  const amountDollars = input.amount;
  const order = await ordersRepo.byId(deps.db, orderId);
  if (!order) throw new HttpError(404, orderMessages.disputeNotFound);
  const refundCents = amountDollars === undefined ? order.total_cents : Money.parse(String(amountDollars)).cents;
  if (refundCents <= 0) throw new HttpError(400, orderMessages.refundInvalid);
  const what = refundCents === order.total_cents ? 'in full' : `of $${Money.toWire(Money.fromCents(refundCents))}`;
  if (refundCents > LARGE_REFUND_CENTS) await confirmWithCode(deps, auth, input.code);
  const { view } = await resolve(deps, orderId, {
    refundCents,
    staffId: auth.user.id,
    note: `Support refunded the buyer ${what}.`,
    ip,
  });
  return view;
}
