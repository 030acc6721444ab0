import { ListingStatus } from '@swapstuff/contracts';
import { isSqlite, type Knex } from '@swapstuff/db';
import { escapeLike } from '../products/service';

/**
 * InnoDB's default full-text stopwords. MySQL never matches them and never indexes words under 3
 * characters, so the same words are dropped before either engine sees them: MariaDB and the embedded
 * database then answer a query with the same listings.
 */
const STOPWORDS = new Set(
  'a about an are as at be by com de en for from how i in is it la of on or that the this to was what when where who will with und www'.split(
    ' ',
  ),
);
const MIN_TERM = 3;
const MAX_TERMS = 8;

/** The words of a keyword that both full-text indexes can match, lower-cased, at most eight. */
export function searchTerms(keyword: string): string[] {
  const words = keyword.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  return [...new Set(words.filter((w) => w.length >= MIN_TERM && !STOPWORDS.has(w)))].slice(0, MAX_TERMS);
}

export type SearchSort = 'relevance' | 'newest' | 'price_asc' | 'price_desc';
export type SearchType = 'all' | 'buy' | 'swap';

export interface SearchFilter {
  keyword?: string | null;
  categoryId?: number | null;
  type: SearchType;
}

/**
 * Narrows a listing query (aliased p) to what a search shows: Active listings only, matching every
 * keyword term as a word prefix (title or description), in the category or one of its children, buyable
 * or swap-only. Returns the relevance expression when there is a keyword. Keywords with no indexable
 * word (all under 3 letters: "tv") fall back to a title substring match.
 */
export function applySearch(db: Knex, query: Knex.QueryBuilder, filter: SearchFilter): Knex.Raw | null {
  query.where('p.status', ListingStatus.Active);
  if (filter.categoryId) {
    const id = filter.categoryId;
    query.whereIn('p.category_id', db('categories').where('id', id).orWhere('parent_id', id).select('id'));
  }
  if (filter.type === 'buy') query.where('p.is_buyable', true);
  if (filter.type === 'swap') query.where('p.is_buyable', false);

  const keyword = filter.keyword?.trim();
  if (!keyword) return null;
  const terms = searchTerms(keyword);
  if (terms.length === 0) {
    query.whereRaw('lower(p.title) like ?', [`%${escapeLike(keyword.toLowerCase())}%`]);
    return null;
  }
  if (isSqlite(db)) {
    const match = terms.map((t) => `"${t.replace(/"/g, '""')}"*`).join(' ');
    query.join('products_fts', 'products_fts.rowid', 'p.id').whereRaw('products_fts match ?', [match]);
    // bm25 is lower for better matches
    return db.raw('bm25(products_fts)');
  }
  const against = terms.map((t) => `+${t}*`).join(' ');
  query.whereRaw('match(p.title, p.description) against (? in boolean mode)', [against]);
  return db.raw('-match(p.title, p.description) against (? in boolean mode)', [against]);
}

/** Ordering; ties go to the newest, then the highest id, so pages never overlap. */
export function orderSearch(query: Knex.QueryBuilder, sort: SearchSort, relevance: Knex.Raw | null): void {
  if (sort === 'price_asc') query.orderBy('p.price_cents', 'asc');
  else if (sort === 'price_desc') query.orderBy('p.price_cents', 'desc');
  else if (sort === 'relevance' && relevance) query.orderByRaw(relevance.toSQL().sql, relevance.toSQL().bindings);
  query.orderBy([
    { column: 'p.created_at', order: 'desc' },
    { column: 'p.id', order: 'desc' },
  ]);
}
