import { isSwapCash, Money, type SwapCash } from '@swapstuff/contracts';

/** The extra-cash radio: none, I add it, I ask for it. */
export type CashMode = 'none' | 'add' | 'ask';

/** What the cash fields hold: the radio, and the amount typed (dollars, as antd's InputNumber gives it). */
export interface CashChoice {
  mode: CashMode;
  amount: number | null;
}

export const NO_CASH: CashChoice = { mode: 'none', amount: null };

/**
 * The cash as the api takes it: dollars, signed as the one proposing sees it (positive: I add it, negative:
 * I ask for it); null while the amount is missing or not a valid one. No cash is 0.
 */
export function signedCash(choice: CashChoice): number | null {
  if (choice.mode === 'none') return 0;
  const typed = choice.amount;
  // a cash mode with nothing (or $0) in it is not an amount yet: "No cash" says that
  if (typed === null || !(typed > 0) || !isSwapCash(typed)) return null;
  return choice.mode === 'add' ? typed : -typed;
}

/** |cash| in whole cents (0 for none or an invalid amount): read through its decimal text, never multiplied. */
export function cashCents(cash: number | null): number {
  return cash === null || cash === 0 ? 0 : Money.fromDollarNumber(Math.abs(cash)).cents;
}

/**
 * A version's cash as the fields show it, from the viewer's side: what they add, what they ask for, or none.
 * The wire's "20.00" becomes the number the field edits through its decimal text (no float arithmetic).
 */
export function choiceOf(cash: SwapCash): CashChoice {
  const cents = Money.parse(cash.extra_amount).cents;
  if (cash.extra_payer === null || cents === 0) return NO_CASH;
  return { mode: cash.extra_payer === 'me' ? 'add' : 'ask', amount: Number(Money.toWire(Money.fromCents(cents))) };
}
