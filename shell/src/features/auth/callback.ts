import { routes } from '@swapstuff/contracts';

// A base that can never be the real origin: anything that resolves elsewhere left the site.
const PROBE_ORIGIN = 'http://callback.invalid';

/**
 * Where to go after signing in. Only a same-site path is accepted: `//evil.example` and `/\evil.example`
 * are protocol-relative in browsers, and `javascript:`/absolute URLs must never become a redirect target
 * (an open redirect would let a phishing link borrow our login page). Anything else goes home.
 */
export function safeCallbackUrl(raw: string | null | undefined): string {
  if (typeof raw !== 'string' || !raw.startsWith('/')) return routes.home;
  if (raw.startsWith('//') || raw.startsWith('/\\')) return routes.home;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f\u007f]/.test(raw)) return routes.home;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return routes.home;
  }
  if (url.origin !== PROBE_ORIGIN) return routes.home;
  // Returning to the login page after a login would only show it again.
  if (url.pathname === routes.login) return routes.home;
  return `${url.pathname}${url.search}${url.hash}`;
}
