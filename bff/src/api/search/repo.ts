import {
  LISTING_ACTIVE,
  queryTerms,
  suggestionTerms,
  whereListed,
  whereNoBlockWith,
  whereSellerVisibleBy,
  type Knex,
} from '@swapstuff/db';

/**
 * Finding listings at scale (docs/decisions.md, "Search at scale"). Every query reads an index in the
 * order of the page it answers and stops after the page, so its cost follows the page size, not the
 * number of matches:
 *  - browsing (no keyword) reads products' (status, category, price) indexes, newest = highest id;
 *  - a keyword search reads the search index (db/src/search.ts) from its rarest word, title matches
 *    first, and checks the other words listing by listing;
 *  - totals are counted up to TOTAL_CAP ("1,000+ results"): an exact count of a common word would
 *    read every match.
 */
export const TOTAL_CAP = 1000;
/**
 * How far each word's rows are counted to tell which word is rarest: a short probe first, and a longer one
 * only between words that both filled it ("original canvas": 126,000 rows against 7,000).
 */
const RARITY_PROBES = [2000, 50_000];

export type SearchSort = 'relevance' | 'newest' | 'price_asc' | 'price_desc';
export type SearchType = 'all' | 'buy' | 'swap';

export interface SearchFilter {
  keyword?: string | null;
  categoryId?: number | null;
  type: SearchType;
  /** who is searching: listings of users they block, or who block them, are left out */
  viewerId?: number | null;
}

export interface SearchPageIds {
  /** the page's listings, in order */
  ids: number[];
  /** matches, counted up to TOTAL_CAP */
  total: number;
  /** there are more than TOTAL_CAP */
  capped: boolean;
}

/** Which column a category filter reads: a top-level category covers its children. */
async function categoryColumn(db: Knex, categoryId: number): Promise<'top_category_id' | 'category_id' | null> {
  const category = await db('categories').where({ id: categoryId }).first('parent_id');
  if (!category) return null;
  return category.parent_id === null ? 'top_category_id' : 'category_id';
}

/** The number of rows of `query`, counting no further than `cap`. */
async function countUpTo(db: Knex, query: Knex.QueryBuilder, cap: number): Promise<number> {
  const rows = query.clone().select(db.raw('1 as one')).limit(cap);
  const [row] = await db.count({ n: '*' }).from(rows.as('rows'));
  return Number((row as { n: number | string }).n);
}

/** The matches, counted up to TOTAL_CAP (and one more, to tell that there are more). */
async function cappedCount(db: Knex, matches: Knex.QueryBuilder): Promise<{ total: number; capped: boolean }> {
  const counted = await countUpTo(db, matches, TOTAL_CAP + 1);
  return { total: Math.min(counted, TOTAL_CAP), capped: counted > TOTAL_CAP };
}

/** The word whose rows are fewest: the search reads its rows and checks the others. */
async function rarest(db: Knex, terms: string[]): Promise<string> {
  let candidates = terms;
  for (const probe of RARITY_PROBES) {
    if (candidates.length === 1) break;
    const counts = await Promise.all(
      candidates.map((term) => countUpTo(db, db('search_terms').where({ term }), probe)),
    );
    const fewest = Math.min(...counts);
    candidates = candidates.filter((_, i) => counts[i] === fewest);
    if (fewest < probe) break;
  }
  return candidates[0];
}

/**
 * What a search found: `matches` (unordered, for the capped count) and `page` (a page of ids in the
 * sort's order). Query builders are thenables: the functions returning them are not async.
 */
type Order = { column: string; order: 'asc' | 'desc' }[];

interface Found {
  matches: Knex.QueryBuilder;
  page(limit: number, offset: number): Knex.QueryBuilder;
}

/** The search index's rows of `driving` that also hold the other terms, paged in the sort's order. */
function keywordSearch(
  db: Knex,
  terms: string[],
  driving: string,
  filter: SearchFilter,
  column: 'top_category_id' | 'category_id' | null,
  sort: SearchSort,
): Found {
  const matches = whereNoBlockWith(
    db('search_terms as s').where('s.term', driving),
    db,
    filter.viewerId ?? null,
    's.product_id',
  );
  if (column) matches.where(`s.${column}`, filter.categoryId!);
  if (filter.type !== 'all') matches.where('s.is_buyable', filter.type === 'buy');
  for (const term of terms.filter((t) => t !== driving)) {
    matches.whereExists(
      db('search_terms as o').select(db.raw('1')).whereRaw('o.product_id = s.product_id').where('o.term', term),
    );
  }
  const ordered = (order: Order) => matches.clone().orderBy(order).select('s.product_id as id');
  return {
    matches,
    page(limit, offset) {
      if (sort === 'newest') {
        // the word's title rows and its description rows are two ranges of the index, each newest first:
        // read enough of each and merge them, rather than sort every match
        const newestOf = (inTitle: boolean, as: string) =>
          db.select('id').from(
            ordered([{ column: 's.product_id', order: 'desc' }])
              .where('s.in_title', inTitle)
              .limit(limit + offset)
              .as(as),
          );
        const both = newestOf(true, 'title').unionAll(newestOf(false, 'description')).as('parts');
        return db.select('id').from(both).orderBy('id', 'desc').limit(limit).offset(offset);
      }
      const order: Order =
        sort === 'price_asc'
          ? [
              { column: 's.price_cents', order: 'asc' },
              { column: 's.product_id', order: 'asc' },
            ]
          : sort === 'price_desc'
            ? [
                { column: 's.price_cents', order: 'desc' },
                { column: 's.product_id', order: 'desc' },
              ]
            : // relevance: listings with the word in their title first, then those with it in the description
              [
                { column: 's.in_title', order: 'desc' },
                { column: 's.product_id', order: 'desc' },
              ];
      return ordered(order).limit(limit).offset(offset);
    },
  };
}

/** Active listings of visible sellers, with the category and buy / swap filters, paged in the sort's order. */
function browse(
  db: Knex,
  filter: SearchFilter,
  column: 'top_category_id' | 'category_id' | null,
  sort: SearchSort,
): Found {
  // the listed rule with the seller's check as NOT EXISTS, not a join (see whereSellerVisibleBy)
  const matches = whereNoBlockWith(
    whereSellerVisibleBy(db('products as p').where('p.status', LISTING_ACTIVE).whereNull('p.hidden_at'), db),
    db,
    filter.viewerId ?? null,
    'p.id',
  );
  if (column) matches.where(`p.${column}`, filter.categoryId!);
  if (filter.type !== 'all') matches.where('p.is_buyable', filter.type === 'buy');
  const order: Order =
    sort === 'price_asc'
      ? [
          { column: 'p.price_cents', order: 'asc' },
          { column: 'p.id', order: 'asc' },
        ]
      : sort === 'price_desc'
        ? [
            { column: 'p.price_cents', order: 'desc' },
            { column: 'p.id', order: 'desc' },
          ]
        : // newest, and relevance when there is no keyword to be relevant to
          [{ column: 'p.id', order: 'desc' }];
  return {
    matches,
    page: (limit, offset) => matches.clone().orderBy(order).select('p.id').limit(limit).offset(offset),
  };
}

/**
 * The newest Active listings of visible sellers: the home page's fresh listings; with `topCategoryIds`,
 * only those of these top-level categories. Each category is its own range of the browse index, newest
 * first: read `limit` of each and merge them, rather than sort every listing of them all. The viewer's blocks
 * apply (whereNoBlockWith).
 */
export async function newestIds(
  db: Knex,
  viewerId: number | null,
  limit: number,
  topCategoryIds?: number[],
): Promise<number[]> {
  const newest = (categoryId?: number) =>
    browse(db, { type: 'all', categoryId, viewerId }, categoryId ? 'top_category_id' : null, 'newest').page(limit, 0);
  const rows = topCategoryIds
    ? topCategoryIds.length === 0
      ? []
      : await db
          .select('id')
          .from(
            topCategoryIds
              .map((id) => db.select('id').from(newest(id).as(`c${id}`)))
              .reduce((all, next) => all.unionAll(next))
              .as('liked'),
          )
          .orderBy('id', 'desc')
          .limit(limit)
    : await newest();
  return rows.map((r: { id: number }) => Number(r.id));
}

/** One page of a search: the ids of its listings in order, and the (capped) number of matches. */
export async function searchPage(
  db: Knex,
  filter: SearchFilter,
  sort: SearchSort,
  page: { pageNumber: number; perPage: number },
): Promise<SearchPageIds> {
  const column = filter.categoryId ? await categoryColumn(db, filter.categoryId) : null;
  if (filter.categoryId && !column) return { ids: [], total: 0, capped: false };
  const keyword = filter.keyword?.trim();
  let found: Found;
  if (keyword) {
    const terms = queryTerms(keyword);
    // only words too common or too short to search ("the", "a"): nothing can match them
    if (terms.length === 0) return { ids: [], total: 0, capped: false };
    found = keywordSearch(db, terms, await rarest(db, terms), filter, column, sort);
  } else {
    found = browse(db, filter, column, sort);
  }
  const [rows, count] = await Promise.all([
    found.page(page.perPage, (page.pageNumber - 1) * page.perPage),
    cappedCount(db, found.matches),
  ]);
  return { ids: rows.map((r: { id: number }) => Number(r.id)), ...count };
}

/** The last code point: `prefix + END` is past every word that starts with `prefix`. */
const END = '\u{10FFFF}';

/**
 * The header's suggestions: listings whose title holds the finished words and a word starting with the
 * one being typed, newest first. The typed prefix stands for at most `limit` words (alphabetical), each
 * read newest first; their pages are merged.
 */
export async function suggestionIds(db: Knex, keyword: string, limit: number): Promise<number[]> {
  const { words, prefix } = suggestionTerms(keyword);
  let candidates: string[];
  let required: string[];
  if (prefix) {
    candidates = await db('search_terms')
      .where('term', '>=', prefix)
      .where('term', '<', prefix + END)
      .distinct('term')
      .orderBy('term')
      .limit(limit)
      .pluck('term');
    required = words;
  } else if (words.length) {
    candidates = [words[words.length - 1]];
    required = words.slice(0, -1);
  } else {
    return [];
  }
  const pages = await Promise.all(
    candidates.map((term) => {
      const query = db('search_terms as s').where({ 's.term': term, 's.in_title': true });
      for (const word of required) {
        query.whereExists(
          db('search_terms as o')
            .select(db.raw('1'))
            .whereRaw('o.product_id = s.product_id')
            .where({ 'o.term': word, 'o.in_title': true }),
        );
      }
      return query.orderBy('s.product_id', 'desc').limit(limit).pluck('s.product_id');
    }),
  );
  const merged = [...new Set(pages.flat().map(Number))].sort((a, b) => b - a);
  return merged.slice(0, limit);
}

/**
 * The titles of listed listings among `ids` that the viewer may see (no block between them and the seller), in the
 * order of `ids` (the index's listings, read again with their sellers).
 */
export async function listedTitles(
  db: Knex,
  viewerId: number | null,
  ids: number[],
): Promise<{ id: number; title: string }[]> {
  const rows: { id: number; title: string }[] = await whereNoBlockWith(
    whereListed(db('products as p').join('users as u', 'u.id', 'p.user_id').whereIn('p.id', ids)),
    db,
    viewerId,
    'p.id',
  ).select('p.id', 'p.title');
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
