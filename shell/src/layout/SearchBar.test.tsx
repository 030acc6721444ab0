/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import type { Category } from '@swapstuff/contracts';
import { SearchBar } from './SearchBar';

const categories: Category[] = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  name: `Category ${i + 1}`,
  image: '',
  parent_id: null,
}));
let requests: { url: string; body: unknown }[];

beforeEach(() => {
  requests = [];
  global.fetch = jest.fn(async (url: string, init: RequestInit) => {
    requests.push({ url, body: JSON.parse(String(init.body ?? 'null')) });
    const Content =
      url === '/api/home/category'
        ? { categories }
        : {
            products: [
              { id: 5, title: 'Red bike' },
              { id: 6, title: 'Red bike bell' },
            ],
          };
    return { ok: true, status: 200, json: async () => ({ Success: true, Description: '', Content }) };
  }) as unknown as typeof fetch;
});

let go: (path: string) => void;
function Navigator() {
  const navigate = useNavigate();
  go = (path) => navigate(path);
  return null;
}

async function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Navigator />
      <SearchBar />
      <Routes>
        <Route path="*" element={null} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('option', { name: 'Category 30' });
}

const box = () => screen.getByRole('combobox', { name: 'Search items' }) as HTMLInputElement;
const category = () => screen.getByRole('combobox', { name: 'Category' }) as HTMLSelectElement;
const suggestionRequests = () => requests.filter((r) => r.url === '/api/product/suggestions');

it('asks for the categories with the spec’s body, and lists every one the api serves', async () => {
  await renderAt('/');
  expect(requests.filter((r) => r.url === '/api/home/category')).toEqual([
    { url: '/api/home/category', body: { search: '', perPage: 30, pageNumber: 1 } },
  ]);
  expect(category().options).toHaveLength(31);
});

it('follows the search page it is on: its words and category, All Categories for one it does not list', async () => {
  await renderAt('/search/22/red%20bike');
  await waitFor(() => expect(box().value).toBe('red bike'));
  expect(category().value).toBe('22');
  act(() => go('/search/9999'));
  await waitFor(() => expect(category().value).toBe('all'));
  expect(box().value).toBe('');
  // reading the URL asks for no suggestions
  await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
  expect(suggestionRequests()).toEqual([]);
});

it('asks for suggestions for what is typed, and not again for the title of the one picked', async () => {
  await renderAt('/');
  fireEvent.change(box(), { target: { value: 'red' } });
  await screen.findByRole('option', { name: 'Red bike bell' }, { timeout: 3000 });
  expect(suggestionRequests()).toHaveLength(1);
  fireEvent.mouseDown(screen.getByRole('option', { name: 'Red bike bell' }));
  expect(box().value).toBe('Red bike bell');
  await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
  expect(suggestionRequests()).toHaveLength(1);
});
