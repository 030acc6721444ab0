import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { routes, type Category, type HomeContent } from '@swapstuff/contracts';
import { api, useSession } from '@swapstuff/sdk';
import { ChevronDownIcon, SearchIcon } from './icons';
import styles from './SearchBar.module.css';

const ALL = 'all';

/** GET /api/home once per page: the header's category dropdown needs only the top level. */
let categoriesRequest: Promise<Category[]> | null = null;
function loadCategories(): Promise<Category[]> {
  categoriesRequest ??= api
    .get<HomeContent>('/api/home', { silent: true })
    .then((content) => content.categories)
    .catch(() => {
      categoriesRequest = null;
      return [];
    });
  return categoriesRequest;
}

/** Where a search goes (spec section 2 routes): /search, /search/{id}, /search/{id}/{kw}, /search/all/{kw}. */
export function searchPath(categoryId: string, keyword: string): string {
  const kw = keyword.trim();
  if (categoryId === ALL) return kw ? routes.searchAll(kw) : routes.search;
  return kw ? routes.searchCategoryKeyword(categoryId, kw) : routes.searchCategory(categoryId);
}

/**
 * Header search: a category dropdown (a native select: keyboard, screen readers and phones' pickers
 * for free) and the keyword. Enter or the search button goes to the spec's search route.
 */
export function SearchBar() {
  const navigate = useNavigate();
  const setSearchKeyword = useSession((s) => s.setSearchKeyword);
  const [categories, setCategories] = useState<Category[]>([]);
  const [categoryId, setCategoryId] = useState<string>(ALL);
  const [keyword, setKeyword] = useState('');

  useEffect(() => {
    let alive = true;
    loadCategories().then((list) => alive && setCategories(list));
    return () => {
      alive = false;
    };
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearchKeyword(keyword.trim());
    navigate(searchPath(categoryId, keyword));
  };

  return (
    <form role="search" className={styles.searchForm} onSubmit={submit}>
      <span className={styles.categoryWrap}>
        <select
          aria-label="Category"
          className={styles.category}
          value={categoryId}
          onChange={(event) => setCategoryId(event.target.value)}
        >
          <option value={ALL}>All Categories</option>
          {categories.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </select>
        <ChevronDownIcon className={styles.chevron} />
      </span>
      <input
        type="search"
        aria-label="Search items"
        placeholder="Search for items to buy or swap"
        className={styles.keyword}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        enterKeyHint="search"
      />
      <button type="submit" className={styles.submit} aria-label="Search">
        <SearchIcon />
      </button>
    </form>
  );
}
