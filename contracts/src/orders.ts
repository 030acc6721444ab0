import type { FormRules } from './rules';
import type { OrderSwapStatus, ShipmentStatus } from './status';

/**
 * Orders, shipping, disputes and ratings (issue 13; spec sections 3–5 and 7): the shapes the api answers and
 * the screens read, the forms' rules and the messages, written once. A buy-now order and each leg of a swap
 * (issue 14) are the same Order.
 */

export const orderMessages = {
  couriersNotAvailable:
    'Couriers not available in this area for now , please refresh or try changing you pickup location.',
  chooseCourier: 'Please choose a courier',
  noShippingLabel: 'No Shipping Label',
  printWindowFailed: 'Failed to open the print window',
  companyNameRequired: 'Company name is required',
  companyNameLength: 'Company name must be at most 32 characters',
  trackingNumberRequired: 'Tracking number is required',
  trackingNumberLength: 'Tracking number must be at most 64 characters',
  trackingAdded: 'Tracking info added',
  disputeTypeRequired: 'Dispute type is required',
  disputeReasonRequired: 'Dispute reason is required',
  disputeReasonLength: 'Dispute reason must be at most 1000 characters',
  disputeNotAllowed: 'A dispute can be opened only by the buyer, once, before the inspection window closes',
  disputeNotFound: 'Dispute not found',
  disputeClosed: 'This dispute is closed',
  disputeImagesInvalid: 'Up to 5 photos you uploaded can be added',
  additionalRequired: 'Please write what you want to add',
  refundInvalid: 'The refund must be more than $0 and at most what the buyer paid',
  disputeOpened: 'Dispute created. Our support team will review it.',
  disputeUpdated: 'Additional information added',
  ratingRequired: 'Please choose a rating',
  ratingCommentRequired: 'Please write a few words about your experience',
  ratingCommentLength: 'Comments must be 10 to 500 characters',
  rated: 'Thank you for your rating',
  alreadyRated: 'You have already rated this order',
  voteFailed: 'Vote failed',
  notRateable: 'You can rate an order once it is completed or disputed, once',
  reviewNotFound: 'Review not found',
  userNotFound: 'User not found',
  ownReview: 'You cannot vote on or report a review by or about you',
  reviewReported: 'Thank you. Our team will review it.',
  reportReasonLength: 'At least 10 characters are required',
  orderNotFound: 'Order not found',
  orderCannotMove: 'This order cannot change to that status now',
  trackingNotExpected: 'This order is shipped with a platform label or already has its tracking info',
  shippingUnavailable: 'Shipping is briefly unavailable. Please try again in a moment.',
  paymentNotFound: 'Payment not found',
  authenticationIncomplete: 'Please finish authenticating the payment with your bank first',
  listingNotBuyable: 'This item cannot be bought, only swapped',
  listingNotAvailable: 'Sorry, this item has just been sold or is no longer available',
  ownListing: 'You cannot buy your own listing',
  quantityOne: 'Only one of each item can be bought',
  addressRequired: 'Please choose a delivery address',
  paymentNotAuthorized: 'The payment was not authorized. Please try another card.',
  orderPlaced: 'Order placed',
  noOrders: 'No Records Found',
} as const;

/** The Add Tracking Info form (spec section 5, "Shipment"). */
export const shipmentRules: FormRules = {
  companyName: {
    required: true,
    requiredMessage: orderMessages.companyNameRequired,
    max: 32,
    lengthMessage: orderMessages.companyNameLength,
  },
  trackingNumber: {
    required: true,
    requiredMessage: orderMessages.trackingNumberRequired,
    max: 64,
    lengthMessage: orderMessages.trackingNumberLength,
  },
};

/** The dispute form (spec section 5: type and reason required). */
export const disputeRules: FormRules = {
  disputeType: { required: true, requiredMessage: orderMessages.disputeTypeRequired },
  disputeReason: {
    required: true,
    requiredMessage: orderMessages.disputeReasonRequired,
    max: 1000,
    lengthMessage: orderMessages.disputeReasonLength,
  },
};

/** What a buyer may dispute (the spec names none; docs/decisions.md "Orders: disputes"). */
export const DISPUTE_TYPES = [
  'Item not received',
  'Item not as described',
  'Item damaged',
  'Wrong item',
  'Other',
] as const;
export type DisputeType = (typeof DISPUTE_TYPES)[number];

/**
 * The rating's comment: the spec leaves its rules open ("not shown"); 10 to 500 characters after trimming,
 * so a review says something and fits a card (docs/decisions.md "Orders: ratings").
 */
export const RATING_COMMENT = { min: 10, max: 500 } as const;
export const ratingRules: FormRules = {
  comments: {
    required: true,
    requiredMessage: orderMessages.ratingCommentRequired,
    min: RATING_COMMENT.min,
    max: RATING_COMMENT.max,
    lengthMessage: orderMessages.ratingCommentLength,
  },
};

/** Half stars 0.5–5 (spec section 5), labelled by the whole star they reach; a + on whole stars. */
export const RATING_LABELS = ['Useless', 'Poor', 'Ok', 'Good', 'Excellent'] as const;
export function ratingLabel(stars: number): string {
  if (!isRatingStars(stars)) return '';
  const label = RATING_LABELS[Math.ceil(stars) - 1] ?? RATING_LABELS[4];
  return Number.isInteger(stars) ? `${label}+` : label;
}
export function isRatingStars(value: unknown): value is number {
  return typeof value === 'number' && value >= 0.5 && value <= 5 && Number.isInteger(value * 2);
}

/** time_remaining (spec section 3): what is left of a deadline, ticking each second on the card. */
export interface TimeRemaining {
  hours: number;
  minutes: number;
  seconds: number;
}

export function timeRemaining(deadline: Date | string | null, now: number = Date.now()): TimeRemaining | null {
  const at = deadline === null ? NaN : new Date(deadline).getTime();
  if (Number.isNaN(at)) return null;
  const left = Math.max(0, Math.floor((at - now) / 1000));
  return { hours: Math.floor(left / 3600), minutes: Math.floor((left % 3600) / 60), seconds: left % 60 };
}

/** action_required (spec section 3): 0 nothing; 3 the seller must add bank details to be paid. */
export const ActionRequired = { None: 0, AdditionalInfo: 1, BankDetails: 3 } as const;

/** The listing as an order card shows it. */
export interface OrderProduct {
  id: number;
  title: string;
  sales_price: string;
  featured_image: { file_name: string } | null;
  is_buyable: 0 | 1;
  status: number;
}

export interface OrderParty {
  id: number;
  first_name: string;
  last_name: string;
  avatar: string | null;
  is_business: 0 | 1;
}

/** An order as its cards and detail read it (spec section 3, "Order"), for the buyer or the seller. */
export interface Order {
  id: number;
  /** buynow, or a leg of a swap (issue 14) */
  kind: 'buynow' | 'swap';
  product_detail: OrderProduct;
  /** for a swap leg: the listing the viewer gave (spec: our_product) */
  our_product: OrderProduct | null;
  swap_status: OrderSwapStatus;
  /** the viewer's side of it */
  role: 'buyer' | 'seller';
  buyer: OrderParty;
  seller: OrderParty;
  order_created_date: string;
  /** the inspection window's countdown once delivered; null before and after */
  time_remaining: TimeRemaining | null;
  /** when the inspection window closes (ISO), for the countdown to tick from */
  inspection_ends_at: string | null;
  /** 1 once the parcel has a tracking history to show (Shipping Updates) */
  shipping_update_count: 0 | 1;
  /** 1 when the platform bought the label (sandbox carrier / Shippo), 0 for the seller's own courier */
  is_platform: 0 | 1;
  /** 1 once the seller added tracking info for their own courier */
  manual_ship_check_count: 0 | 1;
  /** 1 once the viewer rated the other side */
  user_rate_count: 0 | 1;
  /** 1 while the viewer may open a dispute */
  create_dispute: 0 | 1;
  /** 1 once a dispute exists (View Dispute) */
  dispute_count: 0 | 1;
  action_required: number;
  admin_message: { id: number; message: string } | null;
  remediation_link: string | null;
  note: string | null;
  /** dollars as text, as listings' prices */
  amounts: { item: string; shipping: string; fee: string; discount: string; total: string };
  courier: { provider: string; service: string; image: string | null } | null;
  tracking: { carrier: string; tracking_number: string; status: ShipmentStatus } | null;
  label_url: string | null;
  delivery_address: string;
}

export interface OrderPage {
  orders: Order[];
  total: number;
  pageNumber: number;
  perPage: number;
}

/** Courier rate (spec section 3), amounts in dollars as numbers as Shippo's are strings of dollars. */
export interface CourierRateView {
  object_id: string;
  name: string;
  service: string;
  amount: number;
  included_insurance_price: number;
  provider_image_200: string;
  duration_terms: string;
  estimated_days: number | null;
}

/** The courier fee shown: amount minus the insurance included (spec section 9), never below 0. */
export function courierFee(rate: Pick<CourierRateView, 'amount' | 'included_insurance_price'>): number {
  return Math.max(0, Math.round((rate.amount - rate.included_insurance_price) * 100) / 100);
}

export function sortRates<T extends { amount: number }>(rates: readonly T[]): T[] {
  return [...rates].sort((a, b) => a.amount - b.amount);
}

/** Shipping data (spec section 3): the parcel's story as the Shipping Updates panel shows it. */
export interface ShippingHistoryEntry {
  status_date: string;
  status_time: string;
  /** the same moment as ISO 8601, for the browser to show in the viewer's time zone */
  status_at: string;
  ship_status: ShipmentStatus;
  status_details: string;
  location: { city: string } | null;
}

export interface ShippingData {
  product_detail: OrderProduct;
  order_detail: {
    eta: string | null;
    /** buy-now: "1" delivered, otherwise in process (spec section 4) */
    current_status: string;
    /** the latest step's status, and the parcel's carrier and number */
    shipment_status: ShipmentStatus;
    carrier: string | null;
    tracking_number: string | null;
    delivery_address: string;
    sender_address: string;
    history: ShippingHistoryEntry[];
  };
}

/** The shipping estimate (spec: Shipping quote) of /api/estimated/rates: a min–max range. */
export interface ShippingEstimate {
  minimum: number;
  maximum: number;
}

/** A review (spec section 3). */
export interface Review {
  id: number;
  rating: number;
  comments: string;
  created_at: string;
  rated_by: OrderParty;
  /** whether the reviewer was the buyer or the seller of the order */
  as: 'buyer' | 'seller';
  helpful_count: number;
  not_helpful_count: number;
  voted_helpful: 0 | 1;
  voted_not_helpful: 0 | 1;
  already_reported: 0 | 1;
}

export interface Reputation {
  average: number | null;
  count: number;
}

export interface UserRatings {
  /** whose reviews these are */
  user: OrderParty;
  reviews: Review[];
  as_seller: Reputation;
  as_buyer: Reputation;
  total: number;
  pageNumber: number;
  perPage: number;
}

export type VoteType = 'helpful' | 'not_helpful';

/** A review's counts of votes and the viewer's own vote on it. */
export type ReviewVotes = Pick<Review, 'helpful_count' | 'not_helpful_count' | 'voted_helpful' | 'voted_not_helpful'>;

/**
 * A vote's optimistic effect (spec section 4): voting the same way again removes the vote; voting the other
 * way moves it. The counts the card shows until the server answers (and reverts to on failure).
 */
export function applyVote(review: ReviewVotes, vote: VoteType): ReviewVotes {
  const { helpful_count, not_helpful_count, voted_helpful, voted_not_helpful } = review;
  const helpful = vote === 'helpful';
  const again = helpful ? voted_helpful === 1 : voted_not_helpful === 1;
  if (again) {
    return helpful
      ? { helpful_count: helpful_count - 1, not_helpful_count, voted_helpful: 0, voted_not_helpful }
      : { helpful_count, not_helpful_count: not_helpful_count - 1, voted_helpful, voted_not_helpful: 0 };
  }
  // a vote the other way moves it
  return {
    helpful_count: helpful_count + (helpful ? 1 : 0) - (!helpful && voted_helpful ? 1 : 0),
    not_helpful_count: not_helpful_count + (helpful ? 0 : 1) - (helpful && voted_not_helpful ? 1 : 0),
    voted_helpful: helpful ? 1 : 0,
    voted_not_helpful: helpful ? 0 : 1,
  };
}

/** Which buttons an order card shows (spec section 4, "Order card buttons"). */
export interface OrderButtons {
  shippingUpdates: boolean;
  addTrackingInfo: boolean;
  addRatings: boolean;
  createDispute: boolean;
  viewDispute: boolean;
  addAdditionalInfo: boolean;
  addBankDetails: boolean;
  /** the seller prints the platform's label (bought by a job after payment, or at once when asked) */
  printLabel: boolean;
  /** the red border */
  actionRequired: boolean;
}

export function orderButtons(order: Order): OrderButtons {
  const status = Number(order.swap_status);
  const pending = order.swap_status === '1';
  return {
    shippingUpdates: order.shipping_update_count === 1,
    addTrackingInfo:
      order.role === 'seller' && pending && order.is_platform === 0 && order.manual_ship_check_count === 0,
    addRatings: status > 5 && order.user_rate_count === 0,
    createDispute: order.create_dispute === 1 && order.dispute_count === 0,
    viewDispute: order.dispute_count === 1,
    addAdditionalInfo: order.action_required !== 0 && order.action_required !== ActionRequired.BankDetails,
    addBankDetails: order.action_required === ActionRequired.BankDetails,
    printLabel:
      order.role === 'seller' && (order.label_url !== null || (order.is_platform === 1 && order.swap_status === '1')),
    actionRequired: order.action_required !== 0,
  };
}

/** What initialize-payment answers: the authorized payment, or the page where the card holder authenticates. */
export interface Checkout {
  paymentIntentId: string;
  /** requires_capture (authorized: confirm it) or requires_action (go to redirectUrl first) */
  status: 'requires_capture' | 'requires_action';
  redirectUrl: string | null;
  /** dollars: item, shipping, fee, discount, total */
  amounts: Order['amounts'];
}

/** A dispute and its timeline, as both sides of the order see it. */
export interface DisputeView {
  id: number;
  order_id: number;
  disputeType: string;
  disputeReason: string;
  status: 'open' | 'resolved';
  refund: string | null;
  created_at: string;
  /** the side support asked for more information, until it adds to the dispute */
  info_requested_from: 'buyer' | 'seller' | null;
  timeline: {
    id: number;
    /** `support`: a message of support's to both sides; `asked`: support's request to one side for more */
    kind: 'opened' | 'additional' | 'edited' | 'resolved' | 'support' | 'asked';
    by: 'buyer' | 'seller' | 'support';
    text: string;
    images: string[];
    created_at: string;
  }[];
}
