import { formatDate, formatPhone, formatEin, digitsOnly } from './format';

describe('formatters', () => {
  it('formats dates en-GB with AM/PM in capitals (spec section 9)', () => {
    // local time: the date is built from local parts, so the test holds in any time zone; every space is a
    // no-break one, whichever ICU formats it, which keeps "03:49 PM" on one line
    expect(formatDate(new Date(2026, 10, 23, 15, 49))).toBe('23\u00a0Nov\u00a02026,\u00a003:49\u00a0PM');
    expect(formatDate(new Date(2026, 0, 2, 0, 5))).toBe('02\u00a0Jan\u00a02026,\u00a012:05\u00a0AM');
    expect(formatDate(new Date(2026, 0, 2, 9, 5).toISOString())).toBe('02\u00a0Jan\u00a02026,\u00a009:05\u00a0AM');
  });

  it('formats a date in the time zone asked for (a page rendered on the server: UTC)', () => {
    expect(formatDate('2026-11-25T23:30:00.000Z', 'UTC')).toBe('25\u00a0Nov\u00a02026,\u00a011:30\u00a0PM');
    expect(formatDate('2026-11-25T23:30:00.000Z', 'Asia/Tokyo')).toBe('26\u00a0Nov\u00a02026,\u00a008:30\u00a0AM');
  });

  it('formats phone and EIN as the user types', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatPhone('555')).toBe('(555');
    expect(formatEin('123456789')).toBe('12-3456789');
    expect(digitsOnly('a1b2')).toBe('12');
  });
});
