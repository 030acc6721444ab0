import type { Notification } from './notifications';
import type { OrderParty, OrderProduct } from './orders';

/**
 * Issue 16, chat: conversations between two users, about a listing or not (docs/decisions.md, "Chat"). The spec
 * names `/api/user/chats` and `/api/userchat` and the header's unread badge; the rest is ours.
 */
export const chatMessages = {
  messageRequired: 'Please type a message.',
  messageTooLong: 'A message can be at most 2,000 characters.',
  clientIdInvalid: 'Each message needs its own client id (1–64 letters, digits, dashes or underscores).',
  chatNotFound: 'Conversation not found',
  /** a conversation needs someone to talk to: a listing's seller, or a user */
  recipientRequired: 'Choose who to message.',
  cannotMessageSelf: 'You cannot message yourself',
  tooFast: 'You are sending messages too fast. Please wait a moment.',
  /** the photo is not one this user uploaded (or it is gone) */
  imageNotFound: 'That photo could not be found. Please add it again.',
  /** shown to both users beside a message that asks to pay or talk off the platform */
  offPlatformWarning:
    'For your safety, keep payments and conversations on Swapstuff. We can only protect payments made through Swapstuff.',
} as const;

export const CHAT_MESSAGE_MAX = 2000;
/** the messages one page of a conversation holds, newest last; older ones are asked for with `beforeId` */
export const CHAT_PAGE_SIZE = 30;
export const CHAT_CLIENT_ID = /^[\w-]{1,64}$/;

/** A photo in a message, as the image pipeline stored it (≤ 800 px, re-encoded, no EXIF). */
export interface ChatImage {
  url: string;
  width: number;
  height: number;
}

export interface ChatMessage {
  id: number;
  chatId: number;
  senderId: number;
  /** empty for a photo sent alone; shown as text (a link is not made clickable: it may lead off the platform) */
  text: string;
  image: ChatImage | null;
  /** the sender's own id for the message: sending it again returns this message instead of a second one */
  clientId: string;
  /** ISO time */
  createdAt: string;
  /** it asks to pay or talk off the platform: both users see chatMessages.offPlatformWarning beside it */
  offPlatform: boolean;
}

export interface ChatSummary {
  id: number;
  /** the other person, as orders show people (a deleted account: "Deleted user", id 0) */
  peer: OrderParty;
  /** the listing the conversation is about; null for one started from a profile */
  product: OrderProduct | null;
  lastMessage: ChatMessage | null;
  /** the peer's messages this user has not read */
  unreadCount: number;
  /** the last of this user's messages the peer has read (read receipts); 0 when none */
  peerReadUpTo: number;
  /** this user muted it: its messages count in no badge and notify no one */
  muted: boolean;
}

/**
 * `GET /api/user/chats`: the user's conversations, the latest message first, and the header badge's count (the
 * unread messages of conversations not muted).
 */
export interface ChatsContent {
  chats: ChatSummary[];
  unread_count: number;
}

/**
 * `POST /api/userchat`: one conversation, by its id, or by the listing (with its seller) or the user it is with
 * (null until its first message). Without `beforeId` or `afterId` the latest page. A page that reaches the newest
 * message (the latest, or one after `afterId` with no more) marks the conversation read up to it.
 */
export interface ChatPageBody {
  chatId?: number;
  productId?: number;
  userId?: number;
  /** older messages than this id (scrolling back) */
  beforeId?: number;
  /** newer messages than this id (catching up after a reconnect), oldest first */
  afterId?: number;
}

export interface ChatPageContent {
  chat: ChatSummary | null;
  /** oldest first */
  messages: ChatMessage[];
  /** more in the asked direction */
  hasMore: boolean;
}

/**
 * `POST /api/userchat/send`: to a conversation, or to a listing's seller, or to a user (which starts one). Text,
 * a photo (`imageId`: uploaded first with /api/upload/image) or both.
 */
export interface SendChatBody {
  chatId?: number;
  productId?: number;
  userId?: number;
  text?: string;
  imageId?: number;
  clientId: string;
}

/** `POST /api/userchat/mute`: mutes or unmutes a conversation for this member. */
export interface MuteChatBody {
  chatId: number;
  muted: boolean;
}

export interface ChatSent {
  message: ChatMessage;
  chat: ChatSummary;
}

export type OffPlatformSignal = 'phone' | 'email' | 'payment-app' | 'pay-outside';

/**
 * What makes a message ask to pay or talk off the platform. Each rule is a pattern with examples in
 * chat.test.ts: a price ("$1200"), a year or a size is not a phone number; "outside" alone is not "pay outside".
 */
const OFF_PLATFORM_RULES: { signal: OffPlatformSignal; pattern: RegExp }[] = [
  // a North American number: 555-123-4567, (555) 123 4567, +1 555.123.4567, 5551234567
  { signal: 'phone', pattern: /(?<![\d$])(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}(?!\d)/ },
  { signal: 'email', pattern: /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/ },
  {
    signal: 'payment-app',
    pattern:
      /\b(?:venmo|cash\s?app|zelle|pay\s?pal|apple\s?pay|google\s?pay|western\s+union|money\s?gram|wire\s+transfer|bitcoin|crypto|whats\s?app|telegram)\b/i,
  },
  {
    signal: 'pay-outside',
    pattern:
      /\b(?:pay|paid|payment|deal|talk|chat|text|call|contact)\b[^.!?\n]{0,30}?\b(?:outside|off(?:[\s-]+(?:the\s+)?(?:platform|app|site|swapstuff))|directly)\b/i,
  },
];

/** The signals a message carries (none: no warning). */
export function offPlatformSignals(text: string): OffPlatformSignal[] {
  return OFF_PLATFORM_RULES.filter(({ pattern }) => pattern.test(text)).map(({ signal }) => signal);
}

/**
 * What the api's socket.io server sends to a signed-in user's connections (every tab and device of theirs): a
 * message stored in one of their conversations (theirs too, for their other tabs), the other typing, the other
 * having read up to a message. Connections authenticate with the bearer (the gateway adds the session's).
 */
export interface RealtimeServerEvents {
  'chat:message': (message: ChatMessage) => void;
  'chat:typing': (typing: { chatId: number; userId: number }) => void;
  /** to both members: the other sees the receipt, the reader's other tabs lower their badge */
  'chat:read': (read: { chatId: number; userId: number; upToId: number }) => void;
  /** the user muted or unmuted a conversation (their other tabs: its badge counts again) */
  'chat:muted': (muted: MuteChatBody) => void;
  /** a notification written for the user, or the user's notifications read (the header's bell counts again) */
  'notification:new': (notification: Notification) => void;
  'notification:read': (read: { unread_count: number }) => void;
}

/** What a connection may send: that its user is typing in a conversation (a client sends it at most every 3 s). */
export interface RealtimeClientEvents {
  'chat:typing': (typing: { chatId: number }) => void;
}
