/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { safetyMessages, type BlockedUser } from '@swapstuff/contracts';
import { fakeFetch, ok, recordToasts, TestQueryProvider } from '@swapstuff/sdk/testing';
import { BlockedUsersPage } from './BlockedUsersPage';

const server = fakeFetch();
const toasts = recordToasts();

const ada: BlockedUser = {
  id: 7,
  first_name: 'Ada',
  last_name: 'Lovelace',
  businessName: null,
  is_business: 0,
  avatar: null,
  blocked_at: '2026-11-20T10:00:00.000Z',
};
const acme: BlockedUser = {
  ...ada,
  id: 8,
  first_name: null,
  last_name: null,
  businessName: 'Acme Tools',
  is_business: 1,
};

function show() {
  render(
    <MemoryRouter>
      <BlockedUsersPage />
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );
}

describe('/blocked-users', () => {
  it('says so when nobody is blocked', async () => {
    server.answer('GET /api/blocked-users', ok({ users: [] }));
    show();
    expect(await screen.findByText('You have not blocked anyone')).toBeTruthy();
  });

  it('lists the blocked users by their public name, and Unblock takes one off', async () => {
    server.answer('GET /api/blocked-users', ok({ users: [ada, acme] }), ok({ users: [acme] }));
    server.answer('POST /api/user/unblock/7', ok({ userId: 7, blocked: false }, safetyMessages.unblocked));
    const user = userEvent.setup({ delay: null });
    show();
    expect((await screen.findByRole('link', { name: 'Ada L.' })).getAttribute('href')).toBe('/user/7');
    expect(screen.getByRole('link', { name: 'Acme Tools' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Unblock Ada L.' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Ada L.' })).toBeNull());
    expect(toasts).toContain(`success: ${safetyMessages.unblocked}`);
    expect(server.calls.map((c) => `${c.init?.method ?? 'GET'} ${c.url}`)).toContain('POST /api/user/unblock/7');
  });

  it('offers a retry when the list cannot be read', async () => {
    server.answer('GET /api/blocked-users', { fail: true });
    show();
    expect(await screen.findByText('The blocked users could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeTruthy();
  });
});
