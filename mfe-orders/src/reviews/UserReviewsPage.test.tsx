/** @jest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { messages, orderMessages, type Review, type UserRatings } from '@swapstuff/contracts';
import { bus, useSession } from '@swapstuff/sdk';
import { fakeFetch, ok, recordToasts, refused, TestQueryProvider, testUser } from '@swapstuff/sdk/testing';
import { UserReviewsPage } from './UserReviewsPage';

const { calls, answer } = fakeFetch();
const toasts = recordToasts();

const RATINGS = 'POST /api/user/ratings';

const review = (over: Partial<Review> = {}): Review => ({
  id: 31,
  rating: 4.5,
  comments: 'Quick to ship, well packed.',
  created_at: '2026-11-23T15:49:00.000Z',
  rated_by: { id: 7, first_name: 'Ada', last_name: 'Lovelace', avatar: null, is_business: 0 },
  as: 'buyer',
  helpful_count: 3,
  not_helpful_count: 1,
  voted_helpful: 0,
  voted_not_helpful: 0,
  already_reported: 0,
  ...over,
});

const ratings = (over: Partial<UserRatings> = {}): UserRatings => ({
  user: { id: 7, first_name: 'Ada', last_name: 'Lovelace', avatar: null, is_business: 0 },
  reviews: [review()],
  as_seller: { average: 4.5, count: 1 },
  as_buyer: { average: null, count: 0 },
  total: 1,
  pageNumber: 1,
  perPage: 10,
  ...over,
});

beforeEach(() => {
  useSession.getState().reset();
  // the viewer: Alan, id 8; the page is Grace's (id 9), reviewed by Ada (id 7)
  useSession.getState().signIn(testUser({ id: 8, first_name: 'Alan', last_name: 'Turing' }));
  answer(RATINGS, ok(ratings()));
});

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderAt(entry: string | { pathname: string; state: unknown }) {
  const user = userEvent.setup({ delay: null });
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route
          path="/user/:id/reviews"
          element={
            <>
              <UserReviewsPage />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );
  return user;
}

const bodies = (url: string) => calls.filter((c) => c.url === url).map((c) => JSON.parse(String(c.init?.body)));
const theCard = () => screen.getByRole('article', { name: 'Review by Ada L.' });
const helpful = () => within(theCard()).getByRole('button', { name: 'Helpful' });

it('shows a user’s reviews and reputation, to visitors too', async () => {
  useSession.getState().reset();
  renderAt('/user/9/reviews');
  expect(screen.getByRole('heading', { level: 1, name: 'Reviews' })).toBeTruthy();
  await screen.findByRole('article', { name: 'Review by Ada L.' });
  expect(screen.getByRole('region', { name: 'Reputation' }).textContent).toContain('As seller4.5');
  expect(bodies('/api/user/ratings')).toEqual([{ userId: 9, pageNumber: 1, perPage: 10 }]);
});

it('is titled with the name the order card’s link handed over', async () => {
  renderAt({ pathname: '/user/9/reviews', state: { name: 'Grace H.' } });
  expect(screen.getByRole('heading', { level: 1, name: 'Reviews of Grace H.' })).toBeTruthy();
  await screen.findByRole('article', { name: 'Review by Ada L.' });
});

it('a vote moves the counts at once; the api’s counts then stay', async () => {
  answer(
    'POST /api/review/vote',
    ok({ id: 31, helpful_count: 4, not_helpful_count: 1, voted_helpful: 1, voted_not_helpful: 0 }),
  );
  const user = renderAt('/user/9/reviews');
  await screen.findByRole('article', { name: 'Review by Ada L.' });
  await user.click(helpful());
  expect(helpful().textContent).toBe('Helpful (4)');
  expect(helpful().getAttribute('aria-pressed')).toBe('true');
  await waitFor(() => expect(bodies('/api/review/vote')).toEqual([{ rating_id: 31, vote_type: 'helpful' }]));
  await waitFor(() => expect(helpful().textContent).toBe('Helpful (4)'));
  expect(toasts).toEqual([]);
});

it('a refused vote puts the counts back and says "Vote failed"', async () => {
  answer('POST /api/review/vote', refused(503, messages.genericError));
  const user = renderAt('/user/9/reviews');
  await screen.findByRole('article', { name: 'Review by Ada L.' });
  await user.click(within(theCard()).getByRole('button', { name: 'Not helpful' }));
  // the spec's words (section 4)
  await waitFor(() => expect(toasts).toEqual(['error: Vote failed']));
  expect(within(theCard()).getByRole('button', { name: 'Not helpful' }).textContent).toBe('Not helpful (1)');
});

it('reports a review with a reason of 10 characters or more; it then offers no Report', async () => {
  answer('POST /api/review/report', ok({ id: 31, already_reported: 1 }, orderMessages.reviewReported));
  const user = renderAt('/user/9/reviews');
  await screen.findByRole('article', { name: 'Review by Ada L.' });
  await user.click(within(theCard()).getByRole('button', { name: 'More actions for the review by Ada L.' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog.querySelector('.ant-modal-title')?.textContent).toBe('Report Review');
  const reason = within(dialog).getByLabelText('Why are you reporting this review?');
  // pasted: antd's auto-sized text area is slow to type into in jsdom
  await user.click(reason);
  await user.paste('Rude');
  await user.click(within(dialog).getByRole('button', { name: 'Send' }));
  expect(await within(dialog).findByText(messages.reportMin)).toBeTruthy();
  expect(bodies('/api/review/report')).toEqual([]);
  await user.click(reason);
  await user.paste(' and not about the order');
  await user.click(within(dialog).getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(toasts).toEqual([`success: ${orderMessages.reviewReported}`]));
  expect(bodies('/api/review/report')).toEqual([{ rating_id: 31, reason: 'Rude and not about the order' }]);
  await waitFor(() => expect(within(theCard()).queryByRole('button', { name: /More actions/ })).toBeNull());
});

it('on the viewer’s own page: neither votes nor Report (the api refuses both)', async () => {
  renderAt('/user/8/reviews');
  expect(screen.getByRole('heading', { level: 1, name: 'Your Reviews' })).toBeTruthy();
  await screen.findByRole('article', { name: 'Review by Ada L.' });
  expect(within(theCard()).queryByRole('button')).toBeNull();
});

it('a visitor who votes is asked to log in, and nothing is sent', async () => {
  useSession.getState().reset();
  const logins: unknown[] = [];
  const off = bus.on('login:open', (payload) => logins.push(payload));
  const user = renderAt('/user/9/reviews');
  await screen.findByRole('article', { name: 'Review by Ada L.' });
  await user.click(helpful());
  expect(logins).toHaveLength(1);
  expect(helpful().textContent).toBe('Helpful (3)');
  expect(bodies('/api/review/vote')).toEqual([]);
  off();
});

it('pages through many reviews, the page in the address', async () => {
  answer(RATINGS, ok(ratings({ total: 25 })));
  const user = renderAt('/user/9/reviews');
  await screen.findByRole('article', { name: 'Review by Ada L.' });
  await user.click(screen.getByRole('listitem', { name: '2' }));
  await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/user/9/reviews?page=2'));
  await waitFor(() => expect(bodies('/api/user/ratings').at(-1)).toEqual({ userId: 9, pageNumber: 2, perPage: 10 }));
});

it('reviews that cannot be loaded say why; Retry asks again', async () => {
  answer(RATINGS, refused(503, messages.genericError), ok(ratings()));
  const user = renderAt('/user/9/reviews');
  expect(await screen.findByText('Reviews could not be loaded')).toBeTruthy();
  await user.click(screen.getByRole('button', { name: /Retry/ }));
  await screen.findByRole('article', { name: 'Review by Ada L.' });
});

it('a path that names no user is not found', async () => {
  renderAt('/user/abc/reviews');
  expect(await screen.findByText('Page not found')).toBeTruthy();
  expect(calls).toEqual([]);
});
