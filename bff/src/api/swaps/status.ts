import { OfferStatus, swapMessages } from '@swapstuff/contracts';
import type { Knex } from '@swapstuff/db';
import type { Outbox } from '../../jobs';
import { HttpError } from '../../http';
import { productsRepo } from '../products';
import { swapsRepo, type SwapRow } from './repo';

const { Pending, Accepted, Rejected, Completed, Abandoned, Canceled } = OfferStatus;

/**
 * Every move an offer's status may make (spec section 4, "Offer_status"). A pending offer is accepted by its
 * receiver, rejected by them (or declined when another offer on one of its listings is accepted), or canceled
 * by its sender; an accepted one completes when both parcels arrived and their windows closed, or is abandoned
 * when a side's details did not come within 72 hours. The rest are final. Counter-offers keep an offer
 * pending: they change its terms, not its status.
 */
export const OFFER_MOVES: Record<OfferStatus, readonly OfferStatus[]> = {
  [Pending]: [Accepted, Rejected, Canceled],
  [Accepted]: [Completed, Abandoned],
  [Rejected]: [],
  [Completed]: [],
  [Abandoned]: [],
  [Canceled]: [],
};

export function canMoveOffer(from: OfferStatus, to: OfferStatus): boolean {
  return OFFER_MOVES[from]?.includes(to) ?? false;
}

export interface LockedSwap {
  swap: SwapRow;
  /** the sender's listings in the latest version */
  items: number[];
  /** every listing the offer puts on the table, ascending: wanted and offered */
  listings: number[];
}

const ascending = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

/**
 * Locks listings in ascending id order. Every swap transaction takes its listings' locks first, in this order,
 * and the offers' rows after them: two transactions over overlapping listings queue on the lowest one they
 * share instead of each holding what the other waits for.
 */
export async function lockListings(trx: Knex.Transaction, ids: number[]) {
  const rows = [];
  for (const id of ascending(ids)) rows.push(await productsRepo.lockForChange(trx, id));
  return rows;
}

/**
 * The offer for a change: its listings locked (ascending), then its row. Terms that changed between reading
 * them and locking them (a counter-offer landed) are 409: the caller acted on a version that is gone.
 */
export async function lockSwap(
  trx: Knex.Transaction,
  id: number,
  userId?: number,
  /** more listings the change puts on the table (a counter-offer's items), locked in the same pass */
  extra: number[] = [],
): Promise<LockedSwap> {
  const peek = await swapsRepo.byId(trx, id);
  if (!peek || (userId !== undefined && peek.sender_id !== userId && peek.receiver_id !== userId)) {
    throw new HttpError(404, swapMessages.offerNotFound);
  }
  const items = await swapsRepo.itemsOf(trx, id, peek.version);
  const listings = ascending([peek.listing_id, ...items]);
  await lockListings(trx, [...listings, ...extra]);
  const swap = (await swapsRepo.lock(trx, id))!;
  if (swap.version !== peek.version) throw new HttpError(409, swapMessages.offerChanged);
  return { swap, items, listings };
}

/**
 * The one way an offer's status changes: on the locked row (lockSwap), refusing a move the table does not allow
 * (409), with the fields that go with it, and announced through the outbox.
 */
export async function moveOffer(
  trx: Knex.Transaction,
  events: Outbox,
  swap: SwapRow,
  to: OfferStatus,
  fields: Partial<SwapRow> = {},
): Promise<SwapRow> {
  if (!canMoveOffer(swap.offer_status, to)) throw new HttpError(409, swapMessages.offerCannotMove);
  await swapsRepo.update(trx, swap.id, { ...fields, offer_status: to });
  await events.emit(trx, 'swap.moved', { swapId: swap.id, from: swap.offer_status, to });
  return { ...swap, ...fields, offer_status: to };
}
