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
  'user.blocked': { userId: number };
  'user.unblocked': { userId: number };
  'user.deleted': { userId: number };
  'question.asked': { questionId: number; listingId: number };
  'question.answered': { questionId: number; listingId: number };
  /** an order's payment is held in escrow: its label is bought, its seller told */
  'order.paid': { orderId: number };
  /** a move of an order's status (orders/status.ts): delivered, disputed, completed */
  'order.moved': { orderId: number; from: string; to: string };
  /** the parcel is on its way: a label bought, or the seller's own tracking number */
  'order.shipped': { orderId: number };
}

export type EventName = keyof DomainEvents;
