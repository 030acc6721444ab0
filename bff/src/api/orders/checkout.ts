import { ListingStatus, Money, messages, orderMessages, routes, type Checkout, type Order } from '@swapstuff/contracts';
import { withTransaction } from '@swapstuff/db';
import { PaymentProviderError, type PaymentState } from '../../adapters/payments';
import { HttpError, oneAtATime } from '../../http';
import { cardsRepo } from '../cards';
import type { ApiDeps } from '../deps';
import type { OrderDeps } from './deps';
import { feeQuote } from '../fees';
import { hold, isHoldRefused } from '../ledger';
import { moveListing } from '../products';
import { oneLine, originOf, quotedRate, shippableListing, shippingRepo } from '../shipping';
import { usersRepo, type UserRow } from '../users';
import { holdsRepo } from './holds';
import { ordersRepo, type OrderRow } from './repo';
import { orderView } from './view';
import { requireNoBlock } from '../blocks';

/**
 * Buy now (issue 13; docs/decisions.md "Orders: buy now"). Two steps, as the spec's calls are:
 *
 *  1. initialize-payment: the price is made here (the listing's price, the courier's rate we quoted, the fee
 *     quote) and the card is authorized for it, nothing taken yet. Its metadata carries the order to be.
 *  2. confirm-payment: the listing is taken (Active → In Process on its locked row: of two buyers racing,
 *     one gets it; the other's authorization is voided, so nobody else is charged) together with the
 *     order's row; then the payment is captured into escrow through the ledger, and only then is the order
 *     paid. A capture the provider refuses gives the listing back; one that failed for a while is finished
 *     by the same call again, or by the sweep (inspection.ts) — the ledger's key makes it happen once.
 */

const money = (cents: number) => Money.toWire(Money.fromCents(cents));

const card402 = (err: unknown) =>
  err instanceof PaymentProviderError && err.status === 402 ? new HttpError(402, err.message) : null;

/** A payment provider call, its failures as answers: declined 402, unknown 404, down 503 (logged). */
export async function atProvider<T>(deps: Pick<OrderDeps, 'logger'>, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const declined = card402(err);
    if (declined) throw declined;
    if (err instanceof PaymentProviderError && (err.status === 404 || err.code === 'resource_missing')) {
      throw new HttpError(404, orderMessages.paymentNotFound);
    }
    deps.logger.error({ err }, 'payment provider call failed');
    throw new HttpError(503, messages.paymentsUnavailable);
  }
}

/**
 * Authorizes `amount` on one of the user's saved cards, nothing taken yet (a card not theirs: 404), with `key` (the
 * same request again is the same authorization). Authorized, or waiting for the card holder's bank; declined: 402.
 */
export async function authorizeOwnCard(
  deps: Pick<ApiDeps, 'db' | 'payments' | 'logger'>,
  userId: number,
  input: { amount: number; paymentMethodId: string; returnUrl: string; metadata: Record<string, string> },
  key: string,
): Promise<PaymentState & { status: 'requires_capture' | 'requires_action' }> {
  const customerId = await cardsRepo.customerOf(deps.db, userId);
  const owner = customerId && (await atProvider(deps, () => deps.payments.cardOwner(input.paymentMethodId)));
  if (!customerId || owner !== customerId) throw new HttpError(404, messages.cardNotFound);
  const request = { ...input, customerId };
  // written down before and after, so that a hold nobody claims is voided, its answer lost or not (holds.ts)
  await holdsRepo.ask(deps.db, key, userId, request);
  const intent = await atProvider(deps, () => deps.payments.authorize(request, key));
  await holdsRepo.record(deps.db, intent.id, userId);
  await holdsRepo.answered(deps.db, key);
  if (intent.status !== 'requires_capture' && intent.status !== 'requires_action') {
    throw new HttpError(402, intent.errorMessage ?? orderMessages.paymentNotAuthorized);
  }
  return intent as PaymentState & { status: 'requires_capture' | 'requires_action' };
}

export interface InitializeInput {
  productId: number;
  addressId: number;
  rateId: string;
  paymentMethodId: string;
}

/** POST /api/buynow/initialize-payment. */
export async function initialize(deps: ApiDeps, user: UserRow, input: InitializeInput): Promise<Checkout> {
  const listing = await shippableListing(deps, input.productId);
  if (listing.user_id === user.id) throw new HttpError(400, orderMessages.ownListing);
  await requireNoBlock(deps.db, user.id, listing.user_id);
  if (listing.status !== ListingStatus.Active) throw new HttpError(409, orderMessages.listingNotAvailable);
  const address = await shippingRepo.ownAddress(deps.db, user.id, input.addressId);
  if (!address) throw new HttpError(404, messages.addressNotFound);
  const rate = await quotedRate(deps, {
    rateId: input.rateId,
    userId: user.id,
    listingId: listing.id,
    addressId: address.id,
  });
  const fee = await feeQuote(deps.db, listing.price_cents, 0);
  // the courier's fee as the panel shows it (spec section 9: amount minus the insurance it includes); the
  // platform pays the carrier the rest, insuring the parcel for the buyer
  const shippingCents = Math.max(0, rate.amount_cents - rate.insurance_cents);
  const total = fee.totalCents + shippingCents;
  const metadata = {
    kind: 'buynow',
    buyerId: String(user.id),
    listingId: String(listing.id),
    addressId: String(address.id),
    rateId: rate.rate_id,
    itemCents: String(listing.price_cents),
    shippingCents: String(shippingCents),
    feeCents: String(fee.feeCents),
    discountCents: String(fee.discountCents),
  };
  // the same checkout asked twice (a double click, a retry) is the same authorization
  const key = `buynow:${user.id}:${listing.id}:${rate.rate_id}:${input.paymentMethodId}:${total}`;
  // the card holder's bank sends them back to the checkout, which confirms the payment
  const intent = await authorizeOwnCard(
    deps,
    user.id,
    {
      amount: total,
      paymentMethodId: input.paymentMethodId,
      returnUrl: `${deps.publicUrl}${routes.checkout(listing.id)}`,
      metadata,
    },
    key,
  );
  return {
    paymentIntentId: intent.id,
    status: intent.status,
    redirectUrl: intent.redirectUrl,
    amounts: {
      item: money(listing.price_cents),
      shipping: money(shippingCents),
      fee: money(fee.feeCents),
      discount: money(fee.discountCents),
      total: money(total),
    },
  };
}

/** The payment's metadata as the order it is for; a payment of someone else's (or none of ours) is not found. */
function checkoutOf(intent: PaymentState, buyerId: number) {
  const m = intent.metadata;
  if (m.kind !== 'buynow' || Number(m.buyerId) !== buyerId) throw new HttpError(404, orderMessages.paymentNotFound);
  const cents = (text: string | undefined) => {
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`payment ${intent.id} has no valid amounts`);
    return value;
  };
  return {
    listingId: Number(m.listingId),
    addressId: Number(m.addressId),
    rateId: m.rateId,
    itemCents: cents(m.itemCents),
    shippingCents: cents(m.shippingCents),
    feeCents: cents(m.feeCents),
    discountCents: cents(m.discountCents),
  };
}

/**
 * Whether a payment was made in dollars on the user's own customer at the provider, as every payment we ask for
 * is (authorizeOwnCard): one made otherwise by whoever holds the provider's key is not the user's to confirm.
 */
export async function isOwnDollarPayment(deps: ApiDeps, intent: PaymentState, userId: number): Promise<boolean> {
  const customerId = await cardsRepo.customerOf(deps.db, userId);
  return intent.currency === 'usd' && customerId !== null && intent.customer === customerId;
}

/**
 * Whether the payment is for what this api quotes the buyer (initialize): the listing's price and its fee now,
 * the courier's rate quoted to this buyer for this listing and address, in dollars, on the buyer's own
 * customer, for the total of those. A payment's metadata is not ours to trust: whoever holds the provider's key
 * can write any (a $950 listing was bought for $0.50 with a payment made so).
 */
async function isQuoted(
  deps: ApiDeps,
  intent: PaymentState,
  buyer: UserRow,
  checkout: ReturnType<typeof checkoutOf>,
  listing: { id: number; price_cents: number },
  rate: Awaited<ReturnType<typeof shippingRepo.rate>>,
): Promise<boolean> {
  const fee = await feeQuote(deps.db, listing.price_cents, 0);
  if (!rate || rate.user_id !== buyer.id || rate.listing_id !== listing.id || rate.address_id !== checkout.addressId)
    return false;
  const shippingCents = Math.max(0, rate.amount_cents - rate.insurance_cents);
  return (
    (await isOwnDollarPayment(deps, intent, buyer.id)) &&
    checkout.itemCents === listing.price_cents &&
    checkout.feeCents === fee.feeCents &&
    checkout.discountCents === fee.discountCents &&
    checkout.shippingCents === shippingCents &&
    intent.amount === fee.totalCents + shippingCents
  );
}

/**
 * Takes the listing for the payment's order, in one transaction with the order's row. The listing no
 * longer Active (another buyer was first, the seller took it down): 409, and the authorization is voided.
 * A payment that is not for what we quote (isQuoted): 402, and it is voided too.
 */
async function claim(deps: ApiDeps, intent: PaymentState, buyer: UserRow): Promise<OrderRow> {
  const checkout = checkoutOf(intent, buyer.id);
  const listing = await shippableListing(deps, checkout.listingId);
  const to = await shippingRepo.address(deps.db, checkout.addressId);
  const from = await originOf(deps, listing);
  const rate = await shippingRepo.rate(deps.db, checkout.rateId);
  const total = checkout.itemCents + checkout.shippingCents + checkout.feeCents - checkout.discountCents;
  if (!to || total !== intent.amount || !(await isQuoted(deps, intent, buyer, checkout, listing, rate))) {
    await atProvider(deps, () => deps.payments.cancelPayment(intent.id, `void:${intent.id}`));
    throw new HttpError(402, orderMessages.paymentNotAuthorized);
  }
  try {
    const id = await withTransaction(deps.db, async (trx) => {
      // the buyer deleted their account meanwhile: 409 like a listing taken, so the authorization is voided
      if (!(await usersRepo.holdLive(trx, buyer.id))) throw new HttpError(409, messages.sessionEnded);
      await moveListing(trx, deps.events, listing.id, ListingStatus.InProcess);
      return ordersRepo.insert(trx, {
        kind: 'buynow',
        listing_id: listing.id,
        buyer_id: buyer.id,
        seller_id: listing.user_id,
        swap_request_id: null,
        our_listing_id: null,
        status: '1',
        payment_intent_id: intent.id,
        item_cents: checkout.itemCents,
        shipping_cents: checkout.shippingCents,
        fee_cents: checkout.feeCents,
        discount_cents: checkout.discountCents,
        total_cents: total,
        address_id: to.id,
        delivery_address: oneLine(to),
        sender_address: oneLine(from),
        is_platform: true,
        rate_id: checkout.rateId,
        courier_provider: rate?.provider ?? null,
        courier_service: rate?.service ?? null,
        courier_image: rate?.provider_image ?? null,
      });
    });
    return (await ordersRepo.byId(deps.db, id))!;
  } catch (err) {
    // the same payment confirmed twice at once: the first one's order is the answer (the second found the
    // listing already taken, or the payment's row already written)
    const first = await ordersRepo.byPayment(deps.db, intent.id);
    if (first) return first;
    if (err instanceof HttpError && err.status === 409) {
      await atProvider(deps, () => deps.payments.cancelPayment(intent.id, `void:${intent.id}`));
      throw new HttpError(409, orderMessages.listingNotAvailable);
    }
    throw err;
  }
}

/** The provider refused the capture for good: the order never was, the listing is Active again. */
async function undo(deps: OrderDeps, order: OrderRow): Promise<void> {
  await withTransaction(deps.db, async (trx) => {
    const row = await ordersRepo.lock(trx, order.id);
    if (!row || row.paid_at !== null) return;
    await ordersRepo.remove(trx, order.id);
    await moveListing(trx, deps.events, order.listing_id, ListingStatus.Active);
  });
}

/**
 * Captures an order's payment into escrow (the ledger's key `hold:<pi>`: once, however often this runs) and
 * marks it paid. Refused for good: undone (402). Failed for a while: 503, the order waits for a retry.
 */
export async function settle(deps: OrderDeps, order: OrderRow): Promise<OrderRow> {
  if (order.paid_at !== null) return order;
  const pi = order.payment_intent_id!;
  try {
    await hold(
      { db: deps.db, payments: deps.payments },
      { paymentIntentId: pi, payerId: order.buyer_id, amountCents: order.total_cents },
      `hold:${pi}`,
    );
  } catch (err) {
    if (!isHoldRefused(err)) {
      deps.logger.error({ err, orderId: order.id }, 'capture failed: the order waits for a retry');
      throw new HttpError(503, messages.paymentsUnavailable);
    }
    await undo(deps, order);
    await deps.payments.cancelPayment(pi, `void:${pi}`).catch(() => undefined);
    throw new HttpError(402, orderMessages.paymentNotAuthorized);
  }
  await withTransaction(deps.db, async (trx) => {
    const row = await ordersRepo.lock(trx, order.id);
    if (!row || row.paid_at !== null) return;
    await ordersRepo.update(trx, order.id, { paid_at: new Date() });
    await deps.events.emit(trx, 'order.paid', { orderId: order.id });
  });
  return (await ordersRepo.byId(deps.db, order.id))!;
}

/** POST /api/buynow/confirm-payment: the order of an authorized payment, placed once however often it is asked. */
export async function confirm(deps: ApiDeps, buyer: UserRow, paymentIntentId: string): Promise<Order> {
  let order = await ordersRepo.byPayment(deps.db, paymentIntentId);
  if (order && order.buyer_id !== buyer.id) throw new HttpError(404, orderMessages.paymentNotFound);
  if (!order) {
    const intent = await atProvider(deps, () => deps.payments.retrievePayment(paymentIntentId));
    checkoutOf(intent, buyer.id);
    // a confirm of the same payment racing this one may have placed the order (and captured) meanwhile
    order = await ordersRepo.byPayment(deps.db, paymentIntentId);
    if (!order) {
      if (intent.status === 'requires_action') throw new HttpError(402, orderMessages.authenticationIncomplete);
      if (intent.status !== 'requires_capture') throw new HttpError(402, orderMessages.paymentNotAuthorized);
      // the buyers of one listing are claimed one at a time in this process (many at once ran the pool dry)
      order = await oneAtATime(`listing:${intent.metadata.listingId}`, () => claim(deps, intent, buyer));
    }
  }
  return orderView(deps, await settle(deps, order), buyer.id);
}
