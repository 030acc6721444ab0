import { messages, Money } from '@swapstuff/contracts';
import { ApiError } from '@swapstuff/sdk';

/**
 * Dollars held as a number (a courier rate, a shipping estimate: contracts' CourierRateView and
 * ShippingEstimate) as the site writes money: "$1,250.50" (spec section 9); '—' for no amount at all.
 */
export function formatDollars(value: number): string {
  return Number.isFinite(value) ? Money.format(Money.fromDollarNumber(value)) : '—';
}

/** What a user reads when a call failed: the api's Description, else the generic message. */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : messages.genericError;
}
