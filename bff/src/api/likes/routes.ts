import { Router } from 'express';
import Joi from 'joi';
import { ListingStatus, messages, type ProductPage } from '@swapstuff/contracts';
import { withTransaction } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { HttpError, ok } from '../http';
import { parse } from '../validation';
import { authOf, optionalAuth, requireAuth, viewerOf } from '../auth/middleware';
import { productQuery, toProducts } from '../products/repo';
import { productIdParam } from '../products/service';

const productIdSchema = Joi.object({
  productId: Joi.number().integer().positive().max(2147483647).required().messages({
    'any.required': messages.productNotFound,
    'number.base': messages.productNotFound,
    'number.integer': messages.productNotFound,
    'number.positive': messages.productNotFound,
    'number.max': messages.productNotFound,
  }),
});

const pageSchema = Joi.object({
  pageNumber: Joi.number().integer().min(1).default(1),
  perPage: Joi.number().integer().min(1).max(100).default(30),
});

/** A listing one may like or see likes of: not deleted, and its seller neither blocked nor deleted. */
async function visible(deps: ApiDeps, productId: number): Promise<void> {
  const row = await productQuery(deps.db, null)
    .where('p.id', productId)
    .whereNot('p.status', ListingStatus.Deleted)
    .first('p.id');
  if (!row) throw new HttpError(404, messages.productNotFound);
}

/** Spec section 7: like toggles 0/1 (section 4), a listing's likes, and the user's liked listings. */
export function likesRoutes(deps: ApiDeps): Router {
  const router = Router();
  const requireUser = requireAuth(deps.db);

  router.post('/api/product/like', requireUser, async (req, res) => {
    const { productId } = parse<{ productId: number }>(productIdSchema, req.body);
    const userId = authOf(res).user.id;
    await visible(deps, productId);
    const liked = await withTransaction(deps.db, async (trx) => {
      const removed = await trx('product_likes').where({ user_id: userId, product_id: productId }).delete();
      if (removed) return false;
      await trx('product_likes').insert({ user_id: userId, product_id: productId, created_at: new Date() });
      return true;
    });
    ok(res, { productId, likes_count: liked ? '1' : '0' });
  });

  router.get('/api/likes/:id', optionalAuth(deps.db), async (req, res) => {
    const productId = productIdParam(req.params.id);
    await visible(deps, productId);
    const viewer = viewerOf(res);
    const [{ total }] = await deps.db('product_likes').where({ product_id: productId }).count({ total: '*' });
    const mine = viewer
      ? await deps.db('product_likes').where({ product_id: productId, user_id: viewer }).first()
      : null;
    ok(res, { productId, total_likes: Number(total), likes_count: mine ? '1' : '0' });
  });

  // /my-likes: the newest like first; listings that were deleted since drop out
  router.post('/api/user/likedproducts', requireUser, async (req, res) => {
    const { pageNumber, perPage } = parse<{ pageNumber: number; perPage: number }>(pageSchema, req.body);
    const userId = authOf(res).user.id;
    const base = productQuery(deps.db, userId)
      .join('product_likes as mine', function () {
        this.on('mine.product_id', '=', 'p.id').andOn('mine.user_id', '=', deps.db.raw('?', [userId]));
      })
      .whereNot('p.status', ListingStatus.Deleted);
    const [{ total }] = await base.clone().clearSelect().count({ total: '*' });
    const rows = await base
      .orderBy([
        { column: 'mine.created_at', order: 'desc' },
        { column: 'p.id', order: 'desc' },
      ])
      .limit(perPage)
      .offset((pageNumber - 1) * perPage);
    const content: ProductPage = {
      products: await toProducts(deps.db, deps.storage, rows),
      total: Number(total),
      pageNumber,
      perPage,
    };
    ok(res, content);
  });

  return router;
}
