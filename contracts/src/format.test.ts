import { formatDate, formatPhone, formatEin, digitsOnly } from './format';

describe('formatters', () => {
  it('formats dates en-GB with AM/PM in capitals (spec section 9)', () => {
    // local time: the date is built from local parts, so the test holds in any time zone; the space before
    // AM/PM is Intl's narrow no-break one, which keeps "03:49 PM" on one line
    expect(formatDate(new Date(2026, 10, 23, 15, 49))).toBe('23 Nov 2026, 03:49\u202fPM');
    expect(formatDate(new Date(2026, 0, 2, 0, 5))).toBe('02 Jan 2026, 12:05\u202fAM');
    expect(formatDate(new Date(2026, 0, 2, 9, 5).toISOString())).toBe('02 Jan 2026, 09:05\u202fAM');
  });

  it('formats phone and EIN as the user types', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatPhone('555')).toBe('(555');
    expect(formatEin('123456789')).toBe('12-3456789');
    expect(digitsOnly('a1b2')).toBe('12');
  });
});
