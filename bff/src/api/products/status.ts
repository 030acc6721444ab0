import { ListingStatus, messages } from '@swapstuff/contracts';
import type { Knex } from '@swapstuff/db';
import type { Outbox } from '../../jobs';
import { HttpError } from '../../http';
import { productsRepo } from './repo';

const { InTrade, Active, InProcess, Swapped, Disputed, Deleted } = ListingStatus;

/**
 * Every move a listing's status may make (spec section 4). An Active listing goes into a trade (an offer
 * accepted), into process (bought) or away (deleted); a trade or a sale ends swapped, disputed, or back
 * to Active when it falls through; a dispute ends either way. Swapped and Deleted are final.
 */
export const LISTING_MOVES: Record<ListingStatus, readonly ListingStatus[]> = {
  [Active]: [InTrade, InProcess, Deleted],
  [InTrade]: [Active, Swapped, Disputed],
  [InProcess]: [Active, Swapped, Disputed],
  [Disputed]: [Active, Swapped],
  [Swapped]: [],
  [Deleted]: [],
};

export function canMove(from: ListingStatus, to: ListingStatus): boolean {
  return LISTING_MOVES[from]?.includes(to) ?? false;
}

/**
 * The one way a listing's status changes: inside the caller's transaction, on the locked row, refusing
 * a move the table does not allow (409), and announcing it (search shows Active listings only).
 * Returns the status it moved from.
 */
export async function moveListing(
  trx: Knex.Transaction,
  events: Outbox,
  id: number,
  to: ListingStatus,
): Promise<ListingStatus> {
  const row = await productsRepo.lockForChange(trx, id);
  if (!row || row.status === Deleted) throw new HttpError(404, messages.productNotFound);
  const from = row.status as ListingStatus;
  if (!canMove(from, to)) throw new HttpError(409, messages.illegalStatusMove);
  await productsRepo.setStatus(trx, id, to);
  await events.emit(trx, 'listing.moved', { listingId: id, from, to });
  return from;
}
