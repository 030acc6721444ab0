import { toDate, type Knex } from '@swapstuff/db';
import type { ChatMessage } from '@swapstuff/contracts';

export interface ChatRow {
  id: number;
  user_low_id: number;
  user_high_id: number;
  product_id: number | null;
  subject: string;
}

interface MessageRow {
  id: number;
  chat_id: number;
  sender_id: number;
  body: string;
  client_id: string;
  off_platform: number | boolean;
  created_at: Date | number;
}

/** What a conversation is about: one per pair of users and subject. */
export const subjectOf = (productId: number | null) => (productId === null ? 'direct' : `product:${productId}`);

const pair = (a: number, b: number) => ({ user_low_id: Math.min(a, b), user_high_id: Math.max(a, b) });

export const otherOf = (chat: ChatRow, userId: number) =>
  chat.user_low_id === userId ? chat.user_high_id : chat.user_low_id;

export function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    chatId: row.chat_id,
    senderId: row.sender_id,
    text: row.body,
    clientId: row.client_id,
    createdAt: toDate(row.created_at).toISOString(),
    offPlatform: Boolean(row.off_platform),
  };
}

const MESSAGE_COLUMNS = ['id', 'chat_id', 'sender_id', 'body', 'client_id', 'off_platform', 'created_at'];

export const chatRepo = {
  /** A conversation `userId` is a member of (anyone else's is "not found"). */
  async ofMember(db: Knex, chatId: number, userId: number): Promise<ChatRow | undefined> {
    return db<ChatRow>('chats')
      .where({ id: chatId })
      .andWhere((either) => either.where({ user_low_id: userId }).orWhere({ user_high_id: userId }))
      .first();
  },

  async between(db: Knex, a: number, b: number, productId: number | null): Promise<ChatRow | undefined> {
    return db<ChatRow>('chats')
      .where({ ...pair(a, b), subject: subjectOf(productId) })
      .first();
  },

  /** A new conversation and its two members; the unique pair and subject refuses a second one. */
  async insert(trx: Knex.Transaction, a: number, b: number, productId: number | null): Promise<number> {
    const [id] = await trx('chats').insert({
      ...pair(a, b),
      product_id: productId,
      subject: subjectOf(productId),
      created_at: new Date(),
    });
    await trx('chat_members').insert([
      { chat_id: Number(id), user_id: a, last_read_id: 0 },
      { chat_id: Number(id), user_id: b, last_read_id: 0 },
    ]);
    return Number(id);
  },

  async messageByClientId(db: Knex, senderId: number, clientId: string): Promise<ChatMessage | undefined> {
    const row: MessageRow | undefined = await db('chat_messages')
      .where({ sender_id: senderId, client_id: clientId })
      .first(MESSAGE_COLUMNS);
    return row && toMessage(row);
  },

  /** Only the message's row: nothing every message of a conversation would have to lock in turn. */
  async insertMessage(
    trx: Knex.Transaction,
    message: { chatId: number; senderId: number; text: string; clientId: string; offPlatform: boolean },
  ): Promise<number> {
    const now = new Date();
    const [raw] = await trx('chat_messages').insert({
      chat_id: message.chatId,
      sender_id: message.senderId,
      body: message.text,
      client_id: message.clientId,
      off_platform: message.offPlatform,
      created_at: now,
    });
    return Number(raw);
  },

  /** Read positions only move forward (two tabs reading at once): true when this one moved it. */
  async markRead(db: Knex, chatId: number, userId: number, upToId: number): Promise<boolean> {
    const moved = await db('chat_members')
      .where({ chat_id: chatId, user_id: userId })
      .andWhere('last_read_id', '<', upToId)
      .update({ last_read_id: upToId });
    return moved > 0;
  },

  /** `limit` messages before `beforeId` (newest first), or after `afterId` (oldest first), or the latest. */
  async page(
    db: Knex,
    chatId: number,
    where: { beforeId?: number; afterId?: number },
    limit: number,
  ): Promise<ChatMessage[]> {
    const query = db('chat_messages').where({ chat_id: chatId }).limit(limit).select(MESSAGE_COLUMNS);
    if (where.afterId !== undefined) query.andWhere('id', '>', where.afterId).orderBy('id', 'asc');
    else {
      if (where.beforeId !== undefined) query.andWhere('id', '<', where.beforeId);
      query.orderBy('id', 'desc');
    }
    const rows = ((await query) as MessageRow[]).map(toMessage);
    // oldest first either way
    return where.afterId !== undefined ? rows : rows.reverse();
  },

  /** Each conversation's latest message (one index range per conversation: (chat_id, id)). */
  async latest(db: Knex, chatIds: number[]): Promise<Map<number, ChatMessage>> {
    if (chatIds.length === 0) return new Map();
    const rows: MessageRow[] = await db('chat_messages')
      .whereIn('id', db('chat_messages').whereIn('chat_id', chatIds).groupBy('chat_id').max('id'))
      .select(MESSAGE_COLUMNS);
    return new Map(rows.map((row) => [row.chat_id, toMessage(row)]));
  },

  /** A member's conversations (a conversation exists from its first message on). */
  async ofUser(db: Knex, userId: number): Promise<ChatRow[]> {
    return db('chats as c')
      .join('chat_members as m', 'm.chat_id', 'c.id')
      .where('m.user_id', userId)
      .select('c.id', 'c.user_low_id', 'c.user_high_id', 'c.product_id', 'c.subject');
  },

  /** Per conversation: what `userId` has not read of the other's messages, and how far the other has read. */
  async readState(
    db: Knex,
    chatIds: number[],
    userId: number,
  ): Promise<Map<number, { unread: number; peerReadUpTo: number }>> {
    if (chatIds.length === 0) return new Map();
    const [unread, positions] = await Promise.all([
      db('chat_messages as msg')
        .join('chat_members as me', (on) => on.on('me.chat_id', 'msg.chat_id').andOnVal('me.user_id', userId))
        .whereIn('msg.chat_id', chatIds)
        .andWhereNot('msg.sender_id', userId)
        .andWhereRaw('msg.id > me.last_read_id')
        .groupBy('msg.chat_id')
        .select('msg.chat_id')
        .count({ n: '*' }),
      db('chat_members').whereIn('chat_id', chatIds).andWhereNot({ user_id: userId }).select('chat_id', 'last_read_id'),
    ]);
    const state = new Map(chatIds.map((id) => [id, { unread: 0, peerReadUpTo: 0 }]));
    for (const row of unread as { chat_id: number; n: number | string }[])
      state.get(row.chat_id)!.unread = Number(row.n);
    for (const row of positions as { chat_id: number; last_read_id: number }[])
      state.get(row.chat_id)!.peerReadUpTo = Number(row.last_read_id);
    return state;
  },
};
