import { useQueryClient } from '@tanstack/react-query';
import {
  endpoints,
  type DisputeView,
  type Id,
  type Order,
  type OrdersInput,
  type UploadedImage,
} from '@swapstuff/contracts';
import { api, type CallOptions } from '@swapstuff/sdk';
import { endpointKey, useApiMutation, useEndpointMutation, useEndpointQuery } from '@swapstuff/sdk/query';
import { fetchBlob } from '../shared/download';

/**
 * The orders' hooks (spec sections 2–4 and 7; issue 13) over the endpoint table: the lists of My Orders and
 * My Purchases, an order, its parcel, its label, tracking info, disputes, photos, ratings and the seller's
 * payouts. A change reads again every view of what it changed (the lists, the order, its parcel, its dispute).
 */

/** Every view of an order, a buy-now one or a swap's leg: what a change to one is read again in. */
const ORDER_VIEWS = [
  endpoints.buyNowOrders,
  endpoints.buyNowDetail,
  endpoints.swapOrders,
  endpoints.swapOrder,
] as const;

/** Buy-now orders, or the legs of swaps (issue 14): the same Order, listed and read by endpoints of their own. */
export type OrderKind = Order['kind'];

/**
 * A page of the user's orders of one kind. Buy now: their purchases (`purchases`) or the orders of their
 * listings (`received`); swaps: the legs they receive (`purchases`) or send (`received`). The same filter.
 */
export const useOrders = (input: OrdersInput, kind: OrderKind = 'buynow') =>
  useEndpointQuery(kind === 'swap' ? endpoints.swapOrders : endpoints.buyNowOrders, input);

/** One of the user's orders, bought or sold, or one leg of one of their swaps (`kind` swap). */
export const useOrder = (id: Id | null, kind: OrderKind = 'buynow') =>
  useEndpointQuery(
    kind === 'swap' ? endpoints.swapOrder : endpoints.buyNowDetail,
    { id: id ?? 0 },
    { enabled: id !== null, select: (c) => c.order },
  );

/** An order's parcel as the Shipping Updates panel shows it; asked only while `id` is set (the panel is open). */
export const useShippingData = (id: Id | null) =>
  useEndpointQuery(endpoints.trackShipment, { id: id ?? 0 }, { enabled: id !== null });

/**
 * The seller's label of an order, bought at once when the job has not yet (GET /api/initiate/shiping/{id}):
 * a change, so a mutation; the order's views then show its label.
 */
export const useInitiateShipping = () => useEndpointMutation(endpoints.initiateShipping, { invalidates: ORDER_VIEWS });

/** The label's image as a file (POST /api/download answers image/png, not the envelope). */
export const downloadLabel = (url: string): Promise<Blob> => fetchBlob(endpoints.downloadLabel, { url });

/** The seller's own courier and tracking number for a pending order. */
export const useAddTrackingInfo = () =>
  useEndpointMutation(endpoints.addTrackingInfo, { invalidates: [...ORDER_VIEWS, endpoints.trackShipment] });

/**
 * The receiver of a swap's leg the other side sends with their own courier says it arrived (GET
 * /api/order/delivered/{id}): the leg is Delivered and its inspection window opens. Errors are the caller's.
 */
export const useMarkReceived = () =>
  useEndpointMutation(endpoints.swapOrderDelivered, { invalidates: [...ORDER_VIEWS, endpoints.trackShipment] });

// --- disputes

/** What opening a dispute on an order takes (the types, whether the buyer may now). */
export const useDisputeStart = (orderId: Id | null) =>
  useEndpointQuery(endpoints.initiateDispute, { id: orderId ?? 0 }, { enabled: orderId !== null });

/** An order's dispute and its timeline; asked only while `orderId` is set. */
export const useDispute = (orderId: Id | null) =>
  useEndpointQuery(
    endpoints.editDispute,
    { id: orderId ?? 0 },
    { enabled: orderId !== null, select: (content) => content.dispute },
  );

/** The dispute as a change answered it becomes the one its drawer shows, with no second request. */
function useShowDispute() {
  const client = useQueryClient();
  return (dispute: DisputeView) =>
    client.setQueryData(endpointKey(endpoints.editDispute, { id: dispute.order_id }), { dispute });
}

/** The buyer opens a dispute: the order goes Disputed (its card shows View Dispute). */
export function useStoreDispute() {
  const show = useShowDispute();
  return useEndpointMutation(endpoints.storeDispute, {
    invalidates: [...ORDER_VIEWS, endpoints.initiateDispute],
    onSuccess: (content) => show(content.dispute),
  });
}

/** More text and photos on an open dispute, by either side. */
export function useDisputeAdditional() {
  const show = useShowDispute();
  return useEndpointMutation(endpoints.disputeAdditional, {
    invalidates: ORDER_VIEWS,
    onSuccess: (content) => show(content.dispute),
  });
}

export interface UploadImageInput {
  image: Blob;
  /** the share of the photo sent so far (0–1) */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
}

/** Uploads one photo (a dispute's evidence); resolves it as stored: its id (what a dispute names) and url. */
export function uploadImage({ image, onProgress, signal }: UploadImageInput): Promise<UploadedImage> {
  const options: CallOptions = { onProgress, signal };
  return api.call(endpoints.uploadImage, { image }, options).then((content) => content.image);
}

export const useUploadImage = () => useApiMutation({ mutationFn: uploadImage });

// --- ratings

export interface RateInput {
  order: Pick<Order, 'id' | 'kind'>;
  stars: number;
  comments: string;
}

/**
 * Rates the other side of an order: a buy-now order in the buy-now payload (POST /api/buynow/review
 * {buyNowId, rating, comments}), a swap's leg in the other one. Its card then offers no Add Ratings.
 */
export const useRateOrder = () =>
  useApiMutation({
    mutationFn: ({ order, stars, comments }: RateInput) =>
      order.kind === 'buynow'
        ? api.call(endpoints.buyNowReview, { buyNowId: order.id, rating: stars, comments })
        : api.call(endpoints.rateUser, { orderId: order.id, ratedStars: stars, comments }),
    invalidates: [...ORDER_VIEWS, endpoints.userRatings],
  });

// --- the seller's payouts

/** Whether the seller's payouts are set up (action_required 3 and the remediation link when not). */
export const usePayoutAccount = () =>
  useEndpointQuery(endpoints.payoutAccount, {}, { select: (content) => content.payouts });

/** The seller's money: pending, available, on the way and paid out (dollars as text). */
export const usePayoutBalance = () =>
  useEndpointQuery(endpoints.payoutBalance, {}, { select: (content) => content.balance });
