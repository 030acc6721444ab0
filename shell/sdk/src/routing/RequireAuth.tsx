import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { routes } from '@swapstuff/contracts';
import { useIsSignedIn } from '../store';

/**
 * /login?callbackUrl=<path>. The path keeps its slashes readable (/login?callbackUrl=/notification,
 * as the spec writes it); everything else that could break the query is encoded.
 */
export function loginUrl(callbackUrl: string): string {
  return `${routes.login}?callbackUrl=${encodeURIComponent(callbackUrl).replace(/%2F/gi, '/')}`;
}

/** Renders its children for a signed-in user; sends a visitor to log in and come back here. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useIsSignedIn();
  const location = useLocation();
  if (!signedIn) return <Navigate to={loginUrl(location.pathname + location.search)} replace />;
  return <>{children}</>;
}
