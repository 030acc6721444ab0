import { lazy } from 'react';
import { useLocation } from 'react-router-dom';
import { RequireAuth } from '@swapstuff/sdk';
import { ContentLoading } from '../layout/ContentLoading';
import { RemoteFallback } from './RemoteFallback';
import { RemoteOutlet } from './RemoteOutlet';
import { ensureRemotesRegistered, loadRemoteApp, useRouteTableState } from './registry';

// antd's Result: loaded with the content, never with the frame
const NotFoundPage = lazy(() => import('../features/pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

/** One loader per remote for the page's life: an outlet keeps its lazy component while its loader stays. */
const loaders = new Map<string, () => ReturnType<typeof loadRemoteApp>>();
function loaderFor(name: string) {
  let load = loaders.get(name);
  if (!load) {
    load = () => loadRemoteApp(name);
    loaders.set(name, load);
  }
  return load;
}

const readRegistryAgain = () =>
  void ensureRemotesRegistered().catch((error: unknown) => console.error('[federation] /mf/remotes.json', error));

/**
 * Every route the shell does not own: the owning remote's App in its outlet, or the 404 page. Who owns
 * the path and whether it needs login come from the remotes' declarations in the registry, so a visitor
 * is sent to log in even when the remote itself cannot be loaded.
 */
export function RemoteRoutes() {
  const { pathname } = useLocation();
  const { table, failed } = useRouteTableState();
  if (!table) return failed ? <RemoteFallback onRetry={readRegistryAgain} /> : <ContentLoading />;
  const owner = table.ownerOf(pathname);
  if (!owner) return <NotFoundPage />;
  // keyed by remote: moving within one remote keeps its outlet, moving to another mounts a new one
  const outlet = (
    <RemoteOutlet key={owner.remote} name={owner.remote} load={loaderFor(owner.remote)} resetKey={pathname} />
  );
  return owner.needsLogin ? <RequireAuth>{outlet}</RequireAuth> : outlet;
}
