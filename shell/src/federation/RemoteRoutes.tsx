import { useLocation } from 'react-router-dom';
import { RequireAuth } from '@swapstuff/sdk';
import { NotFoundPage } from '../features/pages';
import { RemoteOutlet } from './RemoteOutlet';
import { loadRemoteApp, type RemoteName } from './registry';
import { needsLogin, remoteFor } from './remoteRoutes';

const loaders: Record<RemoteName, () => ReturnType<typeof loadRemoteApp>> = {
  mfe_catalog: () => loadRemoteApp('mfe_catalog'),
  mfe_swaps: () => loadRemoteApp('mfe_swaps'),
  mfe_orders: () => loadRemoteApp('mfe_orders'),
  mfe_account: () => loadRemoteApp('mfe_account'),
};

/** Every route the shell does not own: the owning remote's App in its outlet, or the 404 page. */
export function RemoteRoutes() {
  const { pathname } = useLocation();
  const name = remoteFor(pathname);
  if (!name) return <NotFoundPage />;
  // keyed by remote: moving within one remote keeps its outlet, moving to another mounts a new one
  const outlet = <RemoteOutlet key={name} name={name} load={loaders[name]} resetKey={pathname} />;
  return needsLogin(pathname) ? <RequireAuth>{outlet}</RequireAuth> : outlet;
}
