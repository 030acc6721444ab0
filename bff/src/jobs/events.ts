/**
 * Every domain event, by name, with what it carries. Events are written to the outbox in the transaction
 * of the change they announce (outbox.ts), and handlers subscribe to them by name (handlers.ts); later
 * capabilities (notifications, chat fan-out, swap deadlines, payouts) add their events here.
 */
export interface DomainEvents {
  'listing.created': { listingId: number };
  'listing.changed': { listingId: number };
  /** a move of its status (status.ts): deleted, in trade, swapped… */
  'listing.moved': { listingId: number; from: number; to: number };
  /** its owner lowered its price (those who like it are told) */
  'listing.repriced': { listingId: number; fromCents: number; toCents: number };
  'user.blocked': { userId: number };
  'user.unblocked': { userId: number };
  'user.deleted': { userId: number };
  /** staff handled reports (moderation): their reporters are told the outcome */
  'reports.handled': {
    kind: 'listing' | 'review' | 'user';
    targetId: number;
    outcome: 'hidden' | 'dismissed';
    reporterIds: number[];
  };
  'question.asked': { questionId: number; listingId: number };
  'question.answered': { questionId: number; listingId: number };
  /** an order's payment is held in escrow: its label is bought, its seller told */
  'order.paid': { orderId: number };
  /** a move of an order's status (orders/status.ts): delivered, disputed, completed */
  'order.moved': { orderId: number; from: string; to: string };
  /** the parcel is on its way: a label bought, or the seller's own tracking number */
  'order.shipped': { orderId: number };
  /** its inspection window closed without a dispute (orders/inspection.ts): its escrow goes to the seller */
  'order.completed': { orderId: number };
  /**
   * a swap offer was made or countered, or (`agreed`) its sender agreed to a counter-offer (swaps/): the side that
   * must answer is told
   */
  'swap.offered': { swapId: number; version: number; agreed?: boolean };
  /** a move of an offer's status (swaps/status.ts): accepted, rejected, canceled, abandoned, completed */
  'swap.moved': { swapId: number; from: number; to: number };
  /** a side gave its swap details */
  'swap.details': { swapId: number; userId: number };
  /** an order's side opened a dispute; support staff and the other side follow its timeline */
  'dispute.opened': { disputeId: number };
  /** an entry on an open dispute's timeline: more from a side, or the outcome */
  'dispute.updated': { disputeId: number; entryId: number };
  /** support decided a dispute (disputes/service.ts): its refund and the rest of its escrow move */
  'dispute.resolved': { disputeId: number };
  /** a side of a finished order rated the other */
  'review.posted': { reviewId: number };
  /** a chat message was stored (its recipient, when not connected, is told) */
  'chat.message': { messageId: number };
  /** a notification was written: pushed to the user's devices, and e-mailed when important */
  'notification.written': { notificationId: number };
  /** extra cash held for a swap goes back to its payer (a version superseded, the offer ended) */
  'swap.refund': { paymentIntentId: string };
}

export type EventName = keyof DomainEvents;
