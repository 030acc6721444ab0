/**
 * Money (ARCHITECTURE.md §4; spec section 9): whole cents of one currency, never a float. Amounts travel on
 * the wire as the spec's decimal strings ("250.50") and are read and written here digit by digit, so no
 * amount is ever multiplied or divided as a binary fraction (lint refuses that arithmetic elsewhere).
 */
import { groupThousands } from './format';

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

/**
 * en-US's USD text, written here rather than by Intl.NumberFormat: the same text (money.test.ts checks it
 * against Intl), without Intl's first-use cost in the browser (ICU's currency data, 15–60 ms of a phone's
 * main thread while the page starts), and the same on the server and in every browser (a first view
 * rendered on the server must read as the browser renders it).
 */
function usd(cents: bigint): string {
  const digits = (cents < 0n ? -cents : cents).toString().padStart(3, '0');
  return `${cents < 0n ? '-' : ''}$${groupThousands(digits.slice(0, -2))}.${digits.slice(-2)}`;
}

/** K, M, B, T: each a thousand times the one before (en-US's short compact notation). */
const COMPACT_UNITS = ['K', 'M', 'B', 'T'];

/**
 * $1.5K, $2M, $12.35M: at most two decimals, none when they are zeros, rounded half away from zero (as
 * Intl's compact currency notation writes them); past the trillions, T counts on.
 */
function usdCompact(cents: bigint): string {
  const magnitude = cents < 0n ? -cents : cents;
  // BigInt throughout: integer division, rounded half up by adding half the divisor first, is exact
  const inHundredthsOf = (unit: number) => {
    const step = 1000n ** BigInt(unit + 1); // a hundredth of the unit, in cents: $10 is 0.01K
    return (magnitude * 2n + step) / (step * 2n);
  };
  let unit = 0;
  let hundredths = inHundredthsOf(unit);
  // 999.995K reads as 1M: carry into the next unit while there is one
  while (hundredths >= 100_000n && unit < COMPACT_UNITS.length - 1) hundredths = inHundredthsOf(++unit);
  const whole = (hundredths / 100n).toString();
  const fraction = (hundredths % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return `${cents < 0n ? '-' : ''}$${groupThousands(whole)}${fraction ? `.${fraction}` : ''}${COMPACT_UNITS[unit]}`;
}

/** from a thousand dollars up, prices read compact (spec section 9) */
const COMPACT_FROM_CENTS = 100_000;

const DECIMAL = /^\s*(-?)(\d+)(?:\.(\d*))?\s*$/;

export const Money = {
  fromCents(cents: number): Money {
    if (!Number.isSafeInteger(cents)) throw new RangeError(`Money needs whole cents, not ${cents}`);
    return { cents, currency: 'USD' };
  },

  /**
   * Dollars held as a number (the spec's courier rates and shipping estimates: Shippo's amounts are
   * dollars), read through the number's decimal text so that no float is multiplied on the way; a value
   * too small to write in decimals (1e-7) is no cent at all.
   */
  fromDollarNumber(value: number): Money {
    if (!Number.isFinite(value)) throw new RangeError(`not an amount of dollars: ${value}`);
    return Money.parse(Math.abs(value) < 0.005 ? '0' : String(value));
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
    return usd(BigInt(money.cents));
  },

  /** $999.00, $1.5K, $2M: compact from a thousand dollars up (listing cards, spec section 9). */
  formatCompact(money: Money): string {
    if (Math.abs(money.cents) < COMPACT_FROM_CENTS) return Money.format(money);
    return usdCompact(BigInt(money.cents));
  },
};
