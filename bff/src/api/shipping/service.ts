import {
  ListingStatus,
  Money,
  messages,
  orderMessages,
  type CourierRateView,
  type ShippingEstimate,
} from '@swapstuff/contracts';
import { regionCodesFor } from '../../adapters/places';
import {
  ShippingProviderError,
  type CourierRate,
  type ParcelSize,
  type ShippingAddress,
  type ShippingPort,
} from '../../adapters/shipping';
import { HttpError } from '../../http';
import type { ApiDeps } from '../deps';
import { shippingRepo, type AddressLine, type RateRow, type ShippableListing } from './repo';
import type { CouriersInput, EstimateInput } from './schemas';

/** A quoted rate is good for a checkout this long (a label's price may change after). */
export const RATE_VALID_MS = 24 * 3600_000;

/** The spec's rates and estimates are dollars as numbers (Shippo's amounts are decimal strings). */
const dollars = (cents: number) => Number(Money.toWire(Money.fromCents(cents)));

/** Our addresses keep the state as the picker gave it ("Texas" or "TX"); carriers take the code. */
export function stateCode(state: string): string {
  const trimmed = state.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) return trimmed.toUpperCase();
  const [code] = regionCodesFor(trimmed, 'exact');
  return code ?? trimmed;
}

export function oneLine(address: Pick<AddressLine, 'street_1' | 'street_2' | 'city' | 'state' | 'zip'>): string {
  const street = [address.street_1, address.street_2].filter(Boolean).join(', ');
  return `${street}, ${address.city}, ${stateCode(address.state)} ${address.zip}`;
}

export function shippingAddressOf(address: AddressLine, name: string): ShippingAddress {
  return {
    name: name || 'Swapstuff member',
    street1: address.street_1,
    ...(address.street_2 ? { street2: address.street_2 } : {}),
    city: address.city,
    state: stateCode(address.state),
    zip: address.zip,
    country: 'US',
  };
}

/** The parcel a buyable listing declared (pounds and ounces become ounces). */
export function parcelOf(size: {
  length: number;
  width: number;
  height: number;
  pounds: number;
  ounces?: number;
}): ParcelSize {
  return {
    lengthIn: size.length,
    widthIn: size.width,
    heightIn: size.height,
    weightOz: Math.round((size.pounds * 16 + (size.ounces ?? 0)) * 100) / 100,
  };
}

export function listingParcel(listing: ShippableListing): ParcelSize | null {
  if (listing.length === null || listing.pounds === null) return null;
  return parcelOf({
    length: Number(listing.length),
    width: Number(listing.width),
    height: Number(listing.height),
    pounds: Number(listing.pounds),
    ounces: Number(listing.ounces ?? 0),
  });
}

/** A listing that can be shipped (buyable, not deleted): 404 for none, 400 for a swap-only one. */
export async function shippableListing(deps: ApiDeps, id: number): Promise<ShippableListing> {
  const listing = await shippingRepo.listing(deps.db, id);
  if (!listing || listing.status === ListingStatus.Deleted) throw new HttpError(404, messages.productNotFound);
  if (!listing.is_buyable) throw new HttpError(400, orderMessages.listingNotBuyable);
  return listing;
}

/** Where a listing ships from: the address it was listed at (its city and ZIP when that is gone). */
export async function originOf(deps: ApiDeps, listing: ShippableListing): Promise<AddressLine> {
  const address = listing.address_id === null ? undefined : await shippingRepo.address(deps.db, listing.address_id);
  return (
    address ?? {
      id: 0,
      user_id: listing.user_id,
      street_1: listing.city,
      street_2: null,
      city: listing.city,
      state: listing.state,
      zip: listing.zip,
    }
  );
}

/** One of the user's addresses; their default one when none is named. */
async function destination(deps: ApiDeps, userId: number, addressId: number | null | undefined): Promise<AddressLine> {
  const address =
    addressId == null
      ? await shippingRepo.defaultAddress(deps.db, userId)
      : await shippingRepo.ownAddress(deps.db, userId, addressId);
  if (!address)
    throw new HttpError(
      addressId == null ? 400 : 404,
      addressId == null ? orderMessages.addressRequired : messages.addressNotFound,
    );
  return address;
}

/**
 * The carrier's answer, or ours when it failed: it refused the route (an address it cannot serve) → 422 with
 * the spec's "Couriers not available…"; it is down or slow → 503, logged.
 */
async function atCarrier<T>(
  deps: Pick<ApiDeps, 'shipping' | 'logger'>,
  call: (shipping: ShippingPort) => Promise<T>,
): Promise<T> {
  try {
    return await call(deps.shipping);
  } catch (err) {
    if (err instanceof ShippingProviderError && err.status >= 400 && err.status < 500) {
      throw new HttpError(422, orderMessages.couriersNotAvailable);
    }
    deps.logger.error({ err }, 'shipping provider call failed');
    throw new HttpError(503, orderMessages.shippingUnavailable);
  }
}

async function quoteRates(
  deps: ApiDeps,
  listing: ShippableListing,
  to: AddressLine,
  parcel: ParcelSize,
): Promise<{ shipmentId: string; rates: CourierRate[] }> {
  const from = await originOf(deps, listing);
  const quote = await atCarrier(deps, (shipping) =>
    shipping.quote({ from: shippingAddressOf(from, ''), to: shippingAddressOf(to, ''), parcel }),
  );
  if (quote.rates.length === 0) throw new HttpError(422, orderMessages.couriersNotAvailable);
  return quote;
}

function range(rates: CourierRate[]): ShippingEstimate {
  const amounts = rates.map((rate) => rate.amountCents);
  return { minimum: dollars(Math.min(...amounts)), maximum: dollars(Math.max(...amounts)) };
}

/** POST /api/estimated/rates: what shipping a parcel of these dimensions to the user's address costs. */
export async function estimate(deps: ApiDeps, userId: number, input: EstimateInput): Promise<ShippingEstimate> {
  const listing = await shippableListing(deps, input.productId);
  const to = await destination(deps, userId, input.addressId);
  return range((await quoteRates(deps, listing, to, parcelOf(input))).rates);
}

/** GET /api/estimate/cost/{id}: the same for the listing's own parcel, to the user's default address. */
export async function estimateCost(deps: ApiDeps, userId: number, listingId: number): Promise<ShippingEstimate> {
  const listing = await shippableListing(deps, listingId);
  const parcel = listingParcel(listing);
  if (!parcel) throw new HttpError(400, orderMessages.listingNotBuyable);
  return range((await quoteRates(deps, listing, await destination(deps, userId, null), parcel)).rates);
}

export function rateView(rate: RateRow): CourierRateView {
  return {
    object_id: rate.rate_id,
    name: rate.provider,
    service: rate.service,
    amount: dollars(rate.amount_cents),
    included_insurance_price: dollars(rate.insurance_cents),
    provider_image_200: rate.provider_image,
    duration_terms: rate.duration_terms,
    estimated_days: rate.estimated_days,
  };
}

/**
 * POST /api/get/shippments: every courier's rate for sending the listing to one of the user's addresses,
 * the cheapest first. Each is kept with whom it was quoted for: a checkout pays only a rate kept here, at
 * the amount kept here, never an amount the browser sends.
 */
export async function couriers(deps: ApiDeps, userId: number, input: CouriersInput): Promise<CourierRateView[]> {
  const listing = await shippableListing(deps, input.productId);
  if (listing.user_id === userId) throw new HttpError(400, orderMessages.ownListing);
  const parcel = listingParcel(listing);
  if (!parcel) throw new HttpError(400, orderMessages.listingNotBuyable);
  const to = await destination(deps, userId, input.addressId);
  const quote = await quoteRates(deps, listing, to, parcel);
  const now = new Date();
  const rows: RateRow[] = quote.rates.map((rate) => ({
    rate_id: rate.id,
    shipment_id: quote.shipmentId,
    user_id: userId,
    listing_id: listing.id,
    address_id: to.id,
    provider: rate.provider,
    service: rate.service,
    provider_image: rate.providerImage200,
    amount_cents: rate.amountCents,
    insurance_cents: rate.includedInsuranceCents,
    estimated_days: rate.estimatedDays,
    duration_terms: rate.durationTerms,
    created_at: now,
  }));
  await shippingRepo.keepRates(deps.db, rows);
  return rows.map(rateView).sort((a, b) => a.amount - b.amount);
}

/** A rate this user was quoted for this listing and address, still valid; 400 "Please choose a courier" otherwise. */
export async function quotedRate(
  deps: ApiDeps,
  input: { rateId: string; userId: number; listingId: number; addressId: number },
): Promise<RateRow> {
  const rate = await shippingRepo.rate(deps.db, input.rateId);
  const fresh = rate && Date.now() - new Date(rate.created_at).getTime() <= RATE_VALID_MS;
  if (
    !rate ||
    !fresh ||
    rate.user_id !== input.userId ||
    rate.listing_id !== input.listingId ||
    rate.address_id !== input.addressId
  ) {
    throw new HttpError(400, orderMessages.chooseCourier);
  }
  return rate;
}

/**
 * A swap leg's parcel when its listing declared none (swap-only listings need not): a medium box, 12 × 10 × 8 in
 * of 5 lb, which the carrier prices like most things people swap (docs/decisions.md "Swaps").
 */
export const SWAP_PARCEL: ParcelSize = parcelOf({ length: 12, width: 10, height: 8, pounds: 5 });

/**
 * The cheapest courier for a swap leg sent by `userId` from one address to another, quoted now and kept as any
 * quote is (the label is bought with it at once).
 */
export async function cheapestLegRate(
  deps: Pick<ApiDeps, 'db' | 'shipping' | 'logger'>,
  input: { userId: number; listingId: number; fromAddressId: number; toAddressId: number },
): Promise<RateRow> {
  const [listing, from, to] = await Promise.all([
    shippingRepo.listing(deps.db, input.listingId),
    shippingRepo.address(deps.db, input.fromAddressId),
    shippingRepo.address(deps.db, input.toAddressId),
  ]);
  if (!listing || !from || !to) throw new Error(`swap leg of listing ${input.listingId} has no listing or addresses`);
  const parcel = listingParcel(listing) ?? SWAP_PARCEL;
  const quote = await atCarrier(deps, (shipping) =>
    shipping.quote({ from: shippingAddressOf(from, ''), to: shippingAddressOf(to, ''), parcel }),
  );
  const cheapest = [...quote.rates].sort((a, b) => a.amountCents - b.amountCents)[0];
  if (!cheapest) throw new HttpError(422, orderMessages.couriersNotAvailable);
  const row: RateRow = {
    rate_id: cheapest.id,
    shipment_id: quote.shipmentId,
    user_id: input.userId,
    listing_id: listing.id,
    address_id: to.id,
    provider: cheapest.provider,
    service: cheapest.service,
    provider_image: cheapest.providerImage200,
    amount_cents: cheapest.amountCents,
    insurance_cents: cheapest.includedInsuranceCents,
    estimated_days: cheapest.estimatedDays,
    duration_terms: cheapest.durationTerms,
    created_at: new Date(),
  };
  await shippingRepo.keepRates(deps.db, [row]);
  return row;
}
