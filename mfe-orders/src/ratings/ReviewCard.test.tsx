/** @jest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  applyVote,
  formatDate,
  type Review,
  type ReviewVotes,
  type UserRatings,
  type VoteType,
} from '@swapstuff/contracts';
import { recordToasts } from '@swapstuff/sdk/testing';
import { ReviewCard } from './ReviewCard';
import { ReviewList } from './ReviewList';

const toasts = recordToasts();

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

/** A promise the test settles: a vote's answer. */
function deferred() {
  let resolve!: (votes: ReviewVotes) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<ReviewVotes>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The api's side of the votes: it records each vote on its own copy and answers with the counts. */
function votingApi(start: ReviewVotes) {
  let votes = start;
  return jest.fn((_id: number, type: VoteType) => {
    votes = applyVote(votes, type);
    return Promise.resolve(votes);
  });
}

function renderCard(over: Partial<Review> = {}, viewerId: number | null = 8, onVote = jest.fn()) {
  const onReport = jest.fn();
  const user = userEvent.setup({ delay: null });
  render(<ReviewCard review={review(over)} viewerId={viewerId} onVote={onVote} onReport={onReport} />);
  const card = screen.getByRole('article', { name: 'Review by Ada L.' });
  const helpful = () => within(card).getByRole('button', { name: /^Helpful/ });
  const notHelpful = () => within(card).getByRole('button', { name: /^Not helpful/ });
  return { user, card, helpful, notHelpful, onVote, onReport };
}

describe('ReviewCard', () => {
  it('shows the stars, comment, date and reviewer', () => {
    const { card } = renderCard({
      as: 'seller',
      rated_by: { id: 7, first_name: 'Ada', last_name: 'Lovelace', avatar: null, is_business: 1 },
    });
    expect(within(card).getByRole('img', { name: '4.5 out of 5 stars' })).toBeTruthy();
    expect(within(card).getByText('Quick to ship, well packed.')).toBeTruthy();
    expect(card.textContent).toContain(formatDate('2026-11-23T15:49:00.000Z'));
    expect(within(card).getByText('Business')).toBeTruthy();
    expect(within(card).getByText('as seller')).toBeTruthy();
  });

  it('moves the counts at once and keeps them when the vote is taken', async () => {
    const answer = deferred();
    const { user, card, helpful, notHelpful, onVote } = renderCard(
      {},
      8,
      jest.fn(() => answer.promise),
    );
    await user.click(helpful());
    expect(onVote).toHaveBeenCalledWith(31, 'helpful');
    expect(within(card).getByRole('button', { name: 'Helpful', description: '4 votes' })).toBe(helpful());
    expect(helpful().getAttribute('aria-pressed')).toBe('true');
    answer.resolve({ helpful_count: 4, not_helpful_count: 1, voted_helpful: 1, voted_not_helpful: 0 });
    await waitFor(() => expect(helpful().textContent).toBe('Helpful (4)'));
    expect(notHelpful().textContent).toBe('Not helpful (1)');
    expect(toasts).toEqual([]);
  });

  it('puts the counts back and says "Vote failed" when the vote is refused', async () => {
    const onVote = jest.fn().mockRejectedValue(new Error('refused'));
    const { user, helpful, notHelpful } = renderCard({ voted_helpful: 1 }, 8, onVote);
    await user.click(notHelpful());
    // the spec's words (section 4: "Vote failed")
    await waitFor(() => expect(toasts).toEqual(['error: Vote failed']));
    expect(helpful().textContent).toBe('Helpful (3)');
    expect(helpful().getAttribute('aria-pressed')).toBe('true');
    expect(notHelpful().textContent).toBe('Not helpful (1)');
    expect(notHelpful().getAttribute('aria-pressed')).toBe('false');
  });

  it('moves a vote to the other side, and takes it back when pressed again', async () => {
    const onVote = votingApi(review());
    const { user, helpful, notHelpful } = renderCard({}, 8, onVote);
    await user.click(helpful());
    await user.click(notHelpful());
    await waitFor(() => expect(notHelpful().textContent).toBe('Not helpful (2)'));
    expect(helpful().textContent).toBe('Helpful (3)');
    await user.click(notHelpful());
    await waitFor(() => expect(notHelpful().textContent).toBe('Not helpful (1)'));
    expect(notHelpful().getAttribute('aria-pressed')).toBe('false');
    expect(onVote.mock.calls).toEqual([
      [31, 'helpful'],
      [31, 'not_helpful'],
      [31, 'not_helpful'],
    ]);
  });

  it('a second press while the first is on its way is sent after it, not lost', async () => {
    const first = deferred();
    const second = deferred();
    const onVote = jest.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const { user, helpful, notHelpful } = renderCard({}, 8, onVote);
    await user.click(helpful());
    await user.click(notHelpful());
    expect(notHelpful().textContent).toBe('Not helpful (2)');
    expect(notHelpful().getAttribute('aria-pressed')).toBe('true');
    expect(helpful().textContent).toBe('Helpful (3)');
    expect(onVote.mock.calls).toEqual([[31, 'helpful']]);
    first.resolve({ helpful_count: 4, not_helpful_count: 1, voted_helpful: 1, voted_not_helpful: 0 });
    await waitFor(() =>
      expect(onVote.mock.calls).toEqual([
        [31, 'helpful'],
        [31, 'not_helpful'],
      ]),
    );
    // the first answer does not undo the second press on the screen
    expect(notHelpful().textContent).toBe('Not helpful (2)');
    expect(helpful().textContent).toBe('Helpful (3)');
    second.resolve({ helpful_count: 3, not_helpful_count: 2, voted_helpful: 0, voted_not_helpful: 1 });
    await waitFor(() => expect(notHelpful().getAttribute('aria-pressed')).toBe('true'));
    expect(notHelpful().textContent).toBe('Not helpful (2)');
    expect(helpful().textContent).toBe('Helpful (3)');
    expect(toasts).toEqual([]);
  });

  it('a refused vote with another behind it: "Vote failed", and the one behind is still sent and shown', async () => {
    const first = deferred();
    const onVote = jest
      .fn()
      .mockReturnValueOnce(first.promise)
      .mockResolvedValueOnce({ helpful_count: 3, not_helpful_count: 2, voted_helpful: 0, voted_not_helpful: 1 });
    const { user, helpful, notHelpful } = renderCard({}, 8, onVote);
    await user.click(helpful());
    await user.click(notHelpful());
    first.reject(new Error('refused'));
    await waitFor(() => expect(toasts).toEqual(['error: Vote failed']));
    await waitFor(() =>
      expect(onVote.mock.calls).toEqual([
        [31, 'helpful'],
        [31, 'not_helpful'],
      ]),
    );
    await waitFor(() => expect(notHelpful().textContent).toBe('Not helpful (2)'));
    expect(notHelpful().getAttribute('aria-pressed')).toBe('true');
    expect(helpful().textContent).toBe('Helpful (3)');
    expect(helpful().getAttribute('aria-pressed')).toBe('false');
  });

  it('reports through the "…" menu, with the keyboard too', async () => {
    const { user, card, onReport } = renderCard();
    const more = within(card).getByRole('button', { name: 'More actions for the review by Ada L.' });
    more.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    expect(onReport).toHaveBeenCalledWith(expect.objectContaining({ id: 31 }));
  });

  it('offers no Report once the viewer reported it', () => {
    const { card } = renderCard({ already_reported: 1 });
    expect(within(card).queryByRole('button', { name: /More actions/ })).toBeNull();
    expect(within(card).getByRole('button', { name: /^Helpful/ })).toBeTruthy();
  });

  it('offers neither votes nor menu on the viewer’s own review, and shows the counts', () => {
    const { card } = renderCard({}, 7);
    expect(within(card).queryByRole('button')).toBeNull();
    expect(card.textContent).toContain('Helpful 3 · Not helpful 1');
  });

  it('offers neither votes nor menu on a review about the viewer (the api refuses both)', () => {
    render(
      <ReviewCard review={review({ id: 40 })} viewerId={8} subjectId={8} onVote={jest.fn()} onReport={jest.fn()} />,
    );
    const card = screen.getByRole('article', { name: 'Review by Ada L.' });
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('names its buttons exactly Helpful and Not helpful', () => {
    const { card } = renderCard();
    expect(within(card).getByRole('button', { name: 'Helpful', description: '3 votes' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Not helpful', description: '1 vote' })).toBeTruthy();
  });
});

const ratings = (over: Partial<UserRatings> = {}): UserRatings => ({
  user: { id: 7, first_name: 'Ada', last_name: 'Lovelace', avatar: null, is_business: 0 },
  reviews: [review(), review({ id: 32, as: 'seller', comments: 'Paid at once.', rating: 5 })],
  as_seller: { average: 4.75, count: 12 },
  as_buyer: { average: null, count: 0 },
  total: 2,
  pageNumber: 1,
  perPage: 20,
  ...over,
});

function renderList(props: Partial<Parameters<typeof ReviewList>[0]> = {}) {
  const handlers = { onRetry: jest.fn(), onVote: jest.fn(), onReport: jest.fn(), onPageChange: jest.fn() };
  const view = render(<ReviewList ratings={ratings()} viewerId={8} {...handlers} {...props} />);
  return { ...view, ...handlers, user: userEvent.setup({ delay: null }) };
}

describe('ReviewList', () => {
  it('shows the reputation as seller and as buyer apart, then the reviews', () => {
    renderList();
    const reputation = screen.getByRole('region', { name: 'Reputation' });
    expect(reputation.textContent).toContain('As seller4.8');
    expect(reputation.textContent).toContain('12 reviews');
    expect(reputation.textContent).toContain('As buyerNo reviews yet');
    const list = screen.getByRole('list', { name: 'Reviews' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
  });

  it('says when there are no reviews', () => {
    renderList({ ratings: ratings({ reviews: [], total: 0, as_seller: { average: null, count: 0 } }) });
    expect(screen.getByText('No Records Found')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Reviews' })).toBeNull();
  });

  it('shows that it loads, and an error with a Retry', async () => {
    const { rerender, user, onRetry, onVote, onReport } = renderList({ ratings: null });
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    rerender(
      <ReviewList
        ratings={null}
        error="Reviews are briefly unavailable"
        viewerId={8}
        {...{ onRetry, onVote, onReport }}
      />,
    );
    expect(screen.getByText('Reviews are briefly unavailable')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('pages through many reviews', async () => {
    const { user, onPageChange } = renderList({ ratings: ratings({ total: 45, perPage: 20 }) });
    await user.click(screen.getByRole('listitem', { name: '2' }));
    expect(onPageChange).toHaveBeenCalledWith(2, 20);
  });
});
