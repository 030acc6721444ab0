import { Router } from 'express';
import { ListingStatus, type HomeContent } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { ok } from '../http';
import { parse } from '../validation';
import { optionalAuth, viewerOf } from '../auth/middleware';
import { productQuery, toProducts } from '../products/repo';
import { categoriesRepo } from './repo';
import { categoryListSchema, type CategoryListBody } from './schemas';

/** Enough for the whole top level on the home page. */
const HOME_LIMIT = 100;
/** Fresh listings on the home page: two rows of six on a desktop. */
const FRESH_LIMIT = 12;

export function homeRoutes(deps: ApiDeps): Router {
  const router = Router();

  router.get('/api/home', optionalAuth(deps.db), async (_req, res) => {
    const [categories, rows] = await Promise.all([
      categoriesRepo.list(deps.db, { parentId: null, limit: HOME_LIMIT, offset: 0 }),
      productQuery(deps.db, viewerOf(res))
        .where('p.status', ListingStatus.Active)
        .orderBy([
          { column: 'p.created_at', order: 'desc' },
          { column: 'p.id', order: 'desc' },
        ])
        .limit(FRESH_LIMIT),
    ]);
    const content: HomeContent = { categories, products: await toProducts(deps.db, deps.storage, rows) };
    ok(res, content);
  });

  router.post(['/api/home/category', '/api/v2/home/category'], async (req, res) => {
    const body = parse<CategoryListBody>(categoryListSchema, req.body);
    const categories = await categoriesRepo.list(deps.db, {
      parentId: body.categoryId ? body.categoryId : null,
      all: body.fetchcategories === 'all',
      search: body.search ?? undefined,
      limit: body.perPage,
      offset: (body.pageNumber - 1) * body.perPage,
    });
    ok(res, { categories });
  });

  // Active listings per top-level category, its children's included.
  router.post('/api/v2/home/categories-by-product-count', async (_req, res) => {
    const [categories, all, counts] = await Promise.all([
      categoriesRepo.list(deps.db, { parentId: null, limit: HOME_LIMIT, offset: 0 }),
      deps.db('categories').select('id', 'parent_id'),
      deps
        .db('products')
        .where({ status: ListingStatus.Active })
        .groupBy('category_id')
        .select('category_id')
        .count({ n: '*' }),
    ]);
    const topOf = new Map<number, number>(
      all.map((c: { id: number; parent_id: number | null }) => [c.id, c.parent_id ?? c.id]),
    );
    const perTop = new Map<number, number>();
    for (const row of counts as { category_id: number; n: number | string }[]) {
      const top = topOf.get(row.category_id) ?? row.category_id;
      perTop.set(top, (perTop.get(top) ?? 0) + Number(row.n));
    }
    ok(res, { categories: categories.map((c) => ({ ...c, product_count: perTop.get(c.id) ?? 0 })) });
  });

  return router;
}
