/**
 * Money (ARCHITECTURE.md §4; spec section 9): whole cents of one currency, never a float. Amounts travel on
 * the wire as the spec's decimal strings ("250.50") and are read and written here digit by digit, so no
 * amount is ever multiplied or divided as a binary fraction (lint refuses that arithmetic elsewhere).
 */
export type Currency = 'USD';

export interface Money {
  /** a safe integer: 25050 is $250.50 */
  readonly cents: number;
  readonly currency: Currency;
}

/** Writes cents as the wire's decimal string, in text: "250.50", "-0.05". */
function decimalText(cents: number): `${number}` {
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}` as `${number}`;
}

const full = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** $1.5K, $2M, $12.35M: at most two decimals, none when they are zeros */
const compact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
/** from a thousand dollars up, prices read compact (spec section 9) */
const COMPACT_FROM_CENTS = 100_000;

const DECIMAL = /^\s*(-?)(\d+)(?:\.(\d*))?\s*$/;

export const Money = {
  fromCents(cents: number): Money {
    if (!Number.isSafeInteger(cents)) throw new RangeError(`Money needs whole cents, not ${cents}`);
    return { cents, currency: 'USD' };
  },

  /** Whole dollars, as the spec's limits are written ($1 to $999,999). */
  fromWholeDollars(dollars: number): Money {
    if (!Number.isSafeInteger(dollars)) throw new RangeError(`not a whole number of dollars: ${dollars}`);
    return Money.parse(String(dollars));
  },

  /**
   * A decimal string as the wire and the forms write it ("250.5", "250.50", "1250"), read digit by digit.
   * More than two decimals (a form's "12.505") round half up to the cent. Throws on anything else.
   */
  parse(text: string): Money {
    const match = DECIMAL.exec(text);
    if (!match) throw new RangeError(`not an amount of money: "${text}"`);
    const [, sign, whole, decimals = ''] = match;
    const fraction = decimals.padEnd(3, '0');
    const roundUp = fraction[2] >= '5' ? 1 : 0;
    const cents = Number(`${whole}${fraction.slice(0, 2)}`) + roundUp;
    return Money.fromCents(sign && cents ? -cents : cents);
  },

  /** The wire's form: dollars with two decimals as text ("250.50"). */
  toWire(money: Money): string {
    return decimalText(money.cents);
  },

  /** $1,250.50 */
  format(money: Money): string {
    // Intl reads a decimal string exactly (no binary fraction on the way)
    return full.format(decimalText(money.cents));
  },

  /** $999.00, $1.5K, $2M: compact from a thousand dollars up (listing cards, spec section 9). */
  formatCompact(money: Money): string {
    if (Math.abs(money.cents) < COMPACT_FROM_CENTS) return Money.format(money);
    return compact.format(decimalText(money.cents));
  },
};
