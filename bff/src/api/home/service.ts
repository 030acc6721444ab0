import type { Category, HomeContent } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { productsByIds, type ListedAnswers } from '../catalog';
import { likedCategoryIds } from '../liked-categories';
import { newestIds } from '../search';
import { categoriesRepo } from './repo';
import type { CategoryListBody } from './schemas';

/** Enough for the whole top level on the home page. */
const HOME_LIMIT = 100;
/** Fresh listings on the home page: two rows of six on a desktop. */
const FRESH_LIMIT = 12;

/** A visitor's home in ListedAnswers. */
const VISITORS_HOME = 'home';

const topLevel = (deps: ApiDeps) => categoriesRepo.list(deps.db, { parentId: null, limit: HOME_LIMIT, offset: 0 });

/**
 * The top level and the freshest listings; for a user who picked categories they care about, the fresh
 * listings of those come first, then the freshest of the rest. A visitor's home is everyone's: kept a
 * few seconds in `cache`.
 */
export function home(deps: ApiDeps, cache: ListedAnswers, viewerId: number | null): Promise<HomeContent> {
  return viewerId === null ? cache.get(VISITORS_HOME, () => build(deps, null)) : build(deps, viewerId);
}

/** A visitor's home while `cache` keeps it loaded and current (sent before Express: KeptForVisitors). */
export function keptHome(cache: ListedAnswers): HomeContent | undefined {
  return cache.peek<HomeContent>(VISITORS_HOME);
}

async function build(deps: ApiDeps, viewerId: number | null): Promise<HomeContent> {
  const liked = viewerId ? await likedCategoryIds(deps.db, viewerId) : [];
  const [categories, first, newest] = await Promise.all([
    topLevel(deps),
    newestIds(deps.db, viewerId, FRESH_LIMIT, liked),
    newestIds(deps.db, viewerId, FRESH_LIMIT),
  ]);
  const ids = [...first, ...newest.filter((id) => !first.includes(id))].slice(0, FRESH_LIMIT);
  return { categories, products: await productsByIds(deps.db, deps.storage, viewerId, ids) };
}

export function categories(deps: ApiDeps, body: CategoryListBody): Promise<Category[]> {
  return categoriesRepo.list(deps.db, {
    parentId: body.categoryId ? body.categoryId : null,
    all: body.fetchcategories === 'all',
    search: body.search ?? undefined,
    limit: body.perPage,
    offset: (body.pageNumber - 1) * body.perPage,
  });
}

/**
 * Top-level categories with the number of listings search shows in each: the answer's whole content, one
 * object kept a few seconds in `cache` and sent as it is (okShared).
 */
export function withListingCounts(
  deps: ApiDeps,
  cache: ListedAnswers,
): Promise<{ categories: (Category & { product_count: number })[] }> {
  return cache.get('category counts', async () => ({ categories: await countListings(deps) }));
}

async function countListings(deps: ApiDeps): Promise<(Category & { product_count: number })[]> {
  const [categories, perTop] = await Promise.all([topLevel(deps), categoriesRepo.listedPerTopCategory(deps.db)]);
  return categories.map((c) => ({ ...c, product_count: perTop.get(c.id) ?? 0 }));
}
