import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';
import { endpoints, routes, SUGGESTIONS, type Category, type Contents } from '@swapstuff/contracts';
import { api, useSession } from '@swapstuff/sdk';
import { ChevronDownIcon, SearchIcon } from './icons';
import styles from './SearchBar.module.css';

const ALL = 'all';

/**
 * The top-level categories once per page, for the dropdown: the category list call, not /api/home,
 * which also carries the home page's listings.
 */
let categoriesRequest: Promise<Category[]> | null = null;
function loadCategories(): Promise<Category[]> {
  categoriesRequest ??= api
    // spec section 7: the search bar's body is search, perPage 30 and pageNumber
    .call(endpoints.categories, { search: '', perPage: 30, pageNumber: 1 })
    .then((content) => content.categories)
    .catch(() => {
      categoriesRequest = null;
      return [];
    });
  return categoriesRequest;
}

type Suggestion = Contents['Suggestions']['products'][number];

/** Titles matching what is typed, asked once typing pauses (spec section 9: 500 ms, at most 10). */
function useSuggestions(keyword: string): Suggestion[] {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  useEffect(() => {
    const term = keyword.trim();
    if (!term) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .call(endpoints.suggestions, { keyword: term, limit: SUGGESTIONS.limit }, { signal: controller.signal })
        .then(({ products }) => setSuggestions(products))
        // suggestions are a help, not the search: a failure shows none
        .catch(() => setSuggestions([]));
    }, SUGGESTIONS.debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [keyword]);
  return suggestions;
}

/**
 * Header search: a category dropdown (a native select: keyboard, screen readers and phones' pickers
 * for free) and the keyword. Enter or the search button goes to the spec's search route.
 */
/** The category and keyword of a search route (/search/22/red), as the header shows them. */
function searchOf(pathname: string): { categoryId: string; keyword: string } | null {
  const match = matchPath('/search/:categoryId?/:keyword?', pathname);
  if (!match) return null;
  let keyword = match.params.keyword ?? '';
  try {
    keyword = decodeURIComponent(keyword);
  } catch {
    // a malformed escape: show it as it is
  }
  return { categoryId: match.params.categoryId ?? ALL, keyword };
}

export function SearchBar() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const setSearchKeyword = useSession((s) => s.setSearchKeyword);
  const [categories, setCategories] = useState<Category[]>([]);
  const [categoryId, setCategoryId] = useState<string>(ALL);
  // what the box shows, and what the user typed (only typing asks for suggestions: not a picked
  // suggestion's title, nor a keyword read from the URL)
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState('');
  const suggestions = useSuggestions(typed);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const showList = open && suggestions.length > 0;

  useEffect(() => {
    let alive = true;
    loadCategories().then((list) => alive && setCategories(list));
    return () => {
      alive = false;
    };
  }, []);

  // new suggestions start with none highlighted
  useEffect(() => setActive(-1), [suggestions]);

  // the box follows the search page it is on (a link, Back, a shared URL): its words and its category, or
  // All Categories for one the dropdown does not list
  const search = searchOf(pathname);
  const onSearchPage = search !== null;
  const urlKeyword = search?.keyword ?? '';
  const urlCategory = search && categories.some((c) => String(c.id) === search.categoryId) ? search.categoryId : ALL;
  useEffect(() => {
    if (!onSearchPage) return;
    setKeyword(urlKeyword);
    setTyped('');
    setCategoryId(urlCategory);
  }, [onSearchPage, urlKeyword, urlCategory]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOpen(false);
    setSearchKeyword(keyword.trim());
    navigate(routes.searchFor(categoryId, keyword));
  };

  const choose = (suggestion: Suggestion) => {
    setOpen(false);
    setKeyword(suggestion.title);
    setTyped('');
    navigate(routes.itemDetail(suggestion.id));
  };

  // the combobox keys of the WAI-ARIA pattern: arrows move, Enter picks, Escape closes
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      setOpen(false);
      return;
    }
    if (!showList) {
      if (event.key === 'ArrowDown' && suggestions.length > 0) setOpen(true);
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 (the typed text) and each suggestion, round and round
      const places = suggestions.length + 1;
      setActive((i) => ((((i + 1 + step) % places) + places) % places) - 1);
    } else if (event.key === 'Enter' && active >= 0 && active < suggestions.length) {
      event.preventDefault();
      choose(suggestions[active]);
    }
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
        role="combobox"
        aria-label="Search items"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder="Search for items to buy or swap"
        className={styles.keyword}
        value={keyword}
        onChange={(event) => {
          setKeyword(event.target.value);
          setTyped(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        enterKeyHint="search"
        autoComplete="off"
      />
      <ul id={listId} role="listbox" aria-label="Suggestions" className={styles.suggestions} hidden={!showList}>
        {suggestions.map((suggestion, i) => (
          <li
            key={suggestion.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={styles.suggestion}
            // mousedown, not click: the input keeps focus and its blur does not close the list first
            onMouseDown={(event) => {
              event.preventDefault();
              choose(suggestion);
            }}
          >
            {suggestion.title}
          </li>
        ))}
      </ul>
      <button type="submit" className={styles.submit} aria-label="Search">
        <SearchIcon />
      </button>
    </form>
  );
}
