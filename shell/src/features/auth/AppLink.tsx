import type { ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router-dom';

interface AppLinkProps {
  to: string;
  children: ReactNode;
  className?: string;
  onClick?: () => void;
  'aria-label'?: string;
}

/**
 * A link that works whether or not it is rendered inside the router: the login popup is mounted by the
 * shell once, and a plain anchor (a full page load) is the safe fallback outside a router.
 */
export function AppLink({ to, ...props }: AppLinkProps) {
  const inRouter = useInRouterContext();
  return inRouter ? <Link to={to} {...props} /> : <a href={to} {...props} />;
}
