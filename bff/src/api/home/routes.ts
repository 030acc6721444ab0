import { Router } from 'express';
import { ListingStatus, type HomeContent } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { ok } from '../http';
import { parse } from '../validation';
import { optionalAuth, viewerOf } from '../auth/middleware';
import { productsByIds } from '../products/repo';
import { newestIds } from '../search/query';
import { categoriesRepo } from './repo';
import { categoryListSchema, type CategoryListBody } from './schemas';

/** Enough for the whole top level on the home page. */
const HOME_LIMIT = 100;
/** Fresh listings on the home page: two rows of six on a desktop. */
const FRESH_LIMIT = 12;

export function homeRoutes(deps: ApiDeps): Router {
  const router = Router();

  router.get('/api/home', optionalAuth(deps.db), async (_req, res) => {
    const [categories, ids] = await Promise.all([
      categoriesRepo.list(deps.db, { parentId: null, limit: HOME_LIMIT, offset: 0 }),
      newestIds(deps.db, FRESH_LIMIT),
    ]);
    const products = await productsByIds(deps.db, deps.storage, viewerOf(res), ids);
    const content: HomeContent = { categories, products };
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

  // Active listings per top-level category, its children's included (products keep their top category)
  router.post('/api/v2/home/categories-by-product-count', async (_req, res) => {
    const [categories, counts] = await Promise.all([
      categoriesRepo.list(deps.db, { parentId: null, limit: HOME_LIMIT, offset: 0 }),
      deps
        .db('products')
        .where({ status: ListingStatus.Active })
        .groupBy('top_category_id')
        .select('top_category_id')
        .count({ n: '*' }),
    ]);
    const perTop = new Map(
      (counts as { top_category_id: number; n: number | string }[]).map((row) => [row.top_category_id, Number(row.n)]),
    );
    ok(res, { categories: categories.map((c) => ({ ...c, product_count: perTop.get(c.id) ?? 0 })) });
  });

  return router;
}
