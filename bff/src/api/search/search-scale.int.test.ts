import { ListingStatus, type ProductPage } from '@swapstuff/contracts';
import { queryTerms } from '@swapstuff/db';
import { bulkSeed } from '@swapstuff/db/bulk-seed';
import { call, startTestApi, type TestApi } from '../../../test/harness';
import { TOTAL_CAP } from './repo';

/**
 * Search over a bulk-seeded catalogue larger than the count cap, checked against a plain reading of the
 * products table: the index-driven pages must be exactly the listings a scan of every row would give,
 * in the same order, on both engines.
 */
const LISTINGS = 1400;

interface Row {
  id: number;
  title: string;
  description: string;
  swap_product: string | null;
  status: number;
  category_id: number;
  top_category_id: number;
  is_buyable: number | boolean;
  price_cents: number;
}

let api: TestApi;
let rows: Row[];

beforeAll(async () => {
  api = await startTestApi();
  await bulkSeed(api.db, { dataDir: api.dataDir, listings: LISTINGS, seed: 7 });
  rows = await api
    .db('products')
    .select(
      'id',
      'title',
      'description',
      'swap_product',
      'status',
      'category_id',
      'top_category_id',
      'is_buyable',
      'price_cents',
    );
}, 120_000);
afterAll(() => api.close());

/** The word itself or its plural, as a whole word, in any case. */
const hasWord = (text: string, word: string) =>
  new RegExp(`(^|[^\\p{L}\\p{N}])${word}s?($|[^\\p{L}\\p{N}])`, 'iu').test(text);

interface Query {
  keyword?: string;
  categoryId?: number;
  type?: 'buy' | 'swap';
  sort: 'relevance' | 'newest' | 'price_asc' | 'price_desc';
}

/** What a scan of every listing answers: the reference the index must agree with. */
function reference(q: Query): number[] {
  const words = q.keyword ? q.keyword.toLowerCase().split(' ') : [];
  const found = rows.filter(
    (r) =>
      r.status === ListingStatus.Active &&
      (!q.categoryId || r.category_id === q.categoryId || r.top_category_id === q.categoryId) &&
      (!q.type || Boolean(Number(r.is_buyable)) === (q.type === 'buy')) &&
      words.every((w) => hasWord(r.title, w) || hasWord(`${r.description} ${r.swap_product ?? ''}`, w)),
  );
  // relevance: the rarest word's place (one-word queries here: the word) in the title first
  const inTitle = (r: Row) => (words.length && hasWord(r.title, words[0]) ? 1 : 0);
  const order: Record<Query['sort'], (a: Row, b: Row) => number> = {
    newest: (a, b) => b.id - a.id,
    relevance: (a, b) => (q.keyword ? inTitle(b) - inTitle(a) : 0) || b.id - a.id,
    price_asc: (a, b) => a.price_cents - b.price_cents || a.id - b.id,
    price_desc: (a, b) => b.price_cents - a.price_cents || b.id - a.id,
  };
  return found.sort(order[q.sort]).map((r) => r.id);
}

async function page(q: Query, pageNumber: number): Promise<ProductPage> {
  const res = await call<ProductPage>(api.url, 'POST', '/api/webgetproducts', {
    body: { ...q, type: q.type ?? 'all', pageNumber, perPage: 30 },
  });
  expect(res.status).toBe(200);
  return res.body.Content;
}

/** The most common words of the seeded titles: the searches whose matches are many. */
function commonTitleWords(count: number): string[] {
  const tally = new Map<string, number>();
  for (const r of rows) {
    for (const w of r.title.toLowerCase().split(/[^a-z]+/)) {
      // searchable (not a stopword) and not a plural, which the index folds
      if (w.length >= 4 && !w.endsWith('s') && queryTerms(w)[0] === w) tally.set(w, (tally.get(w) ?? 0) + 1);
    }
  }
  return [...tally]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([w]) => w)
    .slice(0, count);
}

describe('search at scale (index against a scan)', () => {
  it(`counts up to ${TOTAL_CAP} and says when there are more`, async () => {
    const all = await page({ sort: 'newest' }, 1);
    expect(reference({ sort: 'newest' }).length).toBeGreaterThan(TOTAL_CAP);
    expect(all).toMatchObject({ total: TOTAL_CAP, totalCapped: true });
    expect(all.products.map((p) => p.id)).toEqual(reference({ sort: 'newest' }).slice(0, 30));
  });

  it('browses categories and buy/swap in every order, page after page', async () => {
    const top = rows.find((r) => r.top_category_id !== r.category_id)!;
    for (const categoryId of [top.top_category_id, top.category_id]) {
      for (const sort of ['newest', 'price_asc', 'price_desc'] as const) {
        for (const type of [undefined, 'buy', 'swap'] as const) {
          const q = { categoryId, sort, type };
          const expected = reference(q);
          const [first, second] = [await page(q, 1), await page(q, 2)];
          expect([...first.products, ...second.products].map((p) => p.id)).toEqual(expected.slice(0, 60));
          expect(first).toMatchObject({
            total: Math.min(expected.length, TOTAL_CAP),
            totalCapped: expected.length > TOTAL_CAP,
          });
        }
      }
    }
  });

  it('finds the common words exactly as a scan does, in every order and with filters', async () => {
    const categoryId = rows.find((r) => r.status === ListingStatus.Active)!.top_category_id;
    for (const keyword of commonTitleWords(4)) {
      for (const sort of ['relevance', 'newest', 'price_asc', 'price_desc'] as const) {
        for (const filter of [{}, { categoryId }, { type: 'swap' as const }]) {
          const q = { keyword, sort, ...filter };
          const expected = reference(q);
          const [first, second] = [await page(q, 1), await page(q, 2)];
          expect([...first.products, ...second.products].map((p) => p.id)).toEqual(expected.slice(0, 60));
          expect(first.total).toBe(Math.min(expected.length, TOTAL_CAP));
        }
      }
    }
  });

  it('intersects two words from the rarer one', async () => {
    const [common, other] = commonTitleWords(2);
    const q = { keyword: `${common} ${other}`, sort: 'newest' as const };
    const expected = reference(q);
    const found = await page(q, 1);
    expect(found.products.map((p) => p.id)).toEqual(expected.slice(0, 30));
    expect(found.total).toBe(Math.min(expected.length, TOTAL_CAP));
  });

  it('suggests at most ten newest titles with a word starting as typed', async () => {
    const [word] = commonTitleWords(1);
    const prefix = word.slice(0, 3);
    const res = await call<{ products: { id: number; title: string }[] }>(api.url, 'POST', '/api/product/suggestions', {
      body: { keyword: prefix, limit: 10 },
    });
    const titles = res.body.Content.products;
    expect(titles).toHaveLength(10);
    const starts = new RegExp(`(^|[^\\p{L}\\p{N}])${prefix}`, 'iu');
    expect(titles.every((t) => starts.test(t.title))).toBe(true);
    const ids = titles.map((t) => t.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const active = new Set(rows.filter((r) => r.status === ListingStatus.Active).map((r) => r.id));
    expect(ids.every((id) => active.has(id))).toBe(true);
  });
});
