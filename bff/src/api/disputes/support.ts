import {
  Money,
  staffMessages,
  type DisputeCase,
  type DisputeQueue,
  type DisputeQueueItem,
  type StaffParty,
} from '@swapstuff/contracts';
import { toDate, withTransaction, type Knex } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { auditRepo } from '../audit';
import { paymentEscrow } from '../ledger';
import { ordersRepo } from '../orders';
import { confirmWithCode, type Actor } from '../staff';
import { fullNameOf } from '../users';
import { countedPage, fieldError, HttpError, type Paging } from '../../http';
import { disputesRepo, type DisputeRow } from './repo';
import { disputeView, LARGE_REFUND_CENTS, resolve } from './service';

/**
 * Support's side of disputes (issue 34): the queue, one dispute with everything needed to decide it, support's
 * messages and questions on the timeline, and the decision itself (`resolve`, the one way a dispute ends).
 */

const iso = (value: Date | number) => toDate(value).toISOString();
const dollars = (cents: number) => Money.toWire(Money.fromCents(cents));

interface PartyRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  businessName: string | null;
  email: string;
}

async function staffParties(db: Knex, ids: number[]): Promise<Map<number, StaffParty>> {
  const rows: PartyRow[] = await db('users')
    .whereIn('id', [...new Set(ids)])
    .select('id', 'first_name', 'last_name', 'businessName', 'email');
  return new Map(rows.map((u) => [u.id, { id: u.id, name: fullNameOf(u), email: u.email }]));
}

interface QueueRow {
  id: number;
  order_id: number;
  type: string;
  reason: string;
  status: 'open' | 'resolved';
  created_at: Date | number;
  info_requested_from: 'buyer' | 'seller' | null;
  total_cents: number;
  buyer_id: number;
  seller_id: number;
  title: string;
  last_activity_at: Date | number | string;
}

/** Open disputes oldest first (the longest waiting on top), or resolved ones newest first. */
export async function queue(deps: ApiDeps, input: { status?: 'open' | 'resolved' } & Paging): Promise<DisputeQueue> {
  const status = input.status ?? 'open';
  const query = deps
    .db('disputes as d')
    .join('orders as o', 'o.id', 'd.order_id')
    .join('products as p', 'p.id', 'o.listing_id')
    .where('d.status', status)
    .select(
      'd.id',
      'd.order_id',
      'd.type',
      'd.reason',
      'd.status',
      'd.created_at',
      'd.info_requested_from',
      'o.total_cents',
      'o.buyer_id',
      'o.seller_id',
      'p.title',
      deps.db('dispute_entries as e').whereRaw('e.dispute_id = d.id').max('e.created_at').as('last_activity_at'),
    );
  const order =
    status === 'open'
      ? [{ column: 'd.created_at' }, { column: 'd.id' }]
      : [
          { column: 'd.resolved_at', order: 'desc' },
          { column: 'd.id', order: 'desc' },
        ];
  const { rows, total } = await countedPage<QueueRow>(query, order, input);
  const parties = await staffParties(
    deps.db,
    rows.flatMap((row) => [row.buyer_id, row.seller_id]),
  );
  const disputes: DisputeQueueItem[] = rows.map((row) => ({
    id: row.id,
    order_id: row.order_id,
    title: row.title,
    type: row.type,
    reason: row.reason,
    status: row.status,
    amount: dollars(row.total_cents),
    opened_at: iso(row.created_at),
    last_activity_at: iso(toDate(row.last_activity_at)),
    info_requested_from: row.info_requested_from,
    buyer: parties.get(row.buyer_id)!,
    seller: parties.get(row.seller_id)!,
  }));
  return { disputes, total, pageNumber: input.pageNumber, perPage: input.perPage };
}

/** One dispute by its id, as support decides it: the timeline, the order, what its escrow holds, the parcel's steps. */
export async function disputeCase(deps: ApiDeps, disputeId: number): Promise<DisputeCase> {
  const dispute = await disputesRepo.byId(deps.db, disputeId);
  const order = dispute && (await ordersRepo.byId(deps.db, dispute.order_id));
  if (!dispute || !order) throw new HttpError(404, staffMessages.disputeNotFound);
  const [view, parties, product, tracking, escrow] = await Promise.all([
    disputeView(deps, dispute, order),
    staffParties(deps.db, [order.buyer_id, order.seller_id]),
    deps.db('products').where({ id: order.listing_id }).first<{ title: string }>('title'),
    deps.db('order_tracking').where({ order_id: order.id }).orderBy('status_at') as Promise<
      { status: string; details: string; status_at: Date | number; city: string | null; state: string | null }[]
    >,
    order.payment_intent_id ? paymentEscrow(deps.db, order.payment_intent_id) : Promise.resolve(0),
  ]);
  return {
    dispute: view,
    title: product?.title ?? '',
    buyer: parties.get(order.buyer_id)!,
    seller: parties.get(order.seller_id)!,
    order: {
      id: order.id,
      kind: order.kind,
      status: order.status,
      amounts: {
        item: dollars(order.item_cents),
        shipping: dollars(order.shipping_cents),
        fee: dollars(order.fee_cents),
        discount: dollars(order.discount_cents),
        total: dollars(order.total_cents),
      },
      escrow: dollars(escrow),
      payment_intent_id: order.payment_intent_id,
      carrier: order.carrier,
      tracking_number: order.tracking_number,
      delivered_at: order.delivered_at === null ? null : iso(order.delivered_at),
      tracking: tracking.map((step) => ({
        status: step.status,
        details: step.details,
        at: iso(step.status_at),
        place: [step.city, step.state].filter(Boolean).join(', ') || null,
      })),
    },
  };
}

async function openDispute(db: Knex, disputeId: number): Promise<DisputeRow> {
  const dispute = await disputesRepo.byId(db, disputeId);
  if (!dispute) throw new HttpError(404, staffMessages.disputeNotFound);
  if (dispute.status !== 'open') throw new HttpError(409, staffMessages.disputeAlreadyResolved);
  return dispute;
}

/**
 * Support writes on an open dispute's timeline, which both sides read; with `askFrom`, it is a question to that
 * side, whose order card shows it (action_required 1, admin_message) until they add to the dispute. Both sides
 * are told (the `dispute.updated` event), and the message is in the audit trail.
 */
export async function message(
  deps: ApiDeps,
  { auth, ip }: Actor,
  input: { disputeId: number; text: string; askFrom?: 'buyer' | 'seller' },
): Promise<DisputeCase> {
  const dispute = await openDispute(deps.db, input.disputeId);
  await withTransaction(deps.db, async (trx) => {
    const entryId = await disputesRepo.addEntry(trx, {
      dispute_id: dispute.id,
      user_id: auth.user.id,
      kind: input.askFrom ? 'asked' : 'support',
      text: input.text,
      images: '[]',
    });
    if (input.askFrom) await disputesRepo.ask(trx, dispute.id, input.askFrom, entryId);
    await deps.events.emit(trx, 'dispute.updated', { disputeId: dispute.id, entryId });
    await auditRepo.insert(trx, {
      staffId: auth.user.id,
      kind: input.askFrom ? 'dispute.ask' : 'dispute.message',
      targetType: 'order',
      targetId: dispute.order_id,
      after: input.askFrom ? { asked: input.askFrom, entry: entryId } : { entry: entryId },
      reason: input.text,
      ip,
    });
  });
  return disputeCase(deps, dispute.id);
}

/**
 * Support decides: `refund` dollars back to the buyer's card, the rest of the escrow to the seller (through the
 * ledger, by `dispute.resolved`'s handler). One decision per dispute: when several staff decide at once, the one
 * who came second is told it was resolved already (409). Above $500, after a current code.
 */
export async function decide(
  deps: ApiDeps,
  actor: Actor,
  input: { disputeId: number; refund: number; note: string; code?: string },
): Promise<DisputeCase> {
  const dispute = await openDispute(deps.db, input.disputeId);
  const order = (await ordersRepo.byId(deps.db, dispute.order_id))!;
  const refundCents = Money.parse(String(input.refund)).cents;
  if (refundCents < 0 || refundCents > order.total_cents) {
    throw fieldError({ refund: staffMessages.refundAmountInvalid });
  }
  if (refundCents > LARGE_REFUND_CENTS) await confirmWithCode(deps, actor.auth, input.code);
  const { decided } = await resolve(deps, order.id, {
    refundCents,
    staffId: actor.auth.user.id,
    note: input.note,
    ip: actor.ip,
  });
  if (!decided) throw new HttpError(409, staffMessages.disputeAlreadyResolved);
  return disputeCase(deps, dispute.id);
}
