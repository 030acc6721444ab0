import type { ProductPage } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { productsByIds } from '../catalog';
import { listedTitles, searchPage, suggestionIds } from './repo';
import type { SearchBody, SuggestionBody } from './schemas';

export async function search(deps: ApiDeps, viewerId: number | null, body: SearchBody): Promise<ProductPage> {
  const found = await searchPage(
    deps.db,
    {
      keyword: body.keyword || body.search,
      categoryId: body.categoryId ?? body.category,
      type: body.type,
      viewerId,
    },
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

/** The header's suggestions: titles of listings search shows (to this viewer: none of a user blocked either way). */
export async function suggestions(
  deps: ApiDeps,
  viewerId: number | null,
  { keyword, limit }: SuggestionBody,
): Promise<{ id: number; title: string }[]> {
  if (!keyword) return [];
  return listedTitles(deps.db, viewerId, await suggestionIds(deps.db, keyword, limit));
}
