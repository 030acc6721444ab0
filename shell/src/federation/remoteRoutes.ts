import type { RemoteName } from './registry';

/**
 * Which remote owns a browser route, by its first path segment (spec section 2; ARCHITECTURE.md §3).
 * Each remote's App renders RELATIVE routes under "/", so it sees the same paths as the browser.
 */
const OWNER: Record<string, RemoteName> = {
  '': 'mfe_catalog',
  home: 'mfe_catalog',
  search: 'mfe_catalog',
  'item-detail': 'mfe_catalog',
  'my-listings': 'mfe_catalog',
  'my-likes': 'mfe_catalog',
  swapstuff: 'mfe_swaps',
  'swap-requests': 'mfe_swaps',
  'my-orders': 'mfe_orders',
  'my-purchases': 'mfe_orders',
  'my-profile': 'mfe_account',
  'payment-methods': 'mfe_account',
  address: 'mfe_account',
  feedback: 'mfe_account',
  'delete-account': 'mfe_account',
  'change-password': 'mfe_account',
  chat: 'mfe_account',
  notification: 'mfe_account',
};

/**
 * Routes a visitor may not open: the shell sends them to /login?callbackUrl=… itself, so the
 * redirect works even when the remote is down. (The remotes guard them too, for their standalone page.)
 */
const NEEDS_LOGIN = new Set([
  'my-listings',
  'my-likes',
  'swapstuff',
  'swap-requests',
  'my-orders',
  'my-purchases',
  'my-profile',
  'payment-methods',
  'address',
  'feedback',
  'delete-account',
  'change-password',
  'chat',
  'notification',
]);

function firstSegment(pathname: string): string {
  return pathname.split('/')[1] ?? '';
}

export function remoteFor(pathname: string): RemoteName | null {
  const segment = firstSegment(pathname);
  return Object.hasOwn(OWNER, segment) ? OWNER[segment] : null;
}

export function needsLogin(pathname: string): boolean {
  return NEEDS_LOGIN.has(firstSegment(pathname));
}
