/** @jest-environment jsdom */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { Notification, NotificationPage as Page } from '@swapstuff/contracts';
import { useSession } from '@swapstuff/sdk';
import { deliverRealtime, fakeFetch, ok, refused, TestQueryProvider, testUser } from '@swapstuff/sdk/testing';
import { byDay, dayLabel, NotificationPage } from './NotificationPage';

const server = fakeFetch();
const NOW = new Date();
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();
const daysAgo = (d: number) => {
  const at = new Date(NOW);
  at.setDate(at.getDate() - d);
  at.setHours(12, 0, 0, 0);
  return at.toISOString();
};

const note = (id: number, extra: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'question.asked',
  title: `Notice ${id}`,
  text: `Text ${id}`,
  link: `/item-detail/${id}`,
  due_at: null,
  read: false,
  created_at: hoursAgo(0),
  ...extra,
});

const page = (notifications: Notification[], extra: Partial<Page> = {}) =>
  ok({ notifications, unread_count: notifications.filter((n) => !n.read).length, has_more: false, ...extra });

function Where() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname}</output>;
}

function show() {
  render(
    <MemoryRouter initialEntries={['/notification']}>
      <NotificationPage />
      <Where />
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );
}

const titles = (day: string) =>
  within(screen.getByRole('region', { name: day }))
    .getAllByRole('button')
    .map((b) => b.textContent);

beforeEach(() => {
  useSession.getState().reset();
  useSession.getState().signIn(testUser({ id: 1 }));
});

it('names days in the reader’s time: Today, Yesterday, then the date', () => {
  const now = new Date(2026, 10, 25, 9, 30);
  expect(dayLabel(new Date(2026, 10, 25, 0, 5), now)).toBe('Today');
  expect(dayLabel(new Date(2026, 10, 24, 23, 59), now)).toBe('Yesterday');
  expect(dayLabel(new Date(2026, 10, 20, 12), now)).toBe('Fri, Nov 20');
  const groups = byDay(
    [
      note(5, { read: true, created_at: new Date(2026, 10, 25, 9).toISOString() }),
      note(4, { created_at: new Date(2026, 10, 25, 8).toISOString() }),
      note(3, { created_at: new Date(2026, 10, 24, 8).toISOString() }),
    ],
    now,
  );
  expect(groups.map((g) => [g.day, g.items.map((n) => n.id)])).toEqual([
    ['Today', [4, 5]],
    ['Yesterday', [3]],
  ]);
});

it('lists them by day, unread first, with a deadline when there is one', async () => {
  server.answer(
    'GET /api/notification/list',
    page([
      note(9, { read: true, title: 'Read today' }),
      note(8, { title: 'Unread today', due_at: hoursAgo(-72) }),
      note(7, { title: 'Older', created_at: daysAgo(3), read: true }),
    ]),
  );
  show();
  await screen.findByRole('region', { name: 'Today' });
  expect(titles('Today')).toEqual([
    expect.stringContaining('Unread: Unread today'),
    expect.stringContaining('Read today'),
  ]);
  expect(screen.getByText(/Due by/)).toBeTruthy();
  expect(screen.getByText('1 unread')).toBeTruthy();
  expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
    'Today',
    expect.not.stringMatching(/Today|Yesterday/),
  ]);
});

it('opens one: it is read and the page goes where it leads', async () => {
  server.answer('GET /api/notification/list', page([note(8, { title: 'Ann asked about "Lamp"' })]));
  server.answer('GET /api/notification/read/8', ok({ unread_count: 0 }));
  show();
  await userEvent.click(await screen.findByRole('button', { name: /Ann asked about/ }));
  await waitFor(() => expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/item-detail/8'));
  await waitFor(() => expect(useSession.getState().notifications.unreadCount).toBe(0));
  expect(server.calls.some((c) => c.url === '/api/notification/read/8')).toBe(true);
});

it('marks all as read, and takes new ones and other tabs’ reads live', async () => {
  server.answer(
    'GET /api/notification/list',
    page([note(8), note(7)]),
    page([note(8, { read: true }), note(7, { read: true })]),
  );
  server.answer('GET /api/notification/read/all', ok({ unread_count: 0 }));
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
  await waitFor(() => expect(screen.getByText('All read')).toBeTruthy());
  expect(screen.getByRole('button', { name: 'Mark all as read' })).toHaveProperty('disabled', true);

  server.answer('GET /api/notification/list', page([note(10, { title: 'Fresh one' }), note(8, { read: true })]));
  act(() => deliverRealtime('notification:new', note(10)));
  await screen.findByText(/Fresh one/);
});

it('pages back with Show older', async () => {
  server.answer('GET /api/notification/list', page([note(40)], { has_more: true }));
  server.answer('GET /api/notification/list?before=40', page([note(39, { title: 'From before' })]));
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Show older' }));
  await screen.findByText(/From before/);
  expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
});

it('says when there is nothing yet, and offers Retry when the list cannot be read', async () => {
  server.answer('GET /api/notification/list', refused(503, 'Service unavailable'), page([]));
  show();
  await userEvent.click(await screen.findByRole('button', { name: /Retry/ }));
  await screen.findByRole('heading', { name: 'No notifications yet' });
});
