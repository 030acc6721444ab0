/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { useSession } from '@swapstuff/sdk';
import { fakeFetch, ok, recordToasts, refused, TestQueryProvider, testUser } from '@swapstuff/sdk/testing';
import { NotificationSettingsPage } from './NotificationSettingsPage';

const server = fakeFetch();
const toasts = recordToasts();
const settings = (email: Record<string, boolean>) => ok({ email });
const ALL_ON = { offers: true, orders: true, disputes: true };

function show() {
  render(
    <MemoryRouter>
      <NotificationSettingsPage />
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );
}

const saved = () =>
  server.calls
    .filter((c) => c.url === '/api/notification/settings' && c.init?.method === 'POST')
    .map((c) => JSON.parse(String(c.init?.body)));

beforeEach(() => {
  useSession.getState().reset();
  useSession.getState().signIn(testUser({ id: 1 }));
});

it('shows a switch per topic as saved, and saves one as it is turned', async () => {
  server.answer('GET /api/notification/settings', settings(ALL_ON), settings({ ...ALL_ON, offers: false }));
  server.answer('POST /api/notification/settings', settings({ ...ALL_ON, offers: false }));
  show();
  const offers = await screen.findByRole('switch', { name: 'Swap offers' });
  expect(offers.getAttribute('aria-checked')).toBe('true');
  expect(screen.getByRole('switch', { name: 'Sales' }).getAttribute('aria-checked')).toBe('true');
  expect(screen.getByRole('switch', { name: 'Disputes' }).getAttribute('aria-checked')).toBe('true');

  await userEvent.click(offers);
  await waitFor(() => expect(saved()).toEqual([{ email: { offers: false } }]));
  await waitFor(() => expect(offers.getAttribute('aria-checked')).toBe('false'));
  expect(toasts).toContain('success: E-mails for Swap offers are off');
});

it('says when a change was refused, and keeps the switch as it was', async () => {
  server.answer('GET /api/notification/settings', settings(ALL_ON));
  server.answer('POST /api/notification/settings', refused(503, 'Service unavailable'));
  show();
  const sales = await screen.findByRole('switch', { name: 'Sales' });
  await userEvent.click(sales);
  await waitFor(() => expect(toasts).toContain('error: Service unavailable'));
  expect(sales.getAttribute('aria-checked')).toBe('true');
});

it('offers Retry when the settings cannot be read', async () => {
  server.answer('GET /api/notification/settings', refused(503, 'Service unavailable'), settings(ALL_ON));
  show();
  await userEvent.click(await screen.findByRole('button', { name: /Retry/ }));
  await screen.findByRole('switch', { name: 'Disputes' });
});
