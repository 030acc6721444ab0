import { endpoints } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { ok } from '../../http';
import { viewerOf } from '../auth';
import type { ApiRouter } from '../router';
import { categoryListSchema, type CategoryListBody } from './schemas';
import * as home from './service';

export function homeRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle(endpoints.home, {}, async ({ res }) => {
    ok(res, await home.home(deps, viewerOf(res)));
  });

  api.handle<CategoryListBody>(endpoints.categories, { schema: categoryListSchema }, async ({ input, res }) => {
    ok(res, { categories: await home.categories(deps, input) });
  });

  api.handle(endpoints.categoryCounts, {}, async ({ res }) => {
    ok(res, { categories: await home.withListingCounts(deps) });
  });
}
