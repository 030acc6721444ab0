import { useEffect } from 'react';
import { endpoints } from '@swapstuff/contracts';
import { ApiError, api, bus, endSessionLocally, useSession } from '@swapstuff/sdk';

/** A window that gains focus again often (switching tabs): the summary is read again at most this often. */
export const SUMMARY_EVERY_MS = 15_000;

/**
 * The spec's notifications summary (POST /api/user/notifications, header isWeb, and fcmToken once the
 * browser has one): it confirms the session, refreshes the profile and feeds the header's unread badge;
 * and the default address, which the session store keeps.
 */
async function readSummary(): Promise<void> {
  const { pushToken, setProfile, setUnreadCounts, setAddressBook } = useSession.getState();
  const headers: Record<string, string> = { isWeb: '1', ...(pushToken ? { fcmToken: pushToken } : {}) };
  try {
    const [{ user, unread_count }, book] = await Promise.all([
      api.call(endpoints.notificationSummary, {}, { headers }),
      // the store's default address (spec section 3); the address book's own changes update it too
      api.call(endpoints.addresses),
    ]);
    setProfile(user);
    setUnreadCounts({ notifications: unread_count });
    setAddressBook(book);
  } catch (error) {
    // a profile the server no longer knows: the session ended (its "407" may have gone to a page load the
    // user left, which took the session cookie with it). Anything else (offline, 503) waits for next time.
    if (error instanceof ApiError && error.status === 401) await endSessionLocally();
  }
}

/**
 * The session's life in the browser (toasts are shown by the antd overlays, Overlays.tsx):
 *  - while signed in, the summary is read at start or sign-in, and whenever the window gains focus;
 *  - a session ended by the server (401 "407": bus 'session:ended' or the store's clearSession flag), or a
 *    remembered profile the server no longer knows, clears everything local and goes to /login, with the
 *    page to come back to (spec section 4).
 */
export function SessionKeeper() {
  const clearSession = useSession((s) => s.clearSession);
  const userId = useSession((s) => s.profile?.userId);

  useEffect(() => bus.on('session:ended', () => void endSessionLocally()), []);

  useEffect(() => {
    if (clearSession) void endSessionLocally();
  }, [clearSession]);

  useEffect(() => {
    if (!userId) return;
    let readAt = Date.now();
    void readSummary();
    const onFocus = () => {
      if (Date.now() - readAt < SUMMARY_EVERY_MS) return;
      readAt = Date.now();
      void readSummary();
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [userId]);

  return null;
}
