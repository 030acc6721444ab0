import type { Knex } from '@swapstuff/db';

export const notificationsRepo = {
  async unreadCount(db: Knex, userId: number): Promise<number> {
    const [{ n }] = await db('notifications').where({ user_id: userId }).whereNull('read_at').count({ n: '*' });
    return Number(n);
  },
};
