/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { useSession } from '@swapstuff/sdk';
import { TestQueryProvider, testUser } from '@swapstuff/sdk/testing';
import { LikeButton } from './LikeButton';

const viewer = (id: number) => testUser({ id, username: `user${id}` });
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
