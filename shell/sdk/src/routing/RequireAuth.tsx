import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { routes } from '@swapstuff/contracts';
import { useIsSignedIn } from '../store';

/** /login?callbackUrl=<path>: the one form, defined in contracts. */
export const loginUrl = routes.loginWithCallback;

/** Renders its children for a signed-in user; sends a visitor to log in and come back here. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useIsSignedIn();
  const location = useLocation();
  if (!signedIn) return <Navigate to={loginUrl(location.pathname + location.search)} replace />;
  return <>{children}</>;
}
