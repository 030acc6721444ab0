import { Router } from 'express';
import type { ApiDeps } from '../deps';
import { ok } from '../http';
import { parse } from '../validation';
import { categoriesRepo } from './repo';
import { categoryListSchema, type CategoryListBody } from './schemas';

/** Enough for the whole top level on the home page. */
const HOME_LIMIT = 100;

export function homeRoutes(deps: ApiDeps): Router {
  const router = Router();

  router.get('/api/home', async (_req, res) => {
    const categories = await categoriesRepo.list(deps.db, { parentId: null, limit: HOME_LIMIT, offset: 0 });
    ok(res, { categories });
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

  // No listings exist yet, so every count is 0; the listings issue joins the products table here.
  router.post('/api/v2/home/categories-by-product-count', async (_req, res) => {
    const categories = await categoriesRepo.list(deps.db, { parentId: null, limit: HOME_LIMIT, offset: 0 });
    ok(res, { categories: categories.map((c) => ({ ...c, product_count: 0 })) });
  });

  return router;
}
