import { useState } from 'react';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import BellOutlined from '@ant-design/icons/BellOutlined';
import { endpoints } from '@swapstuff/contracts';
import { api, useSession } from '@swapstuff/sdk';

/** The web push key (VAPID, public), set when mfe_account is built: without one, nothing is offered. */
export const WEB_PUSH_PUBLIC_KEY = process.env.WEB_PUSH_PUBLIC_KEY || null;
export const PUSH_WORKER = '/sw.js';

/** A VAPID key as the Push API takes it: base64url text → bytes. */
export function keyBytes(base64url: string): Uint8Array {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

const pushSupported = () =>
  typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;

type State = 'idle' | 'asking' | 'denied' | 'failed';

/**
 * "Get notified on this device": asks the browser's permission only when the user chooses to (never on
 * a page load), subscribes this browser to web push, and registers the subscription as the push token of
 * the session (the spec's fcmToken: sent with the summary, and with the logout that drops it).
 */
export function PushOptIn({ publicKey = WEB_PUSH_PUBLIC_KEY }: { publicKey?: string | null }) {
  const pushToken = useSession((s) => s.pushToken);
  const [state, setState] = useState<State>(() =>
    pushSupported() && Notification.permission === 'denied' ? 'denied' : 'idle',
  );
  if (!publicKey || !pushSupported()) return null;
  if (pushToken) return <Alert type="success" showIcon title="Notifications are on for this device." />;

  const turnOn = async () => {
    setState('asking');
    if ((await Notification.requestPermission()) !== 'granted') {
      setState('denied');
      return;
    }
    try {
      const registration = await navigator.serviceWorker.register(PUSH_WORKER);
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey) as BufferSource,
      });
      const token = JSON.stringify(subscription);
      await api.call(endpoints.notificationSummary, {}, { headers: { isWeb: '1', fcmToken: token } });
      useSession.getState().setPushToken(token);
      setState('idle');
    } catch {
      setState('failed');
    }
  };

  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Flex align="center" justify="space-between" gap={12} wrap>
        <Typography.Text>
          <BellOutlined aria-hidden /> Get notified on this device when something happens to your listings and swaps.
        </Typography.Text>
        <Button onClick={() => void turnOn()} loading={state === 'asking'} disabled={state === 'denied'}>
          Turn on notifications
        </Button>
      </Flex>
      {state === 'denied' && (
        <Typography.Paragraph type="secondary" role="status" style={{ margin: '8px 0 0' }}>
          Notifications are blocked for this site: allow them in the browser's site settings, then try again.
        </Typography.Paragraph>
      )}
      {state === 'failed' && (
        <Typography.Paragraph type="danger" role="alert" style={{ margin: '8px 0 0' }}>
          Notifications could not be turned on in this browser. Please try again later.
        </Typography.Paragraph>
      )}
    </Card>
  );
}
