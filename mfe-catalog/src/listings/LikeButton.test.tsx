/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import type { User } from '@swapstuff/contracts';
import { useSession } from '@swapstuff/sdk';
import { TestQueryProvider } from '@swapstuff/sdk/testing';
import { LikeButton } from './LikeButton';

const viewer = (id: number): User => ({
  id,
  customer_id: null,
  avatar: null,
  email: `user${id}@example.com`,
  first_name: 'Ada',
  last_name: 'Lovelace',
  username: `user${id}`,
  phone_no: null,
  is_business: 0,
  role: 'user',
});
const product = { id: 5, title: 'Road bike', likes_count: '0' as const, user: { id: 7 } };
const renderHeart = () =>
  render(
    <TestQueryProvider>
      <LikeButton product={product} />
    </TestQueryProvider>,
  );

beforeEach(() => useSession.getState().reset());

it('offers the heart to a visitor and to other users', () => {
  renderHeart();
  expect(screen.getByRole('button', { name: 'Like Road bike' })).toBeTruthy();
  useSession.getState().signIn(viewer(8));
  renderHeart();
  expect(screen.getAllByRole('button', { name: 'Like Road bike' })).toHaveLength(2);
});

it('offers no heart on the owner’s own listing', () => {
  useSession.getState().signIn(viewer(7));
  renderHeart();
  expect(screen.queryByRole('button', { name: 'Like Road bike' })).toBeNull();
});
