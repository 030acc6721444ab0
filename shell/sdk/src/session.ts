import { endpoints, routes } from '@swapstuff/contracts';
import { api } from './api';
import { browser } from './browser';
import { useSession } from './store';

/** Expire every cookie the page can see (the gateway clears its HttpOnly session cookie itself). */
function clearReadableCookies() {
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0];
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/**
 * Everything the browser keeps about the user, gone (spec section 4, Logout): the store reset and
 * its persisted key removed, local and session storage, readable cookies, Cache Storage.
 */
export async function clearLocalSession(): Promise<void> {
  // reset first: the persist middleware writes the reset state, which the clearing below removes
  useSession.getState().reset();
  useSession.persist.clearStorage();
  localStorage.clear();
  sessionStorage.clear();
  clearReadableCookies();
  if (typeof caches !== 'undefined') {
    const keys = await caches.keys().catch(() => [] as string[]);
    await Promise.all(keys.map((key) => caches.delete(key)));
  }
}

/**
 * Spec section 4, Logout: tell the server (with the push token, '-' when there is none), clear
 * everything local, then land on /login with a full page load so no state of the old user survives.
 */
export async function logout(): Promise<void> {
  const { pushToken } = useSession.getState();
  try {
    await api.call(endpoints.logoutByPost, { token: pushToken || '-' });
  } catch {
    // the session ends in this browser whatever the server answered
  }
  await clearLocalSession();
  browser.assign(routes.login);
}

/**
 * Where a session that ended elsewhere sends the user: /login, with the page they were on to come back
 * to (spec section 4's callbackUrl); a login page keeps its own callbackUrl, and home needs none.
 */
export function loginAfterSessionEnd(here: string): string {
  if (here === routes.login || here.startsWith(`${routes.login}?`)) return here;
  if (here === routes.home) return routes.login;
  return routes.loginWithCallback(here);
}

/** The session ended elsewhere (401 "407", another tab): clear locally and go to /login, to come back. */
export async function endSessionLocally(): Promise<void> {
  // read before clearing: a guarded page redirects to its own /login?callbackUrl=… meanwhile
  const here = window.location.pathname + window.location.search;
  await clearLocalSession();
  browser.assign(loginAfterSessionEnd(here));
}
