/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@swapstuff/sdk';
import { keyBytes, PushOptIn } from './PushOptIn';

/** A VAPID public key (65 bytes, base64url), as `web-push generate-vapid-keys` prints one. */
const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const SUBSCRIPTION = { endpoint: 'https://push.example/send/abc', keys: { p256dh: 'BP…', auth: 'k9…' } };

let permission: NotificationPermission;
let subscribed: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }[];
let registered: string[];
let summaries: Record<string, string>[];

beforeEach(() => {
  useSession.getState().reset();
  permission = 'default';
  subscribed = [];
  registered = [];
  summaries = [];
  const pushManager = {
    subscribe: async (options: (typeof subscribed)[number]) => {
      subscribed.push(options);
      return { toJSON: () => SUBSCRIPTION };
    },
  };
  Object.assign(window, {
    PushManager: function PushManager() {},
    Notification: {
      get permission() {
        return permission;
      },
      requestPermission: async () => permission,
    },
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: async (url: string) => {
        registered.push(url);
        return { pushManager };
      },
    },
  });
  global.fetch = jest.fn(async (_url: string, init: RequestInit) => {
    summaries.push(init.headers as Record<string, string>);
    return { ok: true, status: 200, json: async () => ({ Success: true, Description: '', Content: {} }) };
  }) as unknown as typeof fetch;
});

it('offers nothing without a push key (none configured)', () => {
  const { container } = render(<PushOptIn publicKey={null} />);
  expect(container.innerHTML).toBe('');
});

it('asks permission only on the user’s click, subscribes, and registers the subscription as the push token', async () => {
  render(<PushOptIn publicKey={KEY} />);
  expect(registered).toEqual([]);
  permission = 'granted';
  await userEvent.click(screen.getByRole('button', { name: 'Turn on notifications' }));
  await waitFor(() => expect(useSession.getState().pushToken).toBe(JSON.stringify(SUBSCRIPTION)));
  expect(registered).toEqual(['/sw.js']);
  expect(subscribed).toEqual([{ userVisibleOnly: true, applicationServerKey: keyBytes(KEY) }]);
  expect(keyBytes(KEY)).toHaveLength(65);
  expect(summaries).toEqual([expect.objectContaining({ isWeb: '1', fcmToken: JSON.stringify(SUBSCRIPTION) })]);
  expect(await screen.findByText('Notifications are on for this device.')).toBeTruthy();
});

it('says how to allow them when the user or the browser says no, and stores nothing', async () => {
  render(<PushOptIn publicKey={KEY} />);
  permission = 'denied';
  await userEvent.click(screen.getByRole('button', { name: 'Turn on notifications' }));
  expect((await screen.findByRole('status')).textContent).toBe(
    "Notifications are blocked for this site: allow them in the browser's site settings, then try again.",
  );
  expect(registered).toEqual([]);
  expect(useSession.getState().pushToken).toBeNull();
});
