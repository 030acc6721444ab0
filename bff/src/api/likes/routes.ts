import { Router } from 'express';
import type { ApiDeps } from '../deps';
import { ok } from '../../http';
import { parse } from '../validation';
import { authOf, optionalAuth, requireAuth, viewerOf } from '../auth';
import { productIdParam } from '../products';
import { likedPageSchema, likeSchema, type LikedPageQuery } from './schemas';
import * as likes from './service';

/** Spec section 7: like toggles 0/1 (section 4), a listing's likes, and the user's liked listings. */
export function likesRoutes(deps: ApiDeps): Router {
  const router = Router();
  const requireUser = requireAuth(deps.db);

  router.post('/api/product/like', requireUser, async (req, res) => {
    const { productId } = parse<{ productId: number }>(likeSchema, req.body);
    const liked = await likes.toggle(deps, authOf(res).user.id, productId);
    ok(res, { productId, likes_count: liked ? '1' : '0' });
  });

  router.get('/api/likes/:id', optionalAuth(deps.db), async (req, res) => {
    const productId = productIdParam(req.params.id);
    const { total, mine } = await likes.likesOf(deps, viewerOf(res), productId);
    ok(res, { productId, total_likes: total, likes_count: mine ? '1' : '0' });
  });

  router.post('/api/user/likedproducts', requireUser, async (req, res) => {
    ok(res, await likes.liked(deps, authOf(res).user.id, parse<LikedPageQuery>(likedPageSchema, req.body)));
  });

  return router;
}
