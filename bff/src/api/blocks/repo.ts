import type { BlockedUser } from '@swapstuff/contracts';
import { toDate, type Knex } from '@swapstuff/db';

export const blocksRepo = {
  /** Idempotent: blocking twice keeps the first block (and its date). */
  async block(db: Knex, blockerId: number, blockedId: number): Promise<void> {
    await db('user_blocks')
      .insert({ blocker_id: blockerId, blocked_id: blockedId, created_at: new Date() })
      .onConflict(['blocker_id', 'blocked_id'])
      .ignore();
  },

  async unblock(db: Knex, blockerId: number, blockedId: number): Promise<void> {
    await db('user_blocks').where({ blocker_id: blockerId, blocked_id: blockedId }).delete();
  },

  async blocks(db: Knex, blockerId: number, blockedId: number): Promise<boolean> {
    return !!(await db('user_blocks').where({ blocker_id: blockerId, blocked_id: blockedId }).first('blocker_id'));
  },

  /** Whether either of the two blocks the other. */
  async between(db: Knex, a: number, b: number): Promise<boolean> {
    const row = await db('user_blocks')
      .where((either) => either.where({ blocker_id: a, blocked_id: b }).orWhere({ blocker_id: b, blocked_id: a }))
      .first('blocker_id');
    return !!row;
  },

  /** The users `blockerId` blocks that still have an account, the latest block first. */
  async list(db: Knex, blockerId: number): Promise<BlockedUser[]> {
    const rows = await db('user_blocks as b')
      .join('users as u', 'u.id', 'b.blocked_id')
      .where('b.blocker_id', blockerId)
      .whereNull('u.deleted_at')
      .orderBy([
        { column: 'b.created_at', order: 'desc' },
        { column: 'u.id', order: 'desc' },
      ])
      .select('u.id', 'u.first_name', 'u.last_name', 'u.businessName', 'u.is_business', 'u.avatar', 'b.created_at');
    return rows.map((row) => ({
      id: row.id,
      first_name: row.first_name,
      last_name: row.last_name,
      businessName: row.businessName,
      is_business: row.is_business ? 1 : 0,
      avatar: row.avatar,
      blocked_at: toDate(row.created_at).toISOString(),
    }));
  },
};
