import { createContext, useContext } from 'react';
import styles from './RemoteFallback.module.css';

/** What a fallback needs to offer Retry: which remote failed and how to load it again. */
export interface RemoteOutletContextValue {
  name: string;
  retry: () => void;
}

export const RemoteOutletContext = createContext<RemoteOutletContextValue | null>(null);

/**
 * The panel a failed remote leaves in its outlet; everything around it keeps working. Plain React and
 * CSS: the federation runtime holds it from the start (registry.ts), before antd has loaded, and it
 * must show even when nothing else could be fetched.
 */
export function RemoteFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <div data-testid="remote-fallback" role="alert" className={styles.fallback}>
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 3.5l9.5 16.5h-19z" fill="#faad14" stroke="#faad14" strokeWidth="1.5" strokeLinejoin="round" />
        <path d="M12 9.5v5M12 17.3v.2" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <h2 className={styles.title}>This section is not available right now</h2>
      <p className={styles.subtitle}>The rest of Swapstuff still works. Please try again in a moment.</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
          <path
            d="M20 12a8 8 0 1 1-2.3-5.7M20 4v5h-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        Retry
      </button>
    </div>
  );
}

/**
 * The module `errorLoadRemote` hands back in place of a remote that could not be loaded. It has no
 * props (it stands in for the remote's App), so it finds its outlet's Retry through context.
 */
export function RemoteUnavailable() {
  const outlet = useContext(RemoteOutletContext);
  return <RemoteFallback onRetry={outlet ? outlet.retry : () => window.location.reload()} />;
}
