import { endpoints } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { ok, okShared } from '../../http';
import { viewerOf } from '../auth';
import { ListedAnswers, SHARED_CACHE_CONTROL } from '../catalog';
import type { ApiRouter } from '../router';
import { categoryListSchema, type CategoryListBody } from './schemas';
import * as home from './service';

export function homeRoutes(deps: ApiDeps, api: ApiRouter): void {
  // made at the first request, as features touch their dependencies only when serving
  let kept: ListedAnswers | undefined;
  const cache = () => (kept ??= new ListedAnswers(deps.events));
  api.handle(endpoints.home, { keptForVisitors: () => kept && home.keptHome(kept) }, async ({ res }) => {
    const viewer = viewerOf(res);
    if (viewer !== null) return ok(res, await home.home(deps, cache(), viewer));
    // a visitor's home is everyone's, the same object for a few seconds
    res.set('Cache-Control', SHARED_CACHE_CONTROL);
    okShared(res, await home.home(deps, cache(), null));
  });

  api.handle<CategoryListBody>(endpoints.categories, { schema: categoryListSchema }, async ({ input, res }) => {
    ok(res, { categories: await home.categories(deps, input) });
  });

  api.handle(endpoints.categoryCounts, {}, async ({ res }) => {
    okShared(res, await home.withListingCounts(deps, cache()));
  });
}
