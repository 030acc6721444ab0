import {
  Component,
  Suspense,
  lazy,
  useCallback,
  useMemo,
  useState,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useFirstViewServer } from '../firstView';
import { ContentLoading } from '../layout/ContentLoading';
import { RemoteFallback, RemoteOutletContext } from './RemoteFallback';

type Loader = () => Promise<{ default: ComponentType }>;

interface BoundaryProps {
  name: string;
  onRetry: () => void;
  /** a change (the route) clears a caught error, so that leaving a broken page recovers */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  resetKey: string;
}

/** Layer 3 of 3: a remote that fails to load or throws while rendering is contained to its outlet. */
export class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[federation] ${this.props.name} failed`, error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <RemoteFallback onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}

/**
 * One lazy component per remote for the page's life, so moving between two routes of the same remote
 * does not suspend again; Retry replaces it with a fresh one.
 */
const lazyByName = new Map<string, LazyExoticComponent<ComponentType>>();

function lazyRemote(name: string, load: Loader): LazyExoticComponent<ComponentType> {
  let component = lazyByName.get(name);
  if (!component) {
    component = lazy(load);
    lazyByName.set(name, component);
  }
  return component;
}

export interface RemoteOutletProps {
  name: string;
  load: Loader;
  /** see RemoteErrorBoundary */
  resetKey?: string;
}

/** Where a remote's App renders: Suspense while it loads, its fallback with Retry when it fails. */
export function RemoteOutlet({ name, load, resetKey = '' }: RemoteOutletProps) {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    lazyByName.delete(name);
    setAttempt((n) => n + 1);
  }, [name]);
  // on the server, the remote's server build, rendered as it is (no lazy kept beyond the request)
  const serverApp = useFirstViewServer()?.remoteApp(name);
  // attempt is what makes Retry produce a new lazy component
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const App = useMemo(() => serverApp ?? lazyRemote(name, load), [serverApp, name, load, attempt]);
  const context = useMemo(() => ({ name, retry }), [name, retry]);

  return (
    // no height of its own: the main area it fills holds a screen's height (MainLayout.module.css), so
    // the loading bars, the remote's skeleton and its page take turns without moving the footer
    <div data-remote={name} style={{ width: '100%' }}>
      <RemoteOutletContext.Provider value={context}>
        <RemoteErrorBoundary key={attempt} name={name} onRetry={retry} resetKey={resetKey}>
          <Suspense fallback={<ContentLoading />}>
            <App />
          </Suspense>
        </RemoteErrorBoundary>
      </RemoteOutletContext.Provider>
    </div>
  );
}
