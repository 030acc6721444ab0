import { Component, Suspense, lazy, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { message } from 'antd';
import { bus, toast, type BusEvents } from '@swapstuff/sdk';
import { messages, type Address } from '@swapstuff/contracts';
import AntdRoot from './AntdRoot';
import {
  earlyAddressRequests,
  earlyLoginRequests,
  earlyReportRequests,
  earlyToasts,
  earlyUploadRequests,
} from './earlyEvents';
import { loadRemoteComponent } from './federation/registry';

// the popup's form is the larger part: fetched on the first request to sign in
const LoginModal = lazy(() => import('./features/auth/LoginModal').then((m) => ({ default: m.LoginModal })));

/**
 * Toasts from anywhere (bus 'toast') through antd's message, those sent before it loaded first. Its hook
 * and holder take the theme from AntdRoot's ConfigProvider (antd's App would too, but brings the modal's
 * and notification's code to every page for this one use).
 */
function Toasts() {
  const [toasts, holder] = message.useMessage();
  useEffect(() => {
    const show = ({ type, content }: BusEvents['toast']) => void toasts[type](content);
    const off = bus.on('toast', show);
    earlyToasts.takeAll().forEach(show);
    return off;
  }, [toasts]);
  return holder;
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

/** The bus events that open UI a remote owns, mounted by the shell over whatever page is showing. */
type RemoteUiEvent = 'upload:open' | 'address:open' | 'report:open';

interface RemoteUiProps<K extends RemoteUiEvent, P> {
  event: K;
  /** the requests sent before this mounted (earlyEvents.ts) */
  early: { takeAll(): BusEvents[K][] };
  /** `remote/module`, for the log */
  name: string;
  Component: ComponentType<P>;
  /** the component's props for a request; `close` unmounts it */
  propsFor: (request: BusEvents[K], close: () => void) => P;
}

/** A UI that cannot load or crashes closes with the generic toast; the page under it stays. */
class RemoteUiBoundary extends Component<
  { name: string; onError: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(`[federation] ${this.props.name} failed`, error);
    toast.error(messages.genericError);
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * One pattern for UI shared across remotes: the owning remote exposes it, any remote opens it with a bus
 * event, and this mounts it (fetched on the first request) until it closes. Each request mounts it afresh.
 */
function RemoteUi<K extends RemoteUiEvent, P extends object>({
  event,
  early,
  name,
  Component: Ui,
  propsFor,
}: RemoteUiProps<K, P>) {
  const [request, setRequest] = useState<{ payload: BusEvents[K]; key: number } | null>(null);
  useEffect(() => {
    let key = 0;
    const open = (payload: BusEvents[K]) => setRequest({ payload, key: ++key });
    const off = bus.on(event, open);
    early.takeAll().slice(-1).forEach(open);
    return off;
  }, [event, early]);
  if (!request) return null;
  const close = () => setRequest(null);
  return (
    <RemoteUiBoundary key={request.key} name={name} onError={close}>
      <Suspense fallback={null}>
        <Ui {...propsFor(request.payload, close)} />
      </Suspense>
    </RemoteUiBoundary>
  );
}

interface UploadSheetProps extends Readonly<BusEvents['upload:open']> {
  onClose: () => void;
}

// the catalog team owns the upload flow (spec section 2): the header's Upload Product, an Edit, a swap
const UploadSheet = lazy(() => loadRemoteComponent<UploadSheetProps>('mfe_catalog', 'UploadSheet'));

interface AddressModalProps {
  open: boolean;
  address?: Address;
  onClose: () => void;
  onSaved: (address: Address) => void;
}

// the account team owns addresses: the listing form's Add address opens their modal
const AddressModal = lazy(() => loadRemoteComponent<AddressModalProps>('mfe_account', 'AddressModal'));

interface ReportDialogProps extends Readonly<BusEvents['report:open']> {
  onClose: () => void;
}

// the catalog team owns reporting (its reasons, its rules): a conversation's Report user opens their dialog
const ReportDialog = lazy(() => loadRemoteComponent<ReportDialogProps>('mfe_catalog', 'ReportDialog'));

/** The site's antd overlays, loaded after the frame has painted. */
export default function Overlays() {
  return (
    <AntdRoot>
      <Toasts />
      <LoginPopup />
      <RemoteUi
        event="upload:open"
        early={earlyUploadRequests}
        name="mfe_catalog/UploadSheet"
        Component={UploadSheet}
        propsFor={(request, close) => ({ ...request, onClose: close })}
      />
      <RemoteUi
        event="address:open"
        early={earlyAddressRequests}
        name="mfe_account/AddressModal"
        Component={AddressModal}
        propsFor={({ address, onSaved }, close) => ({
          open: true,
          address,
          onClose: close,
          onSaved: (saved) => {
            close();
            onSaved?.(saved);
          },
        })}
      />
      <RemoteUi
        event="report:open"
        early={earlyReportRequests}
        name="mfe_catalog/ReportDialog"
        Component={ReportDialog}
        propsFor={(request, close) => ({ ...request, onClose: close })}
      />
    </AntdRoot>
  );
}
