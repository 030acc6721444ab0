/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { readPageDeclarations, routes } from '@swapstuff/contracts';
import { useSession } from '@swapstuff/sdk';
import { fakeFetch, ok, TestQueryProvider, testUser } from '@swapstuff/sdk/testing';
import OrdersApp from './App';
import pages from './pages.json';

const { answer } = fakeFetch();

beforeEach(() => {
  useSession.getState().reset();
  answer('POST /api/buynow/orders', ok({ orders: [], total: 0, pageNumber: 1, perPage: 10 }));
  answer(
    'GET /api/payouts/balance',
    ok({ balance: { pending: '0.00', available: '0.00', on_the_way: '0.00', paid_out: '0.00' } }),
  );
  answer(
    'GET /api/payouts/account',
    ok({ payouts: { details_submitted: 1, payouts_enabled: 1, action_required: 0, remediation_link: null } }),
  );
  answer(
    'POST /api/user/ratings',
    ok({
      reviews: [],
      as_seller: { average: null, count: 0 },
      as_buyer: { average: null, count: 0 },
      total: 0,
      pageNumber: 1,
      perPage: 10,
    }),
  );
});

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="*" element={<OrdersApp />} />
        <Route path="/login" element={<Where />} />
      </Routes>
      <Where />
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );

it('declares its pages as the shell reads them: the reviews page at /user/:id/reviews, public, in no menu', () => {
  const { pages: read, problems } = readPageDeclarations(pages);
  expect(problems).toEqual([]);
  expect(read.userReviews).toEqual({ paths: ['/user/:id/reviews'] });
  expect(routes.userReviews(7)).toBe('/user/7/reviews');
});

it('shows a user’s reviews to a visitor', async () => {
  renderAt('/user/7/reviews');
  expect(await screen.findByRole('heading', { level: 1, name: 'Reviews' })).toBeTruthy();
});

it.each([
  ['/my-orders', 'My Orders'],
  ['/my-purchases', 'My Purchases'],
])('%s shows %s when signed in, and sends a visitor to log in', async (path, title) => {
  useSession.getState().signIn(testUser());
  const { unmount } = renderAt(path);
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  unmount();
  useSession.getState().reset();
  renderAt(path);
  expect(screen.getAllByTestId('where').map((w) => w.textContent)).toContain(routes.loginWithCallback(path));
});
