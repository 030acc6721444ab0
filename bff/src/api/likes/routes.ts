import { endpoints } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { ok } from '../../http';
import { authOf, viewerOf } from '../auth';
import { productIdParam } from '../products';
import type { ApiRouter } from '../router';
import { likedPageSchema, likeSchema, type LikedPageQuery } from './schemas';
import * as likes from './service';

/** Spec section 7: like toggles 0/1 (section 4), a listing's likes, and the user's liked listings. */
export function likesRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle<{ productId: number }>(endpoints.like, { schema: likeSchema }, async ({ input, res }) => {
    const liked = await likes.toggle(deps, authOf(res).user.id, input.productId);
    ok(res, { productId: input.productId, likes_count: liked ? '1' : '0' });
  });

  api.handle(endpoints.likes, {}, async ({ req, res }) => {
    const productId = productIdParam(req.params.id);
    const { total, mine } = await likes.likesOf(deps, viewerOf(res), productId);
    ok(res, { productId, total_likes: total, likes_count: mine ? '1' : '0' });
  });

  api.handle<LikedPageQuery>(endpoints.likedListings, { schema: likedPageSchema }, async ({ input, res }) => {
    ok(res, await likes.liked(deps, authOf(res).user.id, input));
  });
}
