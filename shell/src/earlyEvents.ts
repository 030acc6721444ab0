import { bus, type BusEvents } from '@swapstuff/sdk';

/**
 * Bus events whose handlers are antd components (toasts, the login popup, the remotes' sheet and modal),
 * which load after the frame has rendered. Kept from the moment the shell starts until their handler has
 * mounted, which then takes them: a Login click or an error toast before antd arrives is not lost.
 */
function keep<K extends keyof BusEvents>(event: K) {
  const kept: BusEvents[K][] = [];
  let stop: (() => void) | null = bus.on(event, (payload) => kept.push(payload));
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
