import { useEffect } from 'react';
import { endpoints } from '@swapstuff/contracts';
import { ApiError, api, bus, endSessionLocally, useSession } from '@swapstuff/sdk';

/**
 * The session's life in the browser (toasts are shown by the antd overlays, Overlays.tsx):
 *  - at start, a remembered profile is confirmed with GET /api/userdetail;
 *  - a session ended by the server (401 "407": bus 'session:ended' or the store's clearSession flag), or a
 *    remembered profile the server no longer knows (any 401: the "407" may have gone to a page load the
 *    user left, which took the session cookie with it), clears everything local and goes to /login, with
 *    the page to come back to (spec section 4).
 */
export function SessionKeeper() {
  const clearSession = useSession((s) => s.clearSession);

  useEffect(() => bus.on('session:ended', () => void endSessionLocally()), []);

  useEffect(() => {
    if (clearSession) void endSessionLocally();
  }, [clearSession]);

  useEffect(() => {
    if (!useSession.getState().profile) return;
    api
      .call(endpoints.userDetail)
      .then(({ user }) => useSession.getState().setProfile(user))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) void endSessionLocally();
      });
  }, []);

  return null;
}
