import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React renders a page's first view on the server and while the browser hydrates it (the
 * shell's firstView.ts), true after, and from the start in a page the browser renders alone. What only
 * the browser can know (its time zone) or draw (portals into <body>) waits for it, so that the server's
 * HTML and the browser's first render agree; the component then renders again on its own.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
