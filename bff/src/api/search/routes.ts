import { Router } from 'express';
import Joi from 'joi';
import { ListingStatus, SUGGESTIONS, type ProductPage } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { ok } from '../http';
import { parse } from '../validation';
import { optionalAuth, viewerOf } from '../auth/middleware';
import { productsByIds } from '../products/repo';
import { searchPage, suggestionIds, type SearchSort, type SearchType } from './query';

const searchSchema = Joi.object({
  keyword: Joi.string().trim().max(100).allow('', null),
  search: Joi.string().trim().max(100).allow('', null),
  categoryId: Joi.number().integer().positive().empty(['', 'all', null]),
  category: Joi.number().integer().positive().empty(['', 'all', null]),
  sort: Joi.valid('relevance', 'newest', 'price_asc', 'price_desc').default('relevance'),
  type: Joi.valid('all', 'buy', 'swap').default('all'),
  pageNumber: Joi.number().integer().min(1).max(10000).default(1),
  perPage: Joi.number().integer().min(1).max(100).default(30),
});

interface SearchBody {
  keyword?: string | null;
  search?: string | null;
  categoryId?: number;
  category?: number;
  sort: SearchSort;
  type: SearchType;
  pageNumber: number;
  perPage: number;
}

const suggestionSchema = Joi.object({
  keyword: Joi.string().trim().max(100).allow('', null),
  limit: Joi.number().integer().min(1).max(SUGGESTIONS.limit).default(SUGGESTIONS.limit),
});

/** Spec section 7, Listings: search pages, category listing and the header's suggestions. */
export function searchRoutes(deps: ApiDeps): Router {
  const router = Router();
  const viewer = optionalAuth(deps.db);

  async function search(viewerId: number | null, body: SearchBody): Promise<ProductPage> {
    const found = await searchPage(
      deps.db,
      { keyword: body.keyword || body.search, categoryId: body.categoryId ?? body.category, type: body.type },
      body.sort,
      body,
    );
    return {
      products: await productsByIds(deps.db, deps.storage, viewerId, found.ids),
      total: found.total,
      totalCapped: found.capped,
      pageNumber: body.pageNumber,
      perPage: body.perPage,
    };
  }

  router.post(
    ['/api/webgetproducts', '/api/v2/webgetproducts', '/api/getproducts', '/api/category/listing'],
    viewer,
    async (req, res) => {
      ok(res, await search(viewerOf(res), parse<SearchBody>(searchSchema, req.body)));
    },
  );

  router.get('/api/public/productsearch/:string', viewer, async (req, res) => {
    const body = parse<SearchBody>(searchSchema, { ...req.query, keyword: req.params.string });
    ok(res, await search(viewerOf(res), body));
  });

  router.post('/api/product/suggestions', async (req, res) => {
    const { keyword, limit } = parse<{ keyword?: string | null; limit: number }>(suggestionSchema, req.body);
    if (!keyword) {
      ok(res, { products: [] });
      return;
    }
    const ids = await suggestionIds(deps.db, keyword, limit);
    // the titles of listings search shows (the index's listings, read again with their sellers)
    const rows: { id: number; title: string }[] = await deps
      .db('products as p')
      .join('users as u', 'u.id', 'p.user_id')
      .whereIn('p.id', ids)
      .where('p.status', ListingStatus.Active)
      .whereNull('u.deleted_at')
      .whereNull('u.blocked_at')
      .select('p.id', 'p.title');
    const byId = new Map(rows.map((r) => [r.id, r]));
    ok(res, { products: ids.flatMap((id) => byId.get(id) ?? []) });
  });

  return router;
}
