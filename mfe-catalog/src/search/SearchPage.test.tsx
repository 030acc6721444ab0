/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Category } from '@swapstuff/contracts';
import { TestQueryProvider } from '@swapstuff/sdk/testing';
import { SearchPage } from './SearchPage';

const categories: Category[] = [
  { id: 1, name: 'Electronics', image: '', parent_id: null },
  { id: 11, name: 'Phones', image: '', parent_id: 1 },
];
let searched: unknown[];

beforeEach(() => {
  searched = [];
  global.fetch = jest.fn(async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body ?? '{}'));
    if (url === '/api/webgetproducts') searched.push(body);
    const Content =
      url === '/api/home/category' ? { categories } : { products: [], total: 0, pageNumber: 1, perPage: 24 };
    return { ok: true, status: 200, json: async () => ({ Success: true, Description: '', Content }) };
  }) as unknown as typeof fetch;
});

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/search/:categoryId/:keyword?" element={<SearchPage />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );
}

const filter = () => screen.getByRole('combobox', { name: 'Filter by category' }).closest('.ant-select')!;

it('names the path’s category in the filter and the title', async () => {
  renderAt('/search/11/case');
  await waitFor(() => expect(filter().textContent).toContain('Phones'));
  expect(screen.getByRole('heading', { name: 'Results for “case” in Phones' })).toBeTruthy();
});

it('reads a category the list does not have as all of them, never as a raw id', async () => {
  renderAt('/search/9999');
  await waitFor(() => expect(filter().textContent).toContain('All Categories'));
  expect(filter().textContent).not.toContain('9999');
  expect(screen.getByRole('heading', { name: 'All Listings' })).toBeTruthy();
  await waitFor(() => expect(searched).toContainEqual(expect.not.objectContaining({ categoryId: 9999 })));
});
