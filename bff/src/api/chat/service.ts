import {
  CHAT_PAGE_SIZE,
  chatMessages,
  messages,
  offPlatformSignals,
  profileMessages,
  type ChatMessage,
  type ChatPageBody,
  type ChatPageContent,
  type ChatSent,
  type ChatsContent,
  type ChatSummary,
  type MuteChatBody,
  type SendChatBody,
} from '@swapstuff/contracts';
import { isUniqueViolation, withTransaction } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { consume, fieldError, HttpError } from '../../http';
import { blockedBetween, requireNoBlock } from '../blocks';
import { findViewable } from '../catalog';
import { DELETED_USER, listingCards, partiesOf } from '../orders';
import { usersRepo } from '../users';
import { chatRepo, otherOf, type ChatRow } from './repo';

/** A person types fast, a script faster: a minute's messages per sender. */
const MESSAGES_PER_MINUTE = 60;
const MINUTE = 60_000;

/**
 * Who a new conversation is with, and about what: a listing's seller; a listing's seller and one of its buyers or
 * askers (the seller answering from an order or an offer gives both); or a user.
 */
async function counterpart(
  deps: ApiDeps,
  userId: number,
  body: { productId?: number; userId?: number },
): Promise<{ otherId: number; productId: number | null }> {
  if (body.userId === userId) throw new HttpError(403, chatMessages.cannotMessageSelf);
  if (body.productId !== undefined) {
    const listing = await findViewable(deps.db, body.productId);
    if (!listing) throw new HttpError(404, messages.productNotFound);
    if (body.userId === undefined) {
      // the seller answers in the conversation the buyer started: a listing's chat is with its seller
      if (listing.user_id === userId) throw new HttpError(403, chatMessages.cannotMessageSelf);
      return { otherId: listing.user_id, productId: listing.id };
    }
    // a listing's conversation is between its seller and someone else: one of the two must be the seller
    if (listing.user_id !== userId && listing.user_id !== body.userId)
      throw new HttpError(404, chatMessages.chatNotFound);
  }
  if (body.userId === undefined) throw new HttpError(400, chatMessages.recipientRequired);
  if (!(await usersRepo.byId(deps.db, body.userId))) throw new HttpError(404, profileMessages.userNotFound);
  return { otherId: body.userId, productId: body.productId ?? null };
}

/** Conversations as their member sees them: the other person, the listing, the latest message, read state. */
async function summaries(deps: ApiDeps, chats: ChatRow[], userId: number): Promise<ChatSummary[]> {
  const ids = chats.map((chat) => chat.id);
  const [peers, products, latest, read] = await Promise.all([
    partiesOf(
      deps.db,
      chats.map((chat) => otherOf(chat, userId)),
    ),
    listingCards(
      deps,
      chats.flatMap((chat) => (chat.product_id === null ? [] : [chat.product_id])),
    ),
    chatRepo.latest(deps, ids),
    chatRepo.readState(deps.db, ids, userId),
  ]);
  return chats.map((chat) => ({
    id: chat.id,
    peer: peers.get(otherOf(chat, userId)) ?? DELETED_USER,
    product: chat.product_id === null ? null : (products.get(chat.product_id) ?? null),
    lastMessage: latest.get(chat.id) ?? null,
    unreadCount: read.get(chat.id)!.unread,
    peerReadUpTo: read.get(chat.id)!.peerReadUpTo,
    muted: read.get(chat.id)!.muted,
  }));
}

async function summaryOf(deps: ApiDeps, chat: ChatRow, userId: number): Promise<ChatSummary> {
  return (await summaries(deps, [chat], userId))[0];
}

/** `GET /api/user/chats`: every conversation, the latest message first, and the badge's total (muted ones aside). */
export async function list(deps: ApiDeps, userId: number): Promise<ChatsContent> {
  const chats = (await summaries(deps, await chatRepo.ofUser(deps.db, userId), userId)).sort(
    (x, y) => (y.lastMessage?.id ?? 0) - (x.lastMessage?.id ?? 0),
  );
  return { chats, unread_count: chats.reduce((sum, chat) => sum + (chat.muted ? 0 : chat.unreadCount), 0) };
}

/** The conversation a page or a message is for: by id (a member's only), or by listing or user. */
async function existing(deps: ApiDeps, userId: number, body: ChatPageBody): Promise<ChatRow | undefined> {
  if (body.chatId !== undefined) {
    const chat = await chatRepo.ofMember(deps.db, body.chatId, userId);
    if (!chat) throw new HttpError(404, chatMessages.chatNotFound);
    return chat;
  }
  const { otherId, productId } = await counterpart(deps, userId, body);
  return chatRepo.between(deps.db, userId, otherId, productId);
}

/**
 * `POST /api/userchat`: a page of a conversation, oldest first. A page that reaches the newest message (the latest
 * page, or a catch-up after `afterId` with no more) marks the conversation read up to it: the other side's read
 * receipt, and the reader's badge in their other tabs.
 */
export async function page(deps: ApiDeps, userId: number, body: ChatPageBody): Promise<ChatPageContent> {
  const chat = await existing(deps, userId, body);
  if (!chat) return { chat: null, messages: [], hasMore: false };
  const found = await chatRepo.page(deps, chat.id, body, CHAT_PAGE_SIZE + 1);
  const hasMore = found.length > CHAT_PAGE_SIZE;
  // one more than a page was read to know whether there are more: the extra one is the farthest from the anchor
  const shown = hasMore ? (body.afterId !== undefined ? found.slice(0, -1) : found.slice(1)) : found;
  const reachesNewest = body.beforeId === undefined && (body.afterId === undefined || !hasMore);
  if (reachesNewest && shown.length > 0) {
    const upToId = shown[shown.length - 1].id;
    if (await chatRepo.markRead(deps.db, chat.id, userId, upToId))
      deps.realtime.toUsers([otherOf(chat, userId), userId], 'chat:read', { chatId: chat.id, userId, upToId });
  }
  return { chat: await summaryOf(deps, chat, userId), messages: shown, hasMore };
}

/**
 * `POST /api/userchat/send`: stores the message (and the conversation, for a first message) before answering.
 * The same clientId from the same sender returns the message stored the first time (200, not 201): a retry
 * after a lost answer never sends twice. Refused both ways between users when either blocks the other.
 */
export async function send(
  deps: ApiDeps,
  userId: number,
  body: SendChatBody,
): Promise<{ sent: ChatSent; created: boolean }> {
  const again = await chatRepo.messageByClientId(deps, userId, body.clientId);
  if (again) return { sent: await sentAgain(deps, userId, again), created: false };
  await consume(deps.db, [
    { key: `chat:user:${userId}`, max: MESSAGES_PER_MINUTE, windowMs: MINUTE, message: chatMessages.tooFast },
  ]);
  const text = (body.text ?? '').trim();
  const imageId = body.imageId ?? null;
  if (imageId !== null && !(await chatRepo.ownImage(deps.db, imageId, userId)))
    throw fieldError({ imageId: chatMessages.imageNotFound });
  const chat = body.chatId !== undefined ? await existing(deps, userId, body) : undefined;
  const { otherId, productId } = chat
    ? { otherId: otherOf(chat, userId), productId: chat.product_id }
    : await counterpart(deps, userId, body);
  await requireNoBlock(deps.db, userId, otherId);
  const store = () =>
    withTransaction(deps.db, async (trx) => {
      // the other account may be going: its deletion holds the row, and a deleted account takes no messages
      if (!(await usersRepo.holdLive(trx, otherId))) throw new HttpError(404, profileMessages.userNotFound);
      const chatId =
        chat?.id ??
        (await chatRepo.between(trx, userId, otherId, productId))?.id ??
        (await chatRepo.insert(trx, userId, otherId, productId));
      const messageId = await chatRepo.insertMessage(trx, {
        chatId,
        senderId: userId,
        text,
        imageId,
        clientId: body.clientId,
        offPlatform: offPlatformSignals(text).length > 0,
      });
      await deps.events.emit(trx, 'chat.message', { messageId });
    });
  for (let attempt = 1; ; attempt += 1) {
    try {
      await store();
      break;
    } catch (err) {
      // the same clientId sent twice at once, or two first messages starting the same conversation: the unique
      // index decides; the loser answers with what the winner stored, or stores into the conversation it made
      if (!isUniqueViolation(err) || attempt === 3) throw err;
      const winner = await chatRepo.messageByClientId(deps, userId, body.clientId);
      if (winner) return { sent: await sentAgain(deps, userId, winner), created: false };
    }
  }
  const message = (await chatRepo.messageByClientId(deps, userId, body.clientId))!;
  // stored, then delivered: to the other's connections, and the sender's other tabs and devices
  deps.realtime.toUsers([userId, otherId], 'chat:message', message);
  return { sent: await sentAgain(deps, userId, message), created: true };
}

async function sentAgain(deps: ApiDeps, userId: number, message: ChatMessage): Promise<ChatSent> {
  const chat = (await chatRepo.ofMember(deps.db, message.chatId, userId))!;
  return { message, chat: await summaryOf(deps, chat, userId) };
}

/**
 * A connection says its user is typing in a conversation: the other member hears it, if the conversation is
 * theirs and neither blocks the other (anything else is dropped without a word: it is a hint, not a request).
 */
export async function typing(deps: ApiDeps, userId: number, payload: unknown): Promise<void> {
  const chatId = (payload as { chatId?: unknown } | null)?.chatId;
  if (typeof chatId !== 'number' || !Number.isSafeInteger(chatId) || chatId <= 0) return;
  const chat = await chatRepo.ofMember(deps.db, chatId, userId);
  if (!chat) return;
  const otherId = otherOf(chat, userId);
  if (await blockedBetween(deps.db, userId, otherId)) return;
  deps.realtime.toUsers([otherId], 'chat:typing', { chatId, userId });
}

/**
 * `POST /api/userchat/mute`: a member's own setting; the conversation is theirs or "not found". Their other tabs and
 * devices hear it: a muted conversation leaves their chat badge.
 */
export async function mute(deps: ApiDeps, userId: number, body: MuteChatBody): Promise<MuteChatBody> {
  if (!(await chatRepo.ofMember(deps.db, body.chatId, userId))) throw new HttpError(404, chatMessages.chatNotFound);
  await chatRepo.setMuted(deps.db, body.chatId, userId, body.muted);
  deps.realtime.toUsers([userId], 'chat:muted', body);
  return body;
}
