/**
 * What users are told (issue 16): each kind of notification, what one looks like, and the page of them the
 * /notification screen reads. The api writes them from domain events, once per event and user.
 */
export const NotificationKinds = [
  'question.asked',
  'question.answered',
  'liked.price_dropped',
  'liked.sold',
  'swap.offered',
  'swap.countered',
  'swap.agreed',
  'swap.accepted',
  'swap.rejected',
  'swap.canceled',
  'swap.abandoned',
  'swap.details',
  'swap.completed',
  'order.paid',
  'order.shipped',
  'order.delivered',
  'order.completed',
  'dispute.opened',
  'dispute.updated',
  'review.received',
  'chat.message',
] as const;
export type NotificationKind = (typeof NotificationKinds)[number];

export interface Notification {
  id: number;
  kind: NotificationKind;
  title: string;
  text: string;
  /** the browser route it leads to */
  link: string | null;
  /** when something must be done by (a swap's details): the page shows it in the reader's own time */
  due_at: string | null;
  read: boolean;
  created_at: string;
}

/** Newest first; `before` (a notification's id) asks for the older ones. */
export interface NotificationPage {
  notifications: Notification[];
  unread_count: number;
  has_more: boolean;
}

/** Notifications per page of the list. */
export const NOTIFICATION_PAGE_SIZE = 30;
