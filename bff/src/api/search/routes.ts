import { Router } from 'express';
import type { ApiDeps } from '../deps';
import { ok } from '../../http';
import { parse } from '../validation';
import { optionalAuth, viewerOf } from '../auth';
import { searchSchema, suggestionSchema, type SearchBody, type SuggestionBody } from './schemas';
import * as catalogSearch from './service';

/** Spec section 7, Listings: search pages, category listing and the header's suggestions. */
export function searchRoutes(deps: ApiDeps): Router {
  const router = Router();
  const viewer = optionalAuth(deps.db);

  router.post(
    ['/api/webgetproducts', '/api/v2/webgetproducts', '/api/getproducts', '/api/category/listing'],
    viewer,
    async (req, res) => {
      ok(res, await catalogSearch.search(deps, viewerOf(res), parse<SearchBody>(searchSchema, req.body)));
    },
  );

  router.get('/api/public/productsearch/:string', viewer, async (req, res) => {
    const body = parse<SearchBody>(searchSchema, { ...req.query, keyword: req.params.string });
    ok(res, await catalogSearch.search(deps, viewerOf(res), body));
  });

  router.post('/api/product/suggestions', async (req, res) => {
    const body = parse<SuggestionBody>(suggestionSchema, req.body);
    ok(res, { products: await catalogSearch.suggestions(deps, body) });
  });

  return router;
}
