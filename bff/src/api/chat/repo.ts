import { toDate, type Knex } from '@swapstuff/db';
import type { ChatMessage } from '@swapstuff/contracts';
import type { Storage } from '../../adapters/storage';

/** What reads messages: the database, and the storage that says where a photo is served. */
export interface MessageSource {
  db: Knex;
  storage: Storage;
}

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
  image_file: string | null;
  image_width: number | null;
  image_height: number | null;
}

/** What a conversation is about: one per pair of users and subject. */
export const subjectOf = (productId: number | null) => (productId === null ? 'direct' : `product:${productId}`);

const pair = (a: number, b: number) => ({ user_low_id: Math.min(a, b), user_high_id: Math.max(a, b) });

export const otherOf = (chat: ChatRow, userId: number) =>
  chat.user_low_id === userId ? chat.user_high_id : chat.user_low_id;

function toMessage(storage: Storage, row: MessageRow): ChatMessage {
  return {
    id: row.id,
    chatId: row.chat_id,
    senderId: row.sender_id,
    text: row.body,
    image:
      row.image_file === null
        ? null
        : { url: storage.url(row.image_file), width: row.image_width!, height: row.image_height! },
    clientId: row.client_id,
    createdAt: toDate(row.created_at).toISOString(),
    offPlatform: Boolean(row.off_platform),
  };
}

/** Messages with their photo's file and size: every read of messages starts here. */
const messages = (db: Knex) =>
  db('chat_messages as msg')
    .leftJoin('images as img', 'img.id', 'msg.image_id')
    .select(
      'msg.id',
      'msg.chat_id',
      'msg.sender_id',
      'msg.body',
      'msg.client_id',
      'msg.off_platform',
      'msg.created_at',
      'img.file_name as image_file',
      'img.width as image_width',
      'img.height as image_height',
    );

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

  async messageByClientId(
    { db, storage }: MessageSource,
    senderId: number,
    clientId: string,
  ): Promise<ChatMessage | undefined> {
    const row: MessageRow | undefined = await messages(db)
      .where({ 'msg.sender_id': senderId, 'msg.client_id': clientId })
      .first();
    return row && toMessage(storage, row);
  },

  /** An image `userId` uploaded (a message's photo must be the sender's own). */
  async ownImage(db: Knex, imageId: number, userId: number): Promise<boolean> {
    return (await db('images').where({ id: imageId, user_id: userId }).first('id')) !== undefined;
  },

  /** Only the message's row: nothing every message of a conversation would have to lock in turn. */
  async insertMessage(
    trx: Knex.Transaction,
    message: {
      chatId: number;
      senderId: number;
      text: string;
      imageId: number | null;
      clientId: string;
      offPlatform: boolean;
    },
  ): Promise<number> {
    const now = new Date();
    const [raw] = await trx('chat_messages').insert({
      chat_id: message.chatId,
      sender_id: message.senderId,
      body: message.text,
      image_id: message.imageId,
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
    { db, storage }: MessageSource,
    chatId: number,
    where: { beforeId?: number; afterId?: number },
    limit: number,
  ): Promise<ChatMessage[]> {
    const query = messages(db).where({ 'msg.chat_id': chatId }).limit(limit);
    if (where.afterId !== undefined) query.andWhere('msg.id', '>', where.afterId).orderBy('msg.id', 'asc');
    else {
      if (where.beforeId !== undefined) query.andWhere('msg.id', '<', where.beforeId);
      query.orderBy('msg.id', 'desc');
    }
    const rows = ((await query) as MessageRow[]).map((row) => toMessage(storage, row));
    // oldest first either way
    return where.afterId !== undefined ? rows : rows.reverse();
  },

  /** Each conversation's latest message (one index range per conversation: (chat_id, id)). */
  async latest({ db, storage }: MessageSource, chatIds: number[]): Promise<Map<number, ChatMessage>> {
    if (chatIds.length === 0) return new Map();
    const rows: MessageRow[] = await messages(db).whereIn(
      'msg.id',
      db('chat_messages').whereIn('chat_id', chatIds).groupBy('chat_id').max('id'),
    );
    return new Map(rows.map((row) => [row.chat_id, toMessage(storage, row)]));
  },

  /** A member's conversations (a conversation exists from its first message on). */
  async ofUser(db: Knex, userId: number): Promise<ChatRow[]> {
    return db('chats as c')
      .join('chat_members as m', 'm.chat_id', 'c.id')
      .where('m.user_id', userId)
      .select('c.id', 'c.user_low_id', 'c.user_high_id', 'c.product_id', 'c.subject');
  },

  /** Mutes or unmutes a conversation for one member. */
  async setMuted(db: Knex, chatId: number, userId: number, muted: boolean): Promise<void> {
    await db('chat_members').where({ chat_id: chatId, user_id: userId }).update({ muted });
  },

  /**
   * Per conversation: what `userId` has not read of the other's messages, whether they muted it, and how far the
   * other has read.
   */
  async readState(
    db: Knex,
    chatIds: number[],
    userId: number,
  ): Promise<Map<number, { unread: number; muted: boolean; peerReadUpTo: number }>> {
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
      db('chat_members').whereIn('chat_id', chatIds).select('chat_id', 'user_id', 'last_read_id', 'muted'),
    ]);
    const state = new Map(chatIds.map((id) => [id, { unread: 0, muted: false, peerReadUpTo: 0 }]));
    for (const row of unread as { chat_id: number; n: number | string }[])
      state.get(row.chat_id)!.unread = Number(row.n);
    for (const row of positions as { chat_id: number; user_id: number; last_read_id: number; muted: number }[]) {
      const chat = state.get(row.chat_id)!;
      if (row.user_id === userId) chat.muted = Boolean(row.muted);
      else chat.peerReadUpTo = Number(row.last_read_id);
    }
    return state;
  },
};
