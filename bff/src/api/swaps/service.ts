import {
  ListingStatus,
  messages,
  Money,
  OfferStatus,
  SESSION_REVOKED_ERROR,
  SWAP_DETAILS_HOURS,
  swapMessages,
  HistoryCode,
} from '@swapstuff/contracts';
import { withTransaction, type Knex } from '@swapstuff/db';
import { HttpError, oneAtATime } from '../../http';
import { crashPoint } from '../../runtime/crash-points';
import type { ApiDeps } from '../deps';
import { feeQuote } from '../fees';
import { moveListing } from '../products';
import { oneLine, shippingRepo } from '../shipping';
import { usersRepo, type UserRow } from '../users';
import type { SwapDeps } from './deps';
import { createLegs } from './legs';
import { applyPayment, type Paid } from './payment-ledger';
import { swapsRepo, type SwapRow, type VersionRow } from './repo';
import { lockListings, lockSwap, moveOffer } from './status';
import { requireNoBlock } from '../blocks';

/**
 * Offers and counter-offers (issue 14; docs/decisions.md "Swaps"). Every change runs in one transaction at
 * READ COMMITTED (what a step reads after taking a lock is what the previous holder committed) with the
 * listings locked first in ascending id order and the offer's row after them (status.ts), so overlapping
 * offers queue instead of deadlocking and of 50 accepts on one listing exactly one wins.
 *
 * Extra cash is signed as the sender sees it (positive: the sender adds it). Whoever pays a version pays when
 * they commit to it: the proposer when they propose it, the other side when they agree to (sender) or accept
 * (receiver) it. The payment arrives captured and held (payment.ts) and is applied here, in the transaction
 * of the action it pays for; a version superseded or an offer ended gives its cash back through the outbox
 * (`swap.refund`, the ledger's key `swap:<pi>:refund`: once).
 */

const { Pending, Accepted, Rejected, Canceled } = OfferStatus;

export const swapTransaction = <T>(deps: Pick<SwapDeps, 'db'>, work: (trx: Knex.Transaction) => Promise<T>) =>
  withTransaction(deps.db, work, { isolationLevel: 'read committed' });

/** Dollars (as joi read them, at most two decimals) in whole cents, read digit by digit. */
export const cashCents = (dollars: number | undefined) => Money.fromDollarNumber(dollars ?? 0).cents;

/** Who adds a version's cash: the sender (positive), the receiver (negative), nobody. */
export function payerOf(swap: Pick<SwapRow, 'sender_id' | 'receiver_id'>, cash: number): number | null {
  if (cash > 0) return swap.sender_id;
  if (cash < 0) return swap.receiver_id;
  return null;
}

/** Who must answer the latest version: the receiver once the sender proposed or agreed to it, else the sender. */
export function awaitedUser(swap: SwapRow, latest: VersionRow): number {
  return latest.proposer_id === swap.sender_id || latest.agreed_at !== null ? swap.receiver_id : swap.sender_id;
}

/** The platform's fee on a version's cash, less its discount, never more than the cash: taken from its receiver. */
async function cashFee(db: Knex, cash: number): Promise<number> {
  if (cash === 0) return 0;
  const quote = await feeQuote(db, Math.abs(cash), 0);
  return Math.min(Math.abs(cash), quote.feeCents - quote.discountCents);
}

/**
 * The cash `actor` owes for committing to a version: they must bring it (402), exactly it (409), and it is
 * applied to the offer in `trx`. Returns the payment now holding the version's cash, if any.
 */
async function settleCommitment(
  trx: Knex.Transaction,
  input: { swapId: number; actorId: number; payerId: number | null; cash: number; held: string | null },
  paid: Paid | null,
): Promise<string | null> {
  const owed = input.payerId === input.actorId && input.held === null ? Math.abs(input.cash) : 0;
  if (owed > 0 && !paid) throw new HttpError(402, swapMessages.payFirst);
  if (paid && paid.amountCents !== owed) throw new HttpError(409, swapMessages.paymentMismatch);
  if (!paid) return input.held;
  await applyPayment(trx, paid.paymentIntentId, input.swapId);
  return paid.paymentIntentId;
}

async function latestOf(trx: Knex.Transaction, swap: SwapRow): Promise<VersionRow> {
  return (await swapsRepo.version(trx, swap.id, swap.version))!;
}

function requirePending(swap: SwapRow): void {
  if (swap.offer_status !== Pending) throw new HttpError(409, swapMessages.offerCannotMove);
}

/** The sender's listings as offered: theirs, Active, on locked rows. */
function checkItems(rows: Awaited<ReturnType<typeof lockListings>>, ids: number[], senderId: number): void {
  const byId = new Map(rows.filter(Boolean).map((row) => [row!.id, row!]));
  for (const id of ids) {
    const row = byId.get(id);
    if (!row || row.user_id !== senderId || row.status !== ListingStatus.Active) {
      throw new HttpError(409, swapMessages.itemsNotAvailable);
    }
  }
}

const refundIfHeld = async (deps: SwapDeps, trx: Knex.Transaction, paymentIntentId: string | null) => {
  if (paymentIntentId) await deps.events.emit(trx, 'swap.refund', { paymentIntentId });
};

export interface OfferInput {
  productId: number;
  productIds: number[];
  cash?: number;
}

/** POST /api/create/swap/request (and /api/confirm/payment of an offer): a new offer; returns its id. */
export async function createOffer(
  deps: SwapDeps,
  user: UserRow,
  input: OfferInput,
  paid: Paid | null,
): Promise<number> {
  const cash = cashCents(input.cash);
  const fee = await cashFee(deps.db, cash);
  return swapTransaction(deps, async (trx) => {
    if (!(await usersRepo.holdLive(trx, user.id)))
      throw new HttpError(401, messages.sessionEnded, { error: SESSION_REVOKED_ERROR });
    const rows = await lockListings(trx, [input.productId, ...input.productIds]);
    const wanted = rows.find((row) => row?.id === input.productId);
    if (!wanted || wanted.status === ListingStatus.Deleted) throw new HttpError(404, messages.productNotFound);
    if (wanted.user_id === user.id) throw new HttpError(400, swapMessages.ownListing);
    await requireNoBlock(trx, user.id, wanted.user_id);
    if (wanted.status !== ListingStatus.Active) throw new HttpError(409, swapMessages.listingNotAvailable);
    checkItems(rows, input.productIds, user.id);
    const swapId = await swapsRepo.insert(trx, {
      sender_id: user.id,
      receiver_id: wanted.user_id,
      listing_id: wanted.id,
    });
    const swap = { sender_id: user.id, receiver_id: wanted.user_id };
    const held = await settleCommitment(
      trx,
      { swapId, actorId: user.id, payerId: payerOf(swap, cash), cash, held: null },
      paid,
    );
    await swapsRepo.insertVersion(
      trx,
      {
        swap_request_id: swapId,
        version: 1,
        proposer_id: user.id,
        cash_cents: cash,
        cash_fee_cents: fee,
        payment_intent_id: held,
      },
      input.productIds,
    );
    await swapsRepo.addHistory(trx, swapId, [
      { userId: user.id, status: HistoryCode.Pending, description: 'You sent a swap offer' },
      { userId: wanted.user_id, status: HistoryCode.Pending, description: 'You received a swap offer' },
    ]);
    await deps.events.emit(trx, 'swap.offered', { swapId, version: 1 });
    return swapId;
  });
}

export interface CounterInput {
  requestId: number;
  productIds: number[];
  cash?: number;
}

/**
 * POST /api/swap/counter: the side the latest version waits for answers it with other terms (the sender's
 * items, the cash, signed as the one countering sees it). Only the latest version can be accepted; the cash
 * held for the one it replaces goes back.
 */
export async function counterOffer(
  deps: SwapDeps,
  user: UserRow,
  input: CounterInput,
  paid: Paid | null,
): Promise<number> {
  const fee = await cashFee(deps.db, cashCents(input.cash));
  return swapTransaction(deps, async (trx) => {
    const { swap, items } = await lockSwap(trx, input.requestId, user.id, input.productIds);
    requirePending(swap);
    const latest = await latestOf(trx, swap);
    if (awaitedUser(swap, latest) !== user.id) throw new HttpError(409, swapMessages.notYourTurn);
    checkItems(await lockListings(trx, input.productIds), input.productIds, swap.sender_id);
    // as the sender sees it: the receiver's "I add" is the sender's "they add"
    const asProposed = cashCents(input.cash);
    const cash = user.id === swap.sender_id ? asProposed : -asProposed;
    const sameItems = [...items].sort().join() === [...input.productIds].sort().join();
    if (sameItems && cash === latest.cash_cents) throw new HttpError(400, swapMessages.nothingChanged);
    const version = swap.version + 1;
    const held = await settleCommitment(
      trx,
      { swapId: swap.id, actorId: user.id, payerId: payerOf(swap, cash), cash, held: null },
      paid,
    );
    await swapsRepo.insertVersion(
      trx,
      {
        swap_request_id: swap.id,
        version,
        proposer_id: user.id,
        cash_cents: cash,
        cash_fee_cents: fee,
        payment_intent_id: held,
      },
      input.productIds,
    );
    await swapsRepo.update(trx, swap.id, { version });
    await refundIfHeld(deps, trx, latest.payment_intent_id);
    const other = user.id === swap.sender_id ? swap.receiver_id : swap.sender_id;
    await swapsRepo.addHistory(trx, swap.id, [
      { userId: user.id, status: HistoryCode.Pending, description: 'You sent a counter-offer' },
      { userId: other, status: HistoryCode.Pending, description: 'You received a counter-offer' },
    ]);
    await deps.events.emit(trx, 'swap.offered', { swapId: swap.id, version });
    return swap.id;
  });
}

/**
 * The side the latest version waits for commits to it (the sender agreeing to a counter-offer, the receiver
 * accepting): on the locked offer, paying the version's cash if it is theirs to add and not yet held.
 */
async function commitToLatest(
  trx: Knex.Transaction,
  requestId: number,
  user: UserRow,
  side: 'sender' | 'receiver',
  paid: Paid | null,
) {
  const locked = await lockSwap(trx, requestId, user.id);
  const { swap } = locked;
  requirePending(swap);
  const latest = await latestOf(trx, swap);
  if (swap[`${side}_id`] !== user.id || awaitedUser(swap, latest) !== user.id) {
    throw new HttpError(409, swapMessages.notYourTurn);
  }
  const held = await settleCommitment(
    trx,
    {
      swapId: swap.id,
      actorId: user.id,
      payerId: payerOf(swap, latest.cash_cents),
      cash: latest.cash_cents,
      held: latest.payment_intent_id,
    },
    paid,
  );
  if (held !== latest.payment_intent_id) await swapsRepo.updateVersion(trx, latest.id, { payment_intent_id: held });
  return { ...locked, latest };
}

/**
 * POST /api/swap/counter/accept: the sender agrees to the receiver's counter-offer (paying its cash if it asks
 * them for some); the receiver then accepts it as they accept any offer, with their address.
 */
export async function agreeToCounter(
  deps: SwapDeps,
  user: UserRow,
  requestId: number,
  paid: Paid | null,
): Promise<number> {
  return swapTransaction(deps, async (trx) => {
    const { swap, latest } = await commitToLatest(trx, requestId, user, 'sender', paid);
    await swapsRepo.updateVersion(trx, latest.id, { agreed_at: new Date() });
    await swapsRepo.addHistory(trx, swap.id, [
      { userId: user.id, status: HistoryCode.Pending, description: 'You accepted the counter-offer' },
      { userId: swap.receiver_id, status: HistoryCode.Pending, description: 'Your counter-offer was accepted' },
    ]);
    await deps.events.emit(trx, 'swap.offered', { swapId: swap.id, version: swap.version, agreed: true });
    return swap.id;
  });
}

/**
 * POST /api/swap/acceptreject status 1: the receiver accepts the latest version, giving the address they receive
 * at. Both sides' listings go In Trade, every other pending offer on any of them is declined (its cash back),
 * and the 72 hours for the swap details start.
 */
export async function acceptOffer(
  deps: SwapDeps,
  user: UserRow,
  input: { requestId: number; addressId: number },
  paid: Paid | null,
): Promise<number> {
  const address = await shippingRepo.ownAddress(deps.db, user.id, input.addressId);
  if (!address) throw new HttpError(404, messages.addressNotFound);
  // the offers on one listing are accepted one at a time in this process (many at once ran the pool dry)
  const listingId = (await swapsRepo.byId(deps.db, input.requestId))?.listing_id;
  return oneAtATime(`listing:${listingId}`, () => acceptLocked(deps, user, input.requestId, address, paid));
}

async function acceptLocked(
  deps: SwapDeps,
  user: UserRow,
  requestId: number,
  address: NonNullable<Awaited<ReturnType<typeof shippingRepo.ownAddress>>>,
  paid: Paid | null,
): Promise<number> {
  return swapTransaction(deps, async (trx) => {
    const { swap, listings } = await commitToLatest(trx, requestId, user, 'receiver', paid);
    for (const id of listings) {
      try {
        await moveListing(trx, deps.events, id, ListingStatus.InTrade);
      } catch (err) {
        if (err instanceof HttpError) throw new HttpError(409, swapMessages.listingNotAvailable);
        throw err;
      }
    }
    const now = new Date();
    await moveOffer(trx, deps.events, swap, Accepted, {
      accepted_at: now,
      details_due_at: new Date(now.getTime() + SWAP_DETAILS_HOURS * 3600_000),
      receiver_address_id: address.id,
      receiver_delivery_address: oneLine(address),
    });
    await swapsRepo.addHistory(trx, swap.id, [
      { userId: user.id, status: HistoryCode.Accepted, description: 'You accepted the offer' },
      { userId: swap.sender_id, status: HistoryCode.Accepted, description: 'Your offer was accepted' },
    ]);
    await declineOthers(deps, trx, swap.id, listings);
    crashPoint('swaps.accept.locked');
    return swap.id;
  }).then((id) => {
    crashPoint('swaps.accept.committed');
    return id;
  });
}

/** A pending offer closed because one of its listings went elsewhere (its row locked): its cash goes back. */
async function closeOffer(deps: SwapDeps, trx: Knex.Transaction, swap: SwapRow, note: string): Promise<void> {
  if (swap.offer_status !== Pending) return;
  await moveOffer(trx, deps.events, swap, Rejected, { ended_at: new Date() });
  await refundIfHeld(deps, trx, (await latestOf(trx, swap)).payment_intent_id);
  await swapsRepo.addHistory(trx, swap.id, [
    { userId: swap.sender_id, status: HistoryCode.Rejected, description: note },
    { userId: swap.receiver_id, status: HistoryCode.Rejected, description: note },
  ]);
}

/** The other pending offers on these (locked) listings are declined. */
async function declineOthers(deps: SwapDeps, trx: Knex.Transaction, acceptedId: number, listings: number[]) {
  for (const id of await swapsRepo.pendingTouching(trx, listings)) {
    if (id === acceptedId) continue;
    await closeOffer(deps, trx, (await swapsRepo.lock(trx, id))!, 'Closed: the item was swapped in another offer');
  }
}

/**
 * The receiver rejects (POST /api/swap/acceptreject status 2) or the sender cancels (GET /api/request/cancel/{id})
 * a pending offer; its cash goes back.
 */
export async function endOffer(
  deps: SwapDeps,
  user: UserRow,
  requestId: number,
  how: 'reject' | 'cancel',
): Promise<number> {
  return swapTransaction(deps, async (trx) => {
    const { swap } = await lockSwap(trx, requestId, user.id);
    const mine = how === 'reject' ? swap.receiver_id : swap.sender_id;
    if (mine !== user.id) throw new HttpError(409, swapMessages.offerCannotMove);
    await moveOffer(trx, deps.events, swap, how === 'reject' ? Rejected : Canceled, { ended_at: new Date() });
    await refundIfHeld(deps, trx, (await latestOf(trx, swap)).payment_intent_id);
    const other = user.id === swap.sender_id ? swap.receiver_id : swap.sender_id;
    await swapsRepo.addHistory(
      trx,
      swap.id,
      how === 'reject'
        ? [
            { userId: user.id, status: HistoryCode.Rejected, description: 'You rejected the offer' },
            { userId: other, status: HistoryCode.Rejected, description: 'Your offer was rejected' },
          ]
        : [
            { userId: user.id, status: HistoryCode.Closed, description: 'You canceled the offer' },
            { userId: other, status: HistoryCode.Closed, description: 'The offer was canceled' },
          ],
    );
    return swap.id;
  });
}

/** Pending offers on a listing that left the market (bought): closed, their cash back. */
export async function closeOffersOn(deps: SwapDeps, listingId: number): Promise<void> {
  for (const id of await swapsRepo.pendingTouching(deps.db, [listingId])) {
    await swapTransaction(deps, async (trx) => {
      const { swap } = await lockSwap(trx, id);
      await closeOffer(deps, trx, swap, 'Closed: the item is no longer available');
    });
  }
}

export interface DetailsInput {
  requestId: number;
  addressId: number;
  shipping: 'platform' | 'own';
}

/**
 * POST /api/swap/details: one side's details, once, while the offer is accepted and its 72 hours run: where
 * they receive and how they ship. The second side's details make the two legs (legs.ts).
 */
export async function giveDetails(deps: ApiDeps, user: UserRow, input: DetailsInput): Promise<number> {
  const address = await shippingRepo.ownAddress(deps.db, user.id, input.addressId);
  if (!address) throw new HttpError(404, messages.addressNotFound);
  return swapTransaction(deps, async (trx) => {
    const { swap, items } = await lockSwap(trx, input.requestId, user.id);
    if (swap.offer_status !== Accepted) throw new HttpError(409, swapMessages.offerCannotMove);
    const side = user.id === swap.sender_id ? 'sender' : 'receiver';
    if (swap[`${side}_details_at`] !== null) throw new HttpError(409, swapMessages.detailsGiven);
    const fields: Partial<SwapRow> = {
      [`${side}_address_id`]: address.id,
      [`${side}_delivery_address`]: oneLine(address),
      [`${side}_shipping`]: input.shipping,
      [`${side}_details_at`]: new Date(),
    };
    await swapsRepo.update(trx, swap.id, fields);
    // a step of this side's only: the other side reads it in their thierhistory
    await swapsRepo.addHistory(trx, swap.id, [
      { userId: user.id, status: HistoryCode.Details, description: 'Swap details given' },
    ]);
    await deps.events.emit(trx, 'swap.details', { swapId: swap.id, userId: user.id });
    const after = { ...swap, ...fields };
    if (after.sender_details_at !== null && after.receiver_details_at !== null) {
      await createLegs(deps, trx, after, items);
    }
    return swap.id;
  });
}
