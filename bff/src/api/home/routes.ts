import { Router } from 'express';
import type { ApiDeps } from '../deps';
import { ok } from '../../http';
import { parse } from '../validation';
import { optionalAuth, viewerOf } from '../auth';
import { categoryListSchema, type CategoryListBody } from './schemas';
import * as home from './service';

export function homeRoutes(deps: ApiDeps): Router {
  const router = Router();

  router.get('/api/home', optionalAuth(deps.db), async (_req, res) => {
    ok(res, await home.home(deps, viewerOf(res)));
  });

  router.post(['/api/home/category', '/api/v2/home/category'], async (req, res) => {
    ok(res, { categories: await home.categories(deps, parse<CategoryListBody>(categoryListSchema, req.body)) });
  });

  router.post('/api/v2/home/categories-by-product-count', async (_req, res) => {
    ok(res, { categories: await home.withListingCounts(deps) });
  });

  return router;
}
