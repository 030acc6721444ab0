import type { Category } from '@swapstuff/contracts';
import { whereListed, type Knex } from '@swapstuff/db';
import { whereContains } from '../../http';

const COLUMNS = ['id', 'name', 'image', 'parent_id'] as const;

export interface CategoryQuery {
  parentId: number | null;
  search?: string;
  /** every category, top level and children, ignoring parentId */
  all?: boolean;
  limit: number;
  offset: number;
}

export const categoriesRepo = {
  async list(db: Knex, q: CategoryQuery): Promise<Category[]> {
    const query = db('categories').select(...COLUMNS);
    if (!q.all) {
      if (q.parentId === null) query.whereNull('parent_id');
      else query.where('parent_id', q.parentId);
    }
    if (q.search) whereContains(query, 'name', q.search);
    return query
      .orderBy([{ column: 'parent_id', order: 'asc' }, 'sort_order', 'id'])
      .limit(q.limit)
      .offset(q.offset);
  },

  /** Listed listings per top-level category, its children's included (listings keep their top category). */
  async listedPerTopCategory(db: Knex): Promise<Map<number, number>> {
    const rows: { top_category_id: number; n: number | string }[] = await whereListed(
      db('products as p').join('users as u', 'u.id', 'p.user_id'),
    )
      .groupBy('p.top_category_id')
      .select('p.top_category_id')
      .count({ n: '*' });
    return new Map(rows.map((row) => [row.top_category_id, Number(row.n)]));
  },
};
