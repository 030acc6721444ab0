/** Date and field formatting (spec section 9): en-GB dates with AM/PM, phone and EIN as typed. Money: money.ts. */

/** en-GB's short month names (CLDR, as current ICU writes them: "Sept"). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const twoDigits = (n: number) => String(n).padStart(2, '0');
/** No-break spaces: "03:49 PM" stays on one line. */
const NBSP = '\u00a0';

/**
 * "23 Nov 2026, 03:49 PM" (spec section 9: en-GB, with AM/PM in capitals as the spec writes them), in the
 * reader's time zone, or in UTC (a page rendered on the server, which does not know the reader's: sdk
 * LocalDateTime). Written here rather than by Intl.DateTimeFormat: the same text on the server and in every
 * browser whatever their ICU (format.test.ts checks it against Intl), and none of ICU's first-use cost on a
 * phone's main thread.
 */
export function formatDate(value: Date | string | number, timeZone?: 'UTC'): string {
  const date = new Date(value);
  const utc = timeZone === 'UTC';
  const hours = utc ? date.getUTCHours() : date.getHours();
  const minutes = utc ? date.getUTCMinutes() : date.getMinutes();
  const day = utc ? date.getUTCDate() : date.getDate();
  const month = MONTHS[utc ? date.getUTCMonth() : date.getMonth()];
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  // h12: 12:05 AM a few minutes past midnight, 12:30 PM past noon
  const clock = `${twoDigits(hours % 12 || 12)}:${twoDigits(minutes)}${NBSP}${hours < 12 ? 'AM' : 'PM'}`;
  return [twoDigits(day), month, `${year},`, clock].join(NBSP);
}

/** "1234567" → "1,234,567": en-US's grouping of a string of digits. */
export const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * A whole number as en-US writes it ("1,000"), without Intl: the same text on a server and in any browser,
 * and no first-use cost of ICU's data on a phone's main thread.
 */
export function formatCount(count: number): string {
  return `${count < 0 ? '-' : ''}${groupThousands(String(Math.abs(Math.trunc(count))))}`;
}

/** Strips everything but digits (the spec's numeric inputs). */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}

/** (xxx) xxx-xxxx from up to 10 digits, as the user types. */
export function formatPhone(value: string): string {
  const d = digitsOnly(value).slice(0, 10);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** xx-xxxxxxx from up to 9 digits. */
export function formatEin(value: string): string {
  const d = digitsOnly(value).slice(0, 9);
  return d.length <= 2 ? d : `${d.slice(0, 2)}-${d.slice(2)}`;
}
