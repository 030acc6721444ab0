import { bus, type BusEvents } from '@swapstuff/sdk';

/**
 * Bus events whose handlers are antd components (toasts, the login popup, the remotes' sheet and modal):
 * the overlays, loaded only when the first of these is sent (Overlays.tsx). Kept from the moment the shell
 * starts until their handler has mounted, which then takes them: a Login click or an error toast before the
 * overlays arrive is not lost.
 */

/** Whether any overlay has been asked for yet, and who waits to hear it. */
let asked = false;
const listeners = new Set<() => void>();

function keep<K extends keyof BusEvents>(event: K) {
  const kept: BusEvents[K][] = [];
  let stop: (() => void) | null = bus.on(event, (payload) => {
    kept.push(payload);
    if (asked) return;
    asked = true;
    for (const listener of listeners) listener();
  });
  return {
    /** Stops keeping and hands over what arrived so far, oldest first (nothing on a second call). */
    takeAll(): BusEvents[K][] {
      stop?.();
      stop = null;
      return kept.splice(0);
    },
  };
}

export const earlyToasts = keep('toast');
export const earlyLoginRequests = keep('login:open');
export const earlyUploadRequests = keep('upload:open');
export const earlyAddressRequests = keep('address:open');
export const earlyReportRequests = keep('report:open');

/** For useSyncExternalStore: true from the first overlay request on. */
export const overlaysAsked = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): boolean => asked,
};
