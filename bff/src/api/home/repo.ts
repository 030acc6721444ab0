import type { Category } from '@swapstuff/contracts';
import type { Knex } from '@swapstuff/db';

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
    if (q.search) query.whereRaw('lower(name) like ?', [`%${q.search.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`]);
    return query
      .orderBy([{ column: 'parent_id', order: 'asc' }, 'sort_order', 'id'])
      .limit(q.limit)
      .offset(q.offset);
  },
};
