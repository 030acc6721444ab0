import { Segmented, Select } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { formatCount, routes, type Category } from '@swapstuff/contracts';
import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';
import { useAllCategories } from '../categories/api';
import { LayoutToggle, ListingResults } from '../listings/ListingResults';
import { useSearch } from './api';
import styles from './SearchPage.module.css';

const PER_PAGE = 30;

const SORTS = [
  { value: 'relevance', label: 'Best match' },
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
] as const;
type Sort = (typeof SORTS)[number]['value'];

const TYPES = [
  { value: 'all', label: 'All' },
  { value: 'buy', label: 'Buy' },
  { value: 'swap', label: 'Swap' },
] as const;
type ListingType = (typeof TYPES)[number]['value'];

const oneOf = <T extends string>(value: string | null, allowed: readonly { value: T }[], fallback: T): T =>
  allowed.some((o) => o.value === value) ? (value as T) : fallback;

/** The category select: top-level categories with their children under them. */
function categoryOptions(categories: Category[]) {
  const tops = categories.filter((c) => c.parent_id === null);
  return [
    { value: 'all', label: 'All Categories' },
    ...tops.map((top) => ({
      label: top.name,
      title: top.name,
      options: [
        { value: String(top.id), label: `All of ${top.name}` },
        ...categories.filter((c) => c.parent_id === top.id).map((c) => ({ value: String(c.id), label: c.name })),
      ],
    })),
  ];
}

/**
 * Spec section 2: /search, /search/{categoryId}, /search/{categoryId}/{keyword} and /search/all/{keyword}.
 * Category and keyword live in the path (shareable links); sort, buy/swap and page in the query string.
 */
export function SearchPage() {
  const navigate = useNavigate();
  const { categoryId: rawCategory = 'all', keyword = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const pathCategory = /^\d+$/.test(rawCategory) ? rawCategory : 'all';
  const sort = oneOf<Sort>(params.get('sort'), SORTS, keyword ? 'relevance' : 'newest');
  const type = oneOf<ListingType>(params.get('type'), TYPES, 'all');
  const pageNumber = Math.max(1, Number(params.get('page')) || 1);
  const categories = useAllCategories();
  const all = categories.data ?? [];
  const category = all.find((c) => String(c.id) === pathCategory);
  // a category the list does not have (/search/9999, an old link) reads as all of them, filter included
  const categoryId = category || categories.isPending ? pathCategory : 'all';

  const results = useSearch({
    keyword: keyword || undefined,
    categoryId: categoryId === 'all' ? undefined : Number(categoryId),
    sort,
    type,
    pageNumber,
    perPage: PER_PAGE,
  });

  /** Changes the query string; any change but the page goes back to page 1. */
  const setQuery = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
    if ('page' in changes) window.scrollTo({ top: 0 });
  };

  const title = keyword
    ? `Results for “${keyword}”${category ? ` in ${category.name}` : ''}`
    : (category?.name ?? 'All Listings');
  const total = results.data?.total ?? null;
  // the api counts up to 1,000 matches ("1,000+"): a count of a common word would read them all
  const more = results.data?.totalCapped ? '+' : '';

  return (
    <PageFrame title={title} extra={<LayoutToggle />}>
      <div className={styles.filters} role="group" aria-label="Filters">
        <Select
          aria-label="Filter by category"
          className={styles.category}
          // no raw id while the names load
          value={categories.isPending ? undefined : categoryId}
          placeholder="All Categories"
          loading={categories.isPending}
          options={categoryOptions(all)}
          onChange={(value: string) => {
            // a new category starts at its first page, with the same sort and buy/swap choice
            const keep = new URLSearchParams(params);
            keep.delete('page');
            const query = keep.toString();
            navigate(routes.searchFor(value, keyword) + (query ? `?${query}` : ''));
          }}
          showSearch={{ optionFilterProp: 'label' }}
        />
        <Segmented<ListingType>
          aria-label="Buy or swap"
          value={type}
          options={TYPES.map((t) => ({ value: t.value, label: t.label }))}
          onChange={(value) => setQuery({ type: value === 'all' ? null : value })}
        />
        <Select<Sort>
          aria-label="Sort by"
          className={styles.sort}
          value={sort}
          options={SORTS.filter((s) => keyword || s.value !== 'relevance').map((s) => ({
            value: s.value,
            label: s.label,
          }))}
          onChange={(value) => setQuery({ sort: value })}
        />
        {total !== null && (
          <span className={styles.count} aria-live="polite">
            {formatCount(total)}
            {more} {total === 1 && !more ? 'result' : 'results'}
          </span>
        )}
      </div>
      <ListingResults
        query={results}
        onPageChange={(page) => setQuery({ page: page === 1 ? null : String(page) })}
        empty={
          <EmptyState description={keyword ? 'Try other words, or fewer filters.' : 'Nothing is listed here yet.'} />
        }
      />
    </PageFrame>
  );
}
