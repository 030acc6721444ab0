import { Component, Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { App } from 'antd';
import { bus, toast, type BusEvents } from '@swapstuff/sdk';
import { messages } from '@swapstuff/contracts';
import AntdRoot from './AntdRoot';
import { earlyLoginRequests, earlyToasts, earlyUploadRequests } from './earlyEvents';
import { loadRemoteComponent } from './federation/registry';

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

type UploadRequest = BusEvents['upload:open'];
interface UploadSheetProps extends UploadRequest {
  onClose: () => void;
}

// mfe_catalog's upload sheet, fetched on the first request: the catalog team owns the flow, the shell
// only opens it over whatever page is showing
const UploadSheet = lazy(() => loadRemoteComponent<UploadSheetProps>('mfe_catalog', 'UploadSheet'));

/** A sheet that cannot load or crashes closes with the generic toast; the page under it stays. */
class UploadBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('[federation] mfe_catalog/UploadSheet failed', error);
    toast.error(messages.genericError);
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The upload sheet (spec section 2) on `upload:open`, from the header's Upload Product or an Edit. */
function UploadOverlay() {
  const [request, setRequest] = useState<(UploadRequest & { key: number }) | null>(null);
  useEffect(() => {
    let key = 0;
    const open = (next: UploadRequest) => setRequest({ ...next, key: ++key });
    const off = bus.on('upload:open', open);
    earlyUploadRequests.takeAll().slice(-1).forEach(open);
    return off;
  }, []);
  if (!request) return null;
  const close = () => setRequest(null);
  const { key, ...props } = request;
  return (
    <UploadBoundary key={key} onError={close}>
      <Suspense fallback={null}>
        <UploadSheet {...props} onClose={close} />
      </Suspense>
    </UploadBoundary>
  );
}

/** The site's antd overlays, loaded after the frame has painted. */
export default function Overlays() {
  return (
    <AntdRoot>
      <Toasts />
      <LoginPopup />
      <UploadOverlay />
    </AntdRoot>
  );
}
