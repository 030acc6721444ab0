import { lazy, Suspense } from 'react';

// antd's Result and its illustrations load when a path is unknown, not with every page of every remote
const NotFoundResult = lazy(() => import('./NotFoundResult'));

/** A path inside a remote's subtree that the remote does not know (the shell shows the same for others). */
export function PageNotFound() {
  return (
    <Suspense fallback={<div style={{ minHeight: '60vh' }} aria-busy="true" />}>
      <NotFoundResult />
    </Suspense>
  );
}
