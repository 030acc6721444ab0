/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { messages, type Category } from '@swapstuff/contracts';
import { recordToasts, TestQueryProvider } from '@swapstuff/sdk/testing';
import { MyCategoriesPage } from './MyCategoriesPage';

const top: Category[] = [
  { id: 1, name: 'Electronics', image: '', parent_id: null },
  { id: 2, name: 'Fashion', image: '', parent_id: null },
  { id: 3, name: 'Books & Media', image: '', parent_id: null },
];
const toasts = recordToasts();
let saved: unknown[];

beforeEach(() => {
  saved = [];
  global.fetch = jest.fn(async (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(String(init.body)) : null;
    if (url === '/api/user/savecategories') saved.push(body);
    const Content =
      url === '/api/categories/user'
        ? { categories: [top[1]] }
        : url === '/api/user/savecategories'
          ? { categories: top.filter((c) => body.categoryIds.includes(c.id)) }
          : { categories: top };
    return { ok: true, status: 200, json: async () => ({ Success: true, Description: '', Content }) };
  }) as unknown as typeof fetch;
});

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/my-categories" element={<MyCategoriesPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );
  return userEvent.setup({ delay: null });
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

it('starts from the user’s picks and saves the whole list', async () => {
  const user = renderAt('/my-categories');
  await waitFor(() => expect(box('Fashion').checked).toBe(true));
  expect(box('Electronics').checked).toBe(false);
  expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
  await user.click(box('Electronics'));
  await user.click(box('Fashion'));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(saved).toEqual([{ categoryIds: [1] }]));
  expect(toasts).toEqual([`success: ${messages.likedCategoriesSaved}`]);
  expect(screen.getByRole('heading', { name: 'My Categories' })).toBeTruthy();
});

it('after sign-up it welcomes the user, and Save or Skip goes home', async () => {
  const user = renderAt('/my-categories?welcome=1');
  expect(await screen.findByRole('heading', { name: 'Welcome! What are you into?' })).toBeTruthy();
  await user.click(await screen.findByRole('checkbox', { name: 'Books & Media' }));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.getByRole('status', { name: 'path' }).textContent).toBe('/'));
  expect(saved).toEqual([{ categoryIds: [2, 3] }]);
});

it('Skip goes home and saves nothing', async () => {
  const user = renderAt('/my-categories?welcome=1');
  await user.click(await screen.findByRole('button', { name: 'Skip' }));
  expect(screen.getByRole('status', { name: 'path' }).textContent).toBe('/');
  expect(saved).toEqual([]);
});
