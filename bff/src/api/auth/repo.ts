import { toDate, type Knex } from '@swapstuff/db';
import type { UserRow } from '../users';

export type TokenKind = 'web' | 'mobile';

/** A bearer token unused for this long stops working (401 "407"); each use extends it. */
export const TOKEN_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_used_at is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export const tokensRepo = {
  async insert(
    db: Knex,
    row: { tokenHash: string; userId: number; kind: TokenKind; pushToken: string | null },
  ): Promise<number> {
    const now = new Date();
    const [id] = await db('auth_tokens').insert({
      token_hash: row.tokenHash,
      user_id: row.userId,
      kind: row.kind,
      push_token: row.pushToken,
      created_at: now,
      last_used_at: now,
    });
    return Number(id);
  },

  /** The live token with this hash and its (not deleted) user. */
  async findActive(db: Knex, tokenHash: string): Promise<{ user: UserRow; tokenId: number } | undefined> {
    const now = Date.now();
    const row = await db('auth_tokens')
      .join('users', 'users.id', 'auth_tokens.user_id')
      .where('auth_tokens.token_hash', tokenHash)
      .whereNull('auth_tokens.revoked_at')
      .whereNull('users.deleted_at')
      .where('auth_tokens.last_used_at', '>', new Date(now - TOKEN_IDLE_MS))
      .first<(UserRow & { token_id: number; token_last_used_at: Date | number }) | undefined>(
        'users.*',
        'auth_tokens.id as token_id',
        'auth_tokens.last_used_at as token_last_used_at',
      );
    if (!row) return undefined;
    const { token_id: tokenId, token_last_used_at: lastUsed, ...user } = row;
    if (now - toDate(lastUsed).getTime() > TOUCH_EVERY_MS) {
      await db('auth_tokens')
        .where({ id: tokenId })
        .update({ last_used_at: new Date(now) });
    }
    return { user: user as UserRow, tokenId };
  },

  /** The device's push token, which goes with its sign-in (and is dropped with it at logout). */
  async setPushToken(db: Knex, tokenId: number, pushToken: string): Promise<void> {
    await db('auth_tokens').where({ id: tokenId }).update({ push_token: pushToken });
  },

  /** The push tokens of the user's live sign-ins (a token idle past its life opens nothing, and is not pushed to). */
  async pushTokensOf(db: Knex, userId: number): Promise<{ tokenId: number; token: string }[]> {
    const rows: { id: number; push_token: string }[] = await db('auth_tokens')
      .where({ user_id: userId })
      .whereNull('revoked_at')
      .whereNotNull('push_token')
      .where('last_used_at', '>', new Date(Date.now() - TOKEN_IDLE_MS))
      .select('id', 'push_token');
    return rows.map((row) => ({ tokenId: row.id, token: row.push_token }));
  },

  /** A push token the push service says is no longer valid: the sign-in stays, without it. */
  async dropPushToken(db: Knex, tokenId: number): Promise<void> {
    await db('auth_tokens').where({ id: tokenId }).update({ push_token: null });
  },

  async revoke(db: Knex, tokenId: number): Promise<void> {
    await db('auth_tokens').where({ id: tokenId }).whereNull('revoked_at').update({ revoked_at: new Date() });
  },

  /** Revokes every live token of the user except `keepTokenId` (all of them when it is undefined). */
  async revokeAllOf(db: Knex, userId: number, keepTokenId?: number): Promise<void> {
    const query = db('auth_tokens').where({ user_id: userId }).whereNull('revoked_at');
    if (keepTokenId !== undefined) query.whereNot({ id: keepTokenId });
    await query.update({ revoked_at: new Date() });
  },
};

export const resetsRepo = {
  async insert(db: Knex, row: { tokenHash: string; userId: number; expiresAt: Date }): Promise<void> {
    await db('password_resets').insert({
      token_hash: row.tokenHash,
      user_id: row.userId,
      expires_at: row.expiresAt,
      created_at: new Date(),
    });
  },

  /**
   * Consumes a reset link: marks it used if it is unused and unexpired, and returns its user id.
   * The conditional update makes it single-use even when two requests race.
   */
  async consume(db: Knex, tokenHash: string): Promise<number | undefined> {
    const now = new Date();
    const row = await db('password_resets')
      .where({ token_hash: tokenHash })
      .whereNull('used_at')
      .where('expires_at', '>', now)
      .first<{ id: number; user_id: number } | undefined>('id', 'user_id');
    if (!row) return undefined;
    const updated = await db('password_resets').where({ id: row.id }).whereNull('used_at').update({ used_at: now });
    return updated === 1 ? row.user_id : undefined;
  },

  /** Other outstanding links of the user stop working once the password changed. */
  async voidAllOf(db: Knex, userId: number): Promise<void> {
    await db('password_resets').where({ user_id: userId }).whereNull('used_at').update({ used_at: new Date() });
  },
};
