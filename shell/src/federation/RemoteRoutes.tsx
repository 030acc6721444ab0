import { lazy } from 'react';
import { useLocation } from 'react-router-dom';
import { RequireAuth } from '@swapstuff/sdk';
import { RemoteOutlet } from './RemoteOutlet';
import { REMOTE_NAMES, loadRemoteApp, takePreloadedApp, type RemoteName } from './registry';
import { needsLogin, remoteFor } from './remoteRoutes';

// antd's Result: loaded with the content, never with the frame
const NotFoundPage = lazy(() => import('../features/pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

/** The page's remote may have started loading at start (bootstrap.tsx); later loads are fresh. */
const loaders = Object.fromEntries(
  REMOTE_NAMES.map((name) => [name, () => takePreloadedApp(name) ?? loadRemoteApp(name)]),
) as Record<RemoteName, () => ReturnType<typeof loadRemoteApp>>;

/** Every route the shell does not own: the owning remote's App in its outlet, or the 404 page. */
export function RemoteRoutes() {
  const { pathname } = useLocation();
  const name = remoteFor(pathname);
  if (!name) return <NotFoundPage />;
  // keyed by remote: moving within one remote keeps its outlet, moving to another mounts a new one
  const outlet = <RemoteOutlet key={name} name={name} load={loaders[name]} resetKey={pathname} />;
  return needsLogin(pathname) ? <RequireAuth>{outlet}</RequireAuth> : outlet;
}
