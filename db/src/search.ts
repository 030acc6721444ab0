import type { Knex } from 'knex';
import { whereListed } from './visibility';

/**
 * The search index: one row per word of a listing that search can show (Active, seller neither blocked
 * nor deleted), clustered by word. A keyword search reads the rows of its rarest word in the order of
 * the page it shows (title matches first, newest first) and stops after the page: its cost follows the
 * page, not the number of matches. See docs/decisions.md, "Search at scale".
 *
 * Words are cut and folded here, in one place, for the listings (index) and for the keywords (query),
 * so both engines and every writer agree.
 */

/** Words too common to tell listings apart (English function words). */
const STOPWORDS = new Set(
  (
    'a about an and are as at be but by com de en for from has have how i in is it its la of on or our so that ' +
    'the their this to was were what when where which who will with you your und www'
  ).split(' '),
);
/** Shorter words are not indexed (single letters, "a", "x"); two letters are ("tv", "4k"). */
export const MIN_TERM_LENGTH = 2;
/** Longer words are cut to this (the column's width). */
export const MAX_TERM_LENGTH = 40;
/** A keyword of more words uses its first eight. */
export const MAX_QUERY_TERMS = 8;

/**
 * One word as the index keeps it: lower case, compatibility-normalised ("ﬁ" → "fi"), a plural's final s
 * dropped ("bikes" → "bike", not "glass"), cut to MAX_TERM_LENGTH.
 */
function fold(word: string): string {
  let w = word.normalize('NFKC').toLowerCase();
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  return w.slice(0, MAX_TERM_LENGTH);
}

/** The searchable words of a text, in order, repeats kept. */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= MIN_TERM_LENGTH && !STOPWORDS.has(w))
    .map(fold);
}

/** A keyword's distinct searchable words, at most MAX_QUERY_TERMS. */
export function queryTerms(keyword: string): string[] {
  return [...new Set(wordsOf(keyword))].slice(0, MAX_QUERY_TERMS);
}

/**
 * The header suggestions' reading of what is being typed: the finished words, and the last one as a
 * prefix (folded, but its plural s kept: "bikes" is still being typed toward "bikes…").
 */
export function suggestionTerms(keyword: string): { words: string[]; prefix: string | null } {
  const raw = keyword.normalize('NFKC').toLowerCase();
  const parts = raw.split(/[^\p{L}\p{N}]+/u);
  const typing = /[\p{L}\p{N}]$/u.test(raw) ? (parts.pop() ?? '') : '';
  const words = queryTerms(parts.join(' ')).slice(0, MAX_QUERY_TERMS - 1);
  const prefix = typing.length >= MIN_TERM_LENGTH ? typing.slice(0, MAX_TERM_LENGTH) : null;
  return { words, prefix };
}

/** What the index needs of a listing. */
export interface IndexedListing {
  id: number;
  title: string;
  description: string;
  /** what the owner would swap it for: searchable as the description is */
  swap_product: string | null;
  category_id: number;
  top_category_id: number;
  is_buyable: boolean | number;
  price_cents: number;
}

export type SearchTermRow = {
  term: string;
  product_id: number;
  /** the word is in the title (else only in the description or the swap wish): title matches rank first */
  in_title: boolean;
  top_category_id: number;
  category_id: number;
  is_buyable: boolean;
  price_cents: number;
};

/** The index rows of one listing: one per distinct word. */
export function searchRowsOf(listing: IndexedListing): SearchTermRow[] {
  const inTitle = new Map<string, boolean>();
  for (const word of wordsOf(listing.title)) inTitle.set(word, true);
  for (const word of wordsOf(`${listing.description} ${listing.swap_product ?? ''}`)) {
    if (!inTitle.has(word)) inTitle.set(word, false);
  }
  return [...inTitle].map(([term, title]) => ({
    term,
    product_id: listing.id,
    in_title: title,
    top_category_id: listing.top_category_id,
    category_id: listing.category_id,
    is_buyable: Boolean(listing.is_buyable),
    price_cents: listing.price_cents,
  }));
}

/** Rows per INSERT: knex writes a multi-row insert on SQLite as a compound SELECT, which stops at 500. */
const INSERT_CHUNK = 400;

export async function insertSearchRows(db: Knex, rows: SearchTermRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db('search_terms').insert(rows.slice(i, i + INSERT_CHUNK));
  }
}

/**
 * Brings the index in step with these listings' rows: their words are removed, then written again for
 * those search shows. Every write that changes what search shows calls it in the same transaction: a new
 * or edited listing, a status move, a seller blocked, unblocked or deleted.
 */
export async function reindexListings(db: Knex, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db('search_terms').whereIn('product_id', ids).delete();
  const listings: IndexedListing[] = await whereListed(
    db('products as p').join('users as u', 'u.id', 'p.user_id').whereIn('p.id', ids),
  ).select(
    'p.id',
    'p.title',
    'p.description',
    'p.swap_product',
    'p.category_id',
    'p.top_category_id',
    'p.is_buyable',
    'p.price_cents',
  );
  await insertSearchRows(db, listings.flatMap(searchRowsOf));
}

/** Every listing of a user: after the user is blocked, unblocked or deleted. */
export async function reindexUser(db: Knex, userId: number): Promise<void> {
  const ids: number[] = await db('products').where({ user_id: userId }).pluck('id');
  for (let i = 0; i < ids.length; i += 1000) await reindexListings(db, ids.slice(i, i + 1000));
}

/**
 * Builds the whole index again from the listings (after a change of how words are cut, or to repair it),
 * a thousand listings a transaction. `npm run db:reindex`.
 */
export async function rebuildSearchIndex(db: Knex, log: (line: string) => void = () => undefined): Promise<number> {
  await db('search_terms').delete();
  let last = 0;
  let done = 0;
  for (;;) {
    const ids: number[] = await db('products').where('id', '>', last).orderBy('id').limit(1000).pluck('id');
    if (ids.length === 0) break;
    await db.transaction((trx) => reindexListings(trx, ids));
    last = ids[ids.length - 1];
    done += ids.length;
    if (done % 100_000 === 0) log(`  ${done.toLocaleString('en-US')} listings`);
  }
  return done;
}
