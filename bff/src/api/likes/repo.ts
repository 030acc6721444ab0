import { whereNoBlockWith, type Knex } from '@swapstuff/db';
import type { Paging } from '../../http';
import { countedPage } from '../../http';
import { viewableListings, type ProductRow } from '../catalog';

export const likesRepo = {
  /** Likes if not liked, unlikes if liked; true when it is liked now. Runs in the caller's transaction. */
  async toggle(trx: Knex.Transaction, userId: number, productId: number): Promise<boolean> {
    const removed = await trx('product_likes').where({ user_id: userId, product_id: productId }).delete();
    if (removed) return false;
    await trx('product_likes').insert({ user_id: userId, product_id: productId, created_at: new Date() });
    return true;
  },

  async count(db: Knex, productId: number): Promise<number> {
    const [{ total }] = await db('product_likes').where({ product_id: productId }).count({ total: '*' });
    return Number(total);
  },

  async likes(db: Knex, userId: number, productId: number): Promise<boolean> {
    return !!(await db('product_likes').where({ product_id: productId, user_id: userId }).first('product_id'));
  },

  /** The user's liked listings that can still be seen (not a blocked user's), the newest like first. */
  async likedBy(db: Knex, userId: number, paging: Paging): Promise<{ rows: ProductRow[]; total: number }> {
    const query = whereNoBlockWith(viewableListings(db, userId), db, userId, 'p.id').join(
      'product_likes as mine',
      (join) => {
        join.on('mine.product_id', '=', 'p.id').andOn('mine.user_id', '=', db.raw('?', [userId]));
      },
    );
    return countedPage<ProductRow>(
      query,
      [
        { column: 'mine.created_at', order: 'desc' },
        { column: 'p.id', order: 'desc' },
      ],
      paging,
    );
  },
};
