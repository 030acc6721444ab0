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
  /** support handled a report the user made: what came of it */
  'report.handled',
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

/**
 * The important events that also go by e-mail, by topic: each topic can be turned off in Notification Settings
 * (all are on until then).
 */
export const EMAIL_TOPICS = {
  offers: {
    label: 'Swap offers',
    description: 'A new offer or counter-offer on your listings, or one accepted',
    kinds: ['swap.offered', 'swap.countered', 'swap.agreed'],
  },
  orders: { label: 'Sales', description: 'Someone bought your item: time to ship it', kinds: ['order.paid'] },
  disputes: {
    label: 'Disputes',
    description: 'A dispute on one of your orders opened, added to or decided',
    kinds: ['dispute.opened', 'dispute.updated'],
  },
} as const satisfies Record<string, { label: string; description: string; kinds: readonly NotificationKind[] }>;
export type EmailTopic = keyof typeof EMAIL_TOPICS;
export const EmailTopicNames = Object.keys(EMAIL_TOPICS) as EmailTopic[];

/** The topic an e-mail of this kind belongs to, or undefined: not sent by e-mail. */
export function emailTopicOf(kind: NotificationKind): EmailTopic | undefined {
  return EmailTopicNames.find((topic) => (EMAIL_TOPICS[topic].kinds as readonly NotificationKind[]).includes(kind));
}

export interface NotificationSettings {
  email: Record<EmailTopic, boolean>;
}
