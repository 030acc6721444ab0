/** @jest-environment jsdom */
import { act, render, waitFor } from '@testing-library/react';
import type { Address } from '@swapstuff/contracts';
import { testUser } from '@swapstuff/sdk/testing';
import { useSession } from '@swapstuff/sdk';
import { SessionKeeper, SUMMARY_EVERY_MS } from './SessionKeeper';

const user = testUser();

const address = (id: number, featured: 0 | 1): Address => ({
  id,
  street_1: `${id} Congress Ave`,
  street_2: null,
  formatted_street_1: `${id} Congress Ave, Austin, Texas 73301`,
  city: 'Austin',
  state: 'Texas',
  zip: '73301',
  country: 'United States',
  featured,
  lat: null,
  lng: null,
});

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
        Content:
          url === '/api/user/address'
            ? { address: [address(1, 1), address(2, 0)] }
            : { unread_count: unread, user: { ...user, first_name: 'Adah' } },
      }),
    };
  }) as unknown as typeof fetch;
});

const summaries = () => calls.filter((c) => c.url === '/api/user/notifications');

it('reads the summary at sign-in: the unread badge and the profile, as a web client with its push token', async () => {
  useSession.setState({ pushToken: 'web-push-1' });
  render(<SessionKeeper />);
  expect(calls).toEqual([]);
  act(() => useSession.getState().signIn(user));
  await waitFor(() => expect(useSession.getState().notifications.unreadCount).toBe(4));
  expect(summaries()).toEqual([
    {
      url: '/api/user/notifications',
      method: 'POST',
      headers: expect.objectContaining({ isWeb: '1', fcmToken: 'web-push-1' }),
    },
  ]);
  expect(useSession.getState().profile?.firstName).toBe('Adah');
  // and the default address, which the session store keeps (spec section 3)
  expect(useSession.getState().address).toEqual(address(1, 1));
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
    expect(summaries()).toHaveLength(1);
    now += SUMMARY_EVERY_MS;
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(useSession.getState().notifications.unreadCount).toBe(9));
    expect(summaries()).toHaveLength(2);
    expect(summaries()[1].headers).not.toHaveProperty('fcmToken');
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
