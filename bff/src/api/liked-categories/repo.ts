import type { Category } from '@swapstuff/contracts';
import type { Knex } from '@swapstuff/db';

export const likedCategoriesRepo = {
  /** The user's picks, in the categories' own order. */
  async list(db: Knex, userId: number): Promise<Category[]> {
    return db('user_categories as uc')
      .join('categories as c', 'c.id', 'uc.category_id')
      .where('uc.user_id', userId)
      .orderBy(['c.sort_order', 'c.id'])
      .select('c.id', 'c.name', 'c.image', 'c.parent_id');
  },

  async ids(db: Knex, userId: number): Promise<number[]> {
    const ids = await db('user_categories').where({ user_id: userId }).orderBy('category_id').pluck('category_id');
    return ids.map(Number);
  },

  /** How many of `ids` are top-level categories. */
  async countTopLevel(db: Knex, ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const [{ n }] = await db('categories').whereIn('id', ids).whereNull('parent_id').count({ n: '*' });
    return Number(n);
  },

  /** Replaces the user's picks, in the caller's transaction. */
  async replace(trx: Knex.Transaction, userId: number, ids: number[]): Promise<void> {
    await trx('user_categories').where({ user_id: userId }).delete();
    const now = new Date();
    if (ids.length) {
      await trx('user_categories').insert(ids.map((id) => ({ user_id: userId, category_id: id, created_at: now })));
    }
  },
};
