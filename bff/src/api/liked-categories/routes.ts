import { endpoints, messages } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { ok } from '../../http';
import { authOf } from '../auth';
import type { ApiRouter } from '../router';
import { saveSchema, type SaveBody } from './schemas';
import * as likedCategories from './service';

/** Spec section 7, Liked: the categories a user cares about. */
export function likedCategoriesRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle(endpoints.likedCategories, {}, async ({ res }) => {
    ok(res, { categories: await likedCategories.liked(deps, authOf(res).user.id) });
  });

  api.handle<SaveBody>(endpoints.saveLikedCategories, { schema: saveSchema }, async ({ input, res }) => {
    const categories = await likedCategories.save(deps, authOf(res).user.id, input);
    ok(res, { categories }, messages.likedCategoriesSaved);
  });
}
