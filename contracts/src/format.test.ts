import fc from 'fast-check';
import { formatCount, formatDate, formatPhone, formatEin, digitsOnly } from './format';

describe('formatters', () => {
  it('formats dates en-GB with AM/PM in capitals (spec section 9)', () => {
    // local time: the date is built from local parts, so the test holds in any time zone; every space is a
    // no-break one, whichever ICU formats it, which keeps "03:49 PM" on one line
    expect(formatDate(new Date(2026, 10, 23, 15, 49))).toBe('23\u00a0Nov\u00a02026,\u00a003:49\u00a0PM');
    expect(formatDate(new Date(2026, 0, 2, 0, 5))).toBe('02\u00a0Jan\u00a02026,\u00a012:05\u00a0AM');
    expect(formatDate(new Date(2026, 0, 2, 9, 5).toISOString())).toBe('02\u00a0Jan\u00a02026,\u00a009:05\u00a0AM');
  });

  it('formats a date in UTC when asked (a page rendered on the server)', () => {
    expect(formatDate('2026-11-25T23:30:00.000Z', 'UTC')).toBe('25\u00a0Nov\u00a02026,\u00a011:30\u00a0PM');
    expect(formatDate('2026-09-01T12:00:00.000Z', 'UTC')).toBe('01\u00a0Sept\u00a02026,\u00a012:00\u00a0PM');
  });

  it("writes what Intl's en-GB format writes, without Intl (any moment, local and UTC)", () => {
    const intl = (timeZone?: string) =>
      new Intl.DateTimeFormat('en-GB', {
        day: '2-digit',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h12',
        timeZone,
      });
    const [local, utc] = [intl(), intl('UTC')];
    const written = (format: Intl.DateTimeFormat, date: Date) =>
      format
        .formatToParts(date)
        .map((part) => (part.type === 'dayPeriod' ? part.value.toUpperCase() : part.value))
        .join('')
        .replace(/[ \u202f]/g, '\u00a0');
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }),
        (date) => {
          expect(formatDate(date)).toBe(written(local, date));
          expect(formatDate(date, 'UTC')).toBe(written(utc, date));
        },
      ),
      { seed: 12, numRuns: Number(process.env.FUZZ_RUNS ?? 2000) },
    );
  });

  it('writes counts as en-US groups them, as Intl would', () => {
    for (const count of [0, 7, 999, 1000, 12345, 1_000_000, -4321, 9_007_199_254_740_991]) {
      expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
    }
  });

  it('formats phone and EIN as the user types', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatPhone('555')).toBe('(555');
    expect(formatEin('123456789')).toBe('12-3456789');
    expect(digitsOnly('a1b2')).toBe('12');
  });
});
