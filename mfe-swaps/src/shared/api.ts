import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints, ListingStatus, Money, type FeeQuoteContent, type Id } from '@swapstuff/contracts';
import { api, ApiError } from '@swapstuff/sdk';
import { endpointKey, useEndpointMutation, useEndpointQuery } from '@swapstuff/sdk/query';

/**
 * The swaps' hooks (issue 14) over the endpoint table: the wanted listing, my Active listings, the fee quote of
 * the cash, the lists of offers, one offer, its history, and the changes that need no payment (my addresses and
 * cards are @swapstuff/sdk/checkout's). A change reads again every view of an offer (both lists, the offer, its
 * history) and of the listings it moves (an accepted swap puts them In Trade).
 */

/** Every view of an offer: what a change to one is read again in. */
export const OFFER_VIEWS = [
  endpoints.swapMyOffers,
  endpoints.swapMyRequests,
  endpoints.swapDetail,
  endpoints.swapHistory,
] as const;

/** ...and of the listings and orders a change may move (accept puts listings In Trade; details make legs). */
export const SWAP_CHANGES = [...OFFER_VIEWS, endpoints.myListings, endpoints.product, endpoints.swapOrders] as const;

/** The listing wanted, as its page shows it. */
export const useListing = (id: string) =>
  useEndpointQuery(endpoints.product, { id }, { select: (content) => content.product });

/** The most listings the picker lists at once: the api's largest page; a user offers from their own few. */
const PICKER_PAGE = 100;

/** My Active listings (status 1), the ones I may offer; asked once the picker first opens. */
export const useMyActiveListings = (enabled: boolean) =>
  useEndpointQuery(
    endpoints.myListings,
    { status: ListingStatus.Active, pageNumber: 1, perPage: PICKER_PAGE },
    { enabled, select: (content) => content.products },
  );

/**
 * The fee quote of an amount of cash (price = |cash|, whole cents); not asked for no cash. The quote of the
 * amount before stays shown while the next one is on its way: its settings price the new amount at once.
 */
export function useCashFeeQuote(cents: number) {
  const input = { price: Money.toWire(Money.fromCents(cents)) };
  return useQuery<FeeQuoteContent, ApiError>({
    queryKey: endpointKey(endpoints.feeQuote, input),
    queryFn: ({ signal }) => api.call(endpoints.feeQuote, input, { signal }),
    enabled: cents > 0,
    placeholderData: keepPreviousData,
  });
}

/** Offers per page of Swap Requests. */
export const OFFERS_PER_PAGE = 10;

export type OffersTab = 'received' | 'sent';

/** A page of the offers I received (my requests) or sent (my offers). */
export const useOffers = (tab: OffersTab, pageNumber: number) =>
  useEndpointQuery(tab === 'sent' ? endpoints.swapMyOffers : endpoints.swapMyRequests, {
    pageNumber,
    perPage: OFFERS_PER_PAGE,
  });

/** One offer with every version of its terms; asked only while `id` is set (its drawer is open). */
export const useOffer = (id: Id | null) =>
  useEndpointQuery(endpoints.swapDetail, { id: id ?? 0 }, { enabled: id !== null, select: (content) => content.offer });

/** An offer's steps, mine and theirs; asked only while `id` is set (View Status is open). */
export const useHistory = (id: Id | null, type: OffersTab) =>
  useEndpointQuery(endpoints.swapHistory, { id: id ?? 0, type }, { enabled: id !== null });

/** Reject (status "2") a received offer. Accept goes through useSwapAction (it may need a payment). */
export const useReject = () => useEndpointMutation(endpoints.swapAcceptReject, { invalidates: SWAP_CHANGES });

/** Cancel an offer I sent while it is pending. */
export const useCancel = () => useEndpointMutation(endpoints.swapCancel, { invalidates: SWAP_CHANGES });

/** My swap details: where I receive, how I ship. */
export const useGiveDetails = () => useEndpointMutation(endpoints.swapDetails, { invalidates: SWAP_CHANGES });
