/** Money and date formatting (spec section 9): USD with $ and two decimals, compact K/M; en-GB dates with AM/PM. */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

export function formatMoney(dollars: number): string {
  return usd.format(dollars);
}

export function formatMoneyCompact(dollars: number): string {
  const abs = Math.abs(dollars);
  const sign = dollars < 0 ? '-' : '';
  // 999,999 rounds to 1000K: it reads as 1M
  if (abs >= 999_995) return `${sign}$${trim(abs / 1_000_000)}M`;
  if (abs >= 1_000) return `${sign}$${trim(abs / 1_000)}K`;
  return formatMoney(dollars);
}

function trim(n: number): string {
  return n.toFixed(2).replace(/\.?0+$/, '');
}

export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function formatDate(value: Date | string | number): string {
  return new Date(value).toLocaleString('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  });
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
