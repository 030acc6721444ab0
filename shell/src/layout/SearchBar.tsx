import { useEffect, useState } from 'react';
import { AutoComplete, Input, Select, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import { routes, type Category, type HomeContent } from '@swapstuff/contracts';
import { api, useSession } from '@swapstuff/sdk';
import styles from './Header.module.css';

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
 * Header search: a category dropdown and the keyword. The input is an AutoComplete so the spec's
 * suggestions (a later issue) only have to supply `options`; until then it offers none.
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

  const submit = (value: string) => {
    setSearchKeyword(value.trim());
    navigate(searchPath(categoryId, value));
  };

  return (
    <div role="search" className={styles.search}>
      <Space.Compact block>
        <Select
          aria-label="Category"
          className={styles.searchCategory}
          value={categoryId}
          onChange={setCategoryId}
          popupMatchSelectWidth={false}
          options={[
            { value: ALL, label: 'All Categories' },
            ...categories.map((c) => ({ value: String(c.id), label: c.name })),
          ]}
        />
        <AutoComplete className={styles.searchInput} options={[]} value={keyword} onChange={setKeyword}>
          <Input.Search
            aria-label="Search items"
            placeholder="Search for items to buy or swap"
            allowClear
            enterButton
            onSearch={submit}
          />
        </AutoComplete>
      </Space.Compact>
    </div>
  );
}
