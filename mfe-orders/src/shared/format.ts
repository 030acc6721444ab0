import { messages, Money, sellerName, type OrderParty, type TimeRemaining } from '@swapstuff/contracts';
import { ApiError } from '@swapstuff/sdk';

/**
 * Dollars held as a number (a courier rate, a shipping estimate: contracts' CourierRateView and
 * ShippingEstimate) as the site writes money: "$1,250.50" (spec section 9); '—' for no amount at all.
 */
export function formatDollars(value: number): string {
  return Number.isFinite(value) ? Money.format(Money.fromDollarNumber(value)) : '—';
}

/** The other party as order cards and reviews name them: "Ada L." (OrderParty carries no business name). */
export function partyName(party: Pick<OrderParty, 'first_name' | 'last_name' | 'is_business'>): string {
  return sellerName({ ...party, businessName: null });
}

/** What a user reads when a call failed: the api's Description, else the generic message. */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : messages.genericError;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** hh:mm:ss (hours may pass 99: 120:05:09). */
export function formatCountdown(left: TimeRemaining): string {
  return `${pad(left.hours)}:${pad(left.minutes)}:${pad(left.seconds)}`;
}

/** "2 hours, 5 minutes, 9 seconds": what a screen reader hears of a countdown. */
export function describeCountdown(left: TimeRemaining): string {
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  return [part(left.hours, 'hour'), part(left.minutes, 'minute'), part(left.seconds, 'second')].join(', ');
}
