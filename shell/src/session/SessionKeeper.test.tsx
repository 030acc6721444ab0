/** @jest-environment jsdom */
import { act, render, waitFor } from '@testing-library/react';
import type { User } from '@swapstuff/contracts';
import { useSession } from '@swapstuff/sdk';
import { SessionKeeper, SUMMARY_EVERY_MS } from './SessionKeeper';

const user: User = {
  id: 7,
  customer_id: null,
  avatar: null,
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  username: 'ada',
  phone_no: null,
  is_business: 0,
  role: 'user',
};

let calls: { url: string; method: string; headers: Record<string, string> }[];
let unread: number;

beforeEach(() => {
  useSession.getState().reset();
  calls = [];
  unread = 4;
  global.fetch = jest.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET', headers: init.headers as Record<string, string> });
    return {
      ok: true,
      status: 200,
      json: async () => ({
        Success: true,
        Description: '',
        Content: { unread_count: unread, user: { ...user, first_name: 'Adah' } },
      }),
    };
  }) as unknown as typeof fetch;
});

it('reads the summary at sign-in: the unread badge and the profile, as a web client with its push token', async () => {
  useSession.setState({ pushToken: 'web-push-1' });
  render(<SessionKeeper />);
  expect(calls).toEqual([]);
  act(() => useSession.getState().signIn(user));
  await waitFor(() => expect(useSession.getState().notifications.unreadCount).toBe(4));
  expect(calls).toEqual([
    {
      url: '/api/user/notifications',
      method: 'POST',
      headers: expect.objectContaining({ isWeb: '1', fcmToken: 'web-push-1' }),
    },
  ]);
  expect(useSession.getState().profile?.firstName).toBe('Adah');
});

it('reads it again when the window gains focus, at most every 15 s', async () => {
  let now = 1_000_000;
  const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
  try {
    useSession.getState().signIn(user);
    render(<SessionKeeper />);
    await waitFor(() => expect(useSession.getState().notifications.unreadCount).toBe(4));

    unread = 9;
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(calls).toHaveLength(1);
    now += SUMMARY_EVERY_MS;
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(useSession.getState().notifications.unreadCount).toBe(9));
    expect(calls).toHaveLength(2);
    expect(calls[1].headers).not.toHaveProperty('fcmToken');
  } finally {
    clock.mockRestore();
  }
});

it('asks nothing for a visitor', async () => {
  render(<SessionKeeper />);
  act(() => void window.dispatchEvent(new Event('focus')));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(calls).toEqual([]);
});
