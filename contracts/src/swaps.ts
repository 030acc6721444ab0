import type { OfferStatus } from './status';
import type { OrderParty, OrderProduct, TimeRemaining } from './orders';

/**
 * Swaps (issue 14; spec sections 3, 4 and 7): an offer of one or more of my listings, maybe with extra cash,
 * for someone else's listing; counter-offers; the 72 hours both sides have to give their details once it is
 * accepted. The shapes the api answers and the screens read, and the messages, written once.
 * docs/decisions.md "Swaps" says why each rule is what it is.
 */

export const swapMessages = {
  offerNotFound: 'Swap request not found',
  selectProduct: 'Please select a product',
  ownListing: 'You cannot swap for your own listing',
  listingNotAvailable: 'This item is no longer available for swapping',
  itemsNotAvailable: 'Some of the items you picked are no longer yours or no longer available',
  tooManyItems: 'You can offer up to 5 items',
  cashInvalid: 'Extra cash must be a dollar amount up to $999,999 with at most two decimals',
  offerCannotMove: 'This swap request cannot change that way now',
  offerChanged: 'The terms of this offer have changed. Please look at the latest version.',
  notYourTurn: 'The other side has to answer this version first',
  nothingChanged: 'A counter-offer changes the items or the cash',
  payFirst: 'Please pay the extra cash first',
  nothingToPay: 'There is no extra cash for you to pay here',
  paymentMismatch: 'This payment is for other terms. Please start again.',
  listingInOffer: 'This listing is in a pending swap offer, so it cannot be edited or deleted now',
  detailsGiven: 'You have already given your swap details',
  shippingRequired: 'Please choose how you will ship',
  sent: 'Swap request sent',
  accepted: 'Swap request accepted',
  rejected: 'Swap request rejected',
  canceled: 'Swap request canceled',
  countered: 'Counter-offer sent',
  agreed: 'Counter-offer accepted',
  detailsSaved: 'Swap details saved',
  noOffers: 'No Record Found',
} as const;

/** The most listings one side may put into one offer. */
export const MAX_SWAP_ITEMS = 5;

/** How long both sides have to give their swap details once an offer is accepted (spec section 9). */
export const SWAP_DETAILS_HOURS = 72;

/** How a side sends its parcel: a platform label from the carrier, or their own courier with tracking info. */
export type SwapShipping = 'platform' | 'own';

/** offer_status names as the screens show them (spec section 4; the spec leaves the wording of some open). */
export const offerStatusLabel: Record<OfferStatus, string> = {
  0: 'Pending',
  1: 'Accepted',
  2: 'Rejected',
  3: 'Completed',
  4: 'Abandoned',
  5: 'Canceled',
};

/**
 * Status history codes (spec section 4): 0 pending, 1 accepted offer, 2 rejected/closed, 3 swap detail,
 * 4 completed, 5 closed.
 */
export const HistoryCode = { Pending: 0, Accepted: 1, Rejected: 2, Details: 3, Completed: 4, Closed: 5 } as const;
export type HistoryCode = (typeof HistoryCode)[keyof typeof HistoryCode];

export interface StatusHistoryItem {
  status: HistoryCode;
  description: string;
  created_at: string;
}

/** Content of POST /api/request/history (spec: my_history and thierhistory, misspelled as the spec has it). */
export interface StatusHistory {
  my_history: StatusHistoryItem[];
  thierhistory: StatusHistoryItem[];
}

/** The extra cash of a version as the viewer sees it: who pays it, in dollars. */
export interface SwapCash {
  /** dollars, never negative ("0.00": no cash) */
  extra_amount: string;
  /** who adds it: me (the viewer), them, or nobody */
  extra_payer: 'me' | 'them' | null;
}

/** One version of an offer's terms: the first offer, then each counter-offer. */
export interface SwapVersion extends SwapCash {
  version: number;
  proposed_by: 'me' | 'them';
  /** what the viewer gives and gets in this version */
  my_products: OrderProduct[];
  thier_products: OrderProduct[];
  /** 1 once the sender agreed to a counter-offer of the receiver's (the receiver then accepts it) */
  agreed: 0 | 1;
  /** what this version changed of the one before, in words ("Cash: $20.00 from you → $30.00 from you") */
  changes: string[];
  created_at: string;
}

/** What the viewer may do with the offer now; the screens show a button for each 1. */
export interface SwapActions {
  accept: 0 | 1;
  reject: 0 | 1;
  cancel: 0 | 1;
  counter: 0 | 1;
  /** accept the other side's counter-offer (the sender's step before the receiver accepts) */
  agree: 0 | 1;
  details: 0 | 1;
}

/** A swap offer (spec section 3, "Swap offer"), as the viewer sees it; the spec's fields first. */
export interface SwapOffer extends SwapCash {
  id: number;
  offer_status: OfferStatus;
  /** the first of what the viewer gives and gets (the spec's fields); all of them below */
  my_product: OrderProduct | null;
  thier_product: OrderProduct | null;
  /** the label of the viewer's own parcel, once the platform bought it */
  label_url: string | null;
  formatted_created_at: string;
  /** 1 once the viewer gave their swap details; swap_details2_count: once the other side did */
  swap_details_count: 0 | 1;
  swap_details2_count: 0 | 1;
  role: 'sender' | 'receiver';
  other: OrderParty;
  my_products: OrderProduct[];
  thier_products: OrderProduct[];
  /** the latest version's number and who must answer it */
  version: number;
  awaiting: 'me' | 'them' | null;
  /** the platform fee taken from the cash when the swap completes, in dollars (from what the receiver of the cash gets) */
  cash_fee: string;
  /** while accepted: when the details are due (ISO), and what is left of the 72 hours */
  details_due_at: string | null;
  time_remaining: TimeRemaining | null;
  /** the viewer's own details once given */
  my_details: { delivery_address: string; shipping: SwapShipping } | null;
  /** the two legs once both gave their details: the one the viewer sends, the one they receive */
  legs: { sent: number | null; received: number | null };
  actions: SwapActions;
  versions: SwapVersion[];
}

export interface SwapOfferPage {
  offers: SwapOffer[];
  total: number;
  pageNumber: number;
  perPage: number;
}

/** The authorization of the extra cash an action needs (POST /api/initialize/payment). */
export interface SwapPayment {
  paymentIntentId: string;
  /** requires_capture (authorized: confirm it) or requires_action (go to redirectUrl first) */
  status: 'requires_capture' | 'requires_action';
  redirectUrl: string | null;
  /** dollars charged now and held in escrow */
  amount: string;
}

/** What a payment of extra cash is for: the action it pays for, done by /api/confirm/payment. */
export type SwapPaidAction =
  | { action: 'offer'; productId: number; productIds: number[]; cash: number }
  | { action: 'counter'; requestId: number; productIds: number[]; cash: number }
  | { action: 'agree'; requestId: number }
  | { action: 'accept'; requestId: number; addressId: number };

/**
 * Extra cash as the forms take it: dollars, signed as the one who proposes sees it (positive: I add it,
 * negative: I ask for it), at most $999,999 either way, whole cents.
 */
export const SWAP_CASH_LIMIT_CENTS = 99_999_900;
export function isSwapCash(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    Math.abs(value) * 100 <= SWAP_CASH_LIMIT_CENTS &&
    Math.abs(Math.round(value * 100) - value * 100) < 1e-6
  );
}
