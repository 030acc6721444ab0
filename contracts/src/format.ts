/** Date and field formatting (spec section 9): en-GB dates with AM/PM, phone and EIN as typed. Money: money.ts. */

/** One formatter per time zone asked for (the reader's own: undefined). */
const dateTimes = new Map<string | undefined, Intl.DateTimeFormat>();
function dateTimeIn(timeZone: string | undefined): Intl.DateTimeFormat {
  let format = dateTimes.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      // h12 (1–12): en-GB's own 12-hour clock is h11, which reads a quarter past midnight as "00:15 am"
      hourCycle: 'h12',
      timeZone,
    });
    dateTimes.set(timeZone, format);
  }
  return format;
}

/**
 * "23 Nov 2026, 03:49 PM": en-GB, with AM/PM in capitals as the spec writes them (en-GB's own are "pm"), in
 * the reader's time zone unless `timeZone` names another (a page rendered on the server: sdk LocalDateTime).
 */
export function formatDate(value: Date | string | number, timeZone?: string): string {
  return (
    dateTimeIn(timeZone)
      .formatToParts(new Date(value))
      .map((part) => (part.type === 'dayPeriod' ? part.value.toUpperCase() : part.value))
      .join('')
      // ICU versions differ on the space before AM/PM (narrow no-break, no-break or plain): one no-break space
      // everywhere keeps "03:49 PM" on one line, and a page rendered on the server (Node's ICU) reads the same
      // in the browser (its own)
      .replace(/[ \u202f]/g, '\u00a0')
  );
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
