import { toDate, type Knex } from '@swapstuff/db';
import type { UserRole } from '@swapstuff/contracts';
import type { UserRow } from '../users';

export type TokenKind = 'web' | 'mobile' | 'staff';

/** A bearer token unused for this long stops working (401 "407"); each use extends it. */
export const TOKEN_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** A staff sign-in ends sooner: after 30 minutes without use, and 12 hours after it began however busy. */
export const STAFF_IDLE_MS = 30 * 60 * 1000;
export const STAFF_SIGN_IN_MS = 12 * 60 * 60 * 1000;
/**
 * last_used_at is written at most this often, so reads do not each cost a write; a staff token's each minute,
 * so that its 30 minutes are not shortened by more than one.
 */
const TOUCH_EVERY_MS = { web: 5 * 60 * 1000, mobile: 5 * 60 * 1000, staff: 60 * 1000 } satisfies Record<
  TokenKind,
  number
>;

/** A live token: its user, and what kind of sign-in it is. */
export interface ActiveToken {
  user: UserRow;
  tokenId: number;
  /** 'user', or the staff role the user holds (staff_roles) */
  role: UserRole;
  kind: TokenKind;
  /** a staff sign-in's second factor has been given (always false for other kinds) */
  secondFactor: boolean;
}

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
      expires_at: row.kind === 'staff' ? new Date(now.getTime() + STAFF_SIGN_IN_MS) : null,
    });
    return Number(id);
  },

  /** The live token with this hash and its (not deleted) user. */
  async findActive(db: Knex, tokenHash: string): Promise<ActiveToken | undefined> {
    const now = Date.now();
    const row = await db('auth_tokens')
      .join('users', 'users.id', 'auth_tokens.user_id')
      .leftJoin('staff_roles', 'staff_roles.user_id', 'users.id')
      .where('auth_tokens.token_hash', tokenHash)
      .whereNull('auth_tokens.revoked_at')
      .whereNull('users.deleted_at')
      // suspended: every session ends at once, even one its revocation raced
      .whereNull('users.blocked_at')
      .where('auth_tokens.last_used_at', '>', new Date(now - TOKEN_IDLE_MS))
      .where((q) => q.whereNull('auth_tokens.expires_at').orWhere('auth_tokens.expires_at', '>', new Date(now)))
      .first<
        | (UserRow & {
            token_id: number;
            token_last_used_at: Date | number;
            token_kind: TokenKind;
            token_second_factor_at: Date | number | null;
            staff_role: UserRole | null;
          })
        | undefined
      >(
        'users.*',
        'auth_tokens.id as token_id',
        'auth_tokens.last_used_at as token_last_used_at',
        'auth_tokens.kind as token_kind',
        'auth_tokens.second_factor_at as token_second_factor_at',
        'staff_roles.role as staff_role',
      );
    if (!row) return undefined;
    const {
      token_id: tokenId,
      token_last_used_at: lastUsed,
      token_kind: kind,
      token_second_factor_at: secondFactorAt,
      staff_role: role,
      ...user
    } = row;
    const idleFor = now - toDate(lastUsed).getTime();
    if (kind === 'staff' && idleFor > STAFF_IDLE_MS) return undefined;
    if (idleFor > TOUCH_EVERY_MS[kind]) {
      await db('auth_tokens')
        .where({ id: tokenId })
        .update({ last_used_at: new Date(now) });
    }
    return {
      user: user as UserRow,
      tokenId,
      role: role ?? 'user',
      kind,
      secondFactor: kind === 'staff' && secondFactorAt !== null,
    };
  },

  /** A staff sign-in's second factor has been given. */
  async markSecondFactor(db: Knex, tokenId: number): Promise<void> {
    await db('auth_tokens').where({ id: tokenId, kind: 'staff' }).update({ second_factor_at: new Date() });
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

  /** Ends the user's staff sign-ins (their role changed or went, their authenticator was reset). */
  async revokeStaffOf(db: Knex, userId: number): Promise<void> {
    await db('auth_tokens')
      .where({ user_id: userId, kind: 'staff' })
      .whereNull('revoked_at')
      .update({ revoked_at: new Date() });
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
