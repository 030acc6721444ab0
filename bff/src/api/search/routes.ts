import { endpoints } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { ok } from '../../http';
import { viewerOf } from '../auth';
import type { ApiRouter } from '../router';
import { searchSchema, suggestionSchema, type SearchBody, type SuggestionBody } from './schemas';
import * as catalogSearch from './service';

/** Spec section 7, Listings: search pages, category listing and the header's suggestions. */
export function searchRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle<SearchBody>(endpoints.search, { schema: searchSchema }, async ({ input, res }) => {
    ok(res, await catalogSearch.search(deps, viewerOf(res), input));
  });

  api.handle<SearchBody>(
    endpoints.publicSearch,
    { schema: searchSchema, input: (req) => ({ ...req.query, keyword: req.params.string }) },
    async ({ input, res }) => {
      ok(res, await catalogSearch.search(deps, viewerOf(res), input));
    },
  );

  api.handle<SuggestionBody>(endpoints.suggestions, { schema: suggestionSchema }, async ({ input, res }) => {
    ok(res, { products: await catalogSearch.suggestions(deps, viewerOf(res), input) });
  });
}
