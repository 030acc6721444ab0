import { formatDate } from '@swapstuff/contracts';
import { useHydrated } from '@swapstuff/sdk';

/**
 * A moment in the reader's time zone (spec section 9's format). A page rendered on the server, which does
 * not know the reader's zone, shows it in UTC until the browser has taken the page over: the same
 * characters, so nothing moves when it changes.
 */
export function LocalDateTime({ value }: { value: string }) {
  const hydrated = useHydrated();
  return <time dateTime={value}>{formatDate(value, hydrated ? undefined : 'UTC')}</time>;
}
