import { messages, Money, type SwapCash } from '@swapstuff/contracts';
import { ApiError } from '@swapstuff/sdk';

/** What a user reads when a call failed: the api's Description, else the generic message (spec section 8). */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : messages.genericError;
}

/** "20.5" or "20.50" from the wire as the site writes money: "$20.50". */
export const formatWire = (wire: string): string => Money.format(Money.parse(wire));

/** Whole cents as the site writes money. */
export const formatCents = (cents: number): string => Money.format(Money.fromCents(cents));

/** "You add $20.00", "They add $30.00", or null when the terms carry no cash. */
export function cashLine(cash: SwapCash): string | null {
  if (cash.extra_payer === null || Money.parse(cash.extra_amount).cents === 0) return null;
  return `${cash.extra_payer === 'me' ? 'You add' : 'They add'} ${formatWire(cash.extra_amount)}`;
}
