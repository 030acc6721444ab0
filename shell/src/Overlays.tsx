import { Suspense, lazy, useEffect, useState } from 'react';
import { App } from 'antd';
import { bus, type BusEvents } from '@swapstuff/sdk';
import AntdRoot from './AntdRoot';
import { earlyLoginRequests, earlyToasts } from './earlyEvents';

// the popup's form is the larger part: fetched on the first request to sign in
const LoginModal = lazy(() => import('./features/auth/LoginModal').then((m) => ({ default: m.LoginModal })));

/** Toasts from anywhere (bus 'toast') through antd's message, those sent before it loaded first. */
function Toasts() {
  const { message } = App.useApp();
  useEffect(() => {
    const show = ({ type, content }: BusEvents['toast']) => void message[type](content);
    const off = bus.on('toast', show);
    earlyToasts.takeAll().forEach(show);
    return off;
  }, [message]);
  return null;
}

/** Sends the request that mounted the popup again, once the popup (its earlier sibling) listens. */
function Replay({ request }: { request: BusEvents['login:open'] }) {
  useEffect(() => bus.emit('login:open', request), [request]);
  return null;
}

/**
 * The login popup (spec section 4), mounted on the first `login:open`: until then its code is not
 * loaded. The request that mounted it, or the last one kept before this loaded, opens it.
 */
function LoginPopup() {
  const [first, setFirst] = useState<BusEvents['login:open'] | null>(null);
  useEffect(() => {
    const off = bus.on('login:open', (request) => setFirst((was) => was ?? request));
    const kept = earlyLoginRequests.takeAll();
    if (kept.length > 0) setFirst(kept[kept.length - 1]);
    return off;
  }, []);
  if (!first) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal />
      <Replay request={first} />
    </Suspense>
  );
}

/** The site's antd overlays, loaded after the frame has painted. */
export default function Overlays() {
  return (
    <AntdRoot>
      <Toasts />
      <LoginPopup />
    </AntdRoot>
  );
}
