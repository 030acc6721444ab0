import type { Request } from 'express';
import type { Logger } from 'pino';
import {
  ITEM_MAIN_PHOTO_SIZES,
  Money,
  endpoints,
  listingPlace,
  listingPriceInFull,
  pathMatcher,
  photoSources,
  priceOf,
  routes,
  type Category,
  type Envelope,
  type Product,
} from '@swapstuff/contracts';
import { forwardedFor } from './forward';

/**
 * What a shared link unfurls to: the page's title, description and canonical URL, and its Open Graph and
 * Twitter card tags, for the spec's share links (a listing's /item-detail/{id}) and search pages. The
 * listing comes from the api's own item-detail endpoint, as a visitor sees it (which listings a visitor
 * may open does not depend on who asks), so the api stays the one source of truth; answers are kept
 * briefly, and no other page asks anything.
 */

/** How long a listing's answer (or that it does not exist) is reused; the page itself renders live. */
const LISTING_TTL_MS = 10_000;
/** Category names change by a migration or an admin, not by users. */
const CATEGORIES_TTL_MS = 5 * 60_000;
/** An api that does not answer by then costs the page its tags, never its first byte for long. */
const API_TIMEOUT_MS = 1_500;
/** Listings kept at once: a crawler walking every id must not grow the gateway's memory. */
const MAX_LISTINGS = 1_000;
/** Unfurlers cut descriptions around here. */
const DESCRIPTION_LENGTH = 200;

export interface PageMeta {
  /** 404 when the page's subject does not exist (an unknown or hidden listing) */
  status: 200 | 404;
  title?: string;
  description?: string;
  canonical?: string;
  /**
   * The page's largest paint, for the head to preload: the browser then fetches it with the page instead
   * of after the scripts that draw it (the same copy the page's <picture> picks: same srcset and sizes)
   */
  photo?: { href: string; srcSet?: string; sizes?: string; type?: string };
  /** [attribute, key, content]: `property` for Open Graph, `name` for Twitter cards */
  tags: [attribute: 'property' | 'name', key: string, content: string][];
}

/** Keeps answers for a while, and shares one request among callers that ask while it is under way. */
function briefCache<T>(ttlMs: number, max: number) {
  const kept = new Map<string, { until: number; value: T }>();
  const pending = new Map<string, Promise<T>>();
  return (key: string, load: () => Promise<{ value: T; keep: boolean }>): Promise<T> => {
    const known = kept.get(key);
    if (known && known.until > Date.now()) return Promise.resolve(known.value);
    let loading = pending.get(key);
    if (!loading) {
      loading = load()
        .then(({ value, keep }) => {
          kept.delete(key);
          if (keep) {
            // a Map iterates in insertion order: the first key is the oldest
            if (kept.size >= max) kept.delete(kept.keys().next().value!);
            kept.set(key, { until: Date.now() + ttlMs, value });
          }
          return value;
        })
        .finally(() => pending.delete(key));
      pending.set(key, loading);
    }
    return loading;
  };
}

/** One line of at most `length` characters, cut at a word. */
function summary(text: string, length = DESCRIPTION_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= length) return line;
  const cut = line.slice(0, length - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > length / 2 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

const SITE = 'Swapstuff';

function common(title: string, description: string, canonical: string, type: string): PageMeta['tags'] {
  return [
    ['property', 'og:site_name', SITE],
    ['property', 'og:type', type],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', canonical],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
  ];
}

/** A listing's page: its title, price, place and description, its featured photo. */
export function listingMeta(product: Product, publicUrl: string): PageMeta {
  const canonical = `${publicUrl}${routes.itemDetail(product.id)}`;
  const place = listingPlace(product);
  const description = summary(`${listingPriceInFull(product)}${place ? ` in ${place}` : ''}: ${product.description}`);
  const photo = product.featured_image?.file_name ?? product.images[0]?.file_name;
  const image = photo ? new URL(photo, `${publicUrl}/`).href : undefined;
  const price = priceOf(product);
  // the gallery opens on the first photo; its best format only (a browser that cannot read it skips the
  // preload: a second one in another format would be downloaded too by a browser that reads both)
  const main = product.images[0];
  const [best] = main ? photoSources(main.variants) : [];
  return {
    status: 200,
    title: `${product.title} | ${SITE}`,
    photo: main && {
      href: main.file_name,
      ...(best && { srcSet: best.srcSet, sizes: ITEM_MAIN_PHOTO_SIZES, type: best.type }),
    },
    description,
    canonical,
    tags: [
      ...common(product.title, description, canonical, 'product'),
      ['property', 'product:price:amount', Money.toWire(price)],
      ['property', 'product:price:currency', price.currency],
      ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
      ...(image
        ? ([
            ['property', 'og:image', image],
            ['property', 'og:image:alt', product.title],
            ['name', 'twitter:image', image],
          ] as PageMeta['tags'])
        : []),
    ],
  };
}

/** A search page: what is searched for, and in which category. */
export function searchMeta(categoryName: string | null, keyword: string, canonicalPath: string, publicUrl: string) {
  const what = keyword ? `“${keyword}”` : null;
  const heading = what && categoryName ? `${what} in ${categoryName}` : (what ?? categoryName ?? 'Search');
  const description = summary(
    `${what ? `Listings for ${what}` : 'Listings'}${categoryName ? ` in ${categoryName}` : ''} on ${SITE}: buy, sell and swap what you own.`,
  );
  const canonical = `${publicUrl}${canonicalPath}`;
  return {
    status: 200 as const,
    title: `${heading} | ${SITE}`,
    description,
    canonical,
    tags: [...common(heading, description, canonical, 'website'), ['name', 'twitter:card', 'summary']],
  } satisfies PageMeta;
}

/** Which share pages there are: the spec's routes (section 2), whichever remote renders them. */
type ShareRoute = 'listing' | 'search';
const shareRoutes = pathMatcher<ShareRoute>([
  { path: '/item-detail/:id', value: 'listing' },
  { path: '/search/:categoryId?/:keyword?', value: 'search' },
]);

const LISTING_ID = /^[1-9]\d{0,15}$/;

export interface ShareMetaReader {
  /** The page's tags, or null for a page that has none of its own. */
  (req: Request): Promise<PageMeta | null>;
}

/** Reads what the share pages need from the api at `apiUrl`, briefly cached. */
export function shareMetaReader(apiUrl: string, publicUrl: string, logger: Logger): ShareMetaReader {
  const listings = briefCache<Product | null | undefined>(LISTING_TTL_MS, MAX_LISTINGS);
  const categories = briefCache<Map<string, string> | undefined>(CATEGORIES_TTL_MS, 1);

  /** The api's answer: its Content, null for a 404, undefined when it could not tell (logged). */
  async function ask<T>(req: Request, path: string, init: RequestInit = {}): Promise<T | null | undefined> {
    try {
      const response = await fetch(new URL(path, apiUrl), {
        ...init,
        headers: { accept: 'application/json', ...forwardedFor(req), ...init.headers },
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return ((await response.json()) as Envelope<T>).Content;
    } catch (err) {
      logger.warn({ err, path }, 'share tags left out: the api did not answer');
      return undefined;
    }
  }

  const listing = (req: Request, id: string) =>
    listings(id, async () => {
      const found = await ask<{ product: Product }>(req, endpoints.product.path.replace(':id', id));
      const value = found === null ? null : found?.product;
      // not knowing (the api down or slow) is not remembered: the next visitor asks again
      return { value, keep: value !== undefined };
    });

  const categoryNames = (req: Request) =>
    categories('all', async () => {
      const found = await ask<{ categories: Category[] }>(req, endpoints.categories.path, {
        method: endpoints.categories.method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fetchcategories: 'all' }),
      });
      const value = found ? new Map(found.categories.map(({ id, name }) => [String(id), name])) : undefined;
      return { value, keep: value !== undefined };
    });

  return async (req) => {
    const match = shareRoutes(req.path);
    if (!match) return null;
    if (match.value === 'listing') {
      const id = match.params.id ?? '';
      const product = LISTING_ID.test(id) ? await listing(req, id) : null;
      if (product === null) return { status: 404, tags: [] };
      return product ? listingMeta(product, publicUrl) : null;
    }
    const { categoryId = null, keyword = '' } = match.params;
    const category = categoryId && categoryId !== 'all' ? ((await categoryNames(req))?.get(categoryId) ?? null) : null;
    return searchMeta(category, keyword.trim(), routes.searchFor(categoryId, keyword), publicUrl);
  };
}
