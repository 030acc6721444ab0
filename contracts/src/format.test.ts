import { formatMoney, formatMoneyCompact, formatPhone, formatEin, digitsOnly } from './format';

describe('formatters', () => {
  it('formats USD with two decimals and compact K/M', () => {
    expect(formatMoney(12)).toBe('$12.00');
    expect(formatMoneyCompact(999)).toBe('$999.00');
    expect(formatMoneyCompact(1500)).toBe('$1.5K');
    expect(formatMoneyCompact(2_000_000)).toBe('$2M');
  });

  it('formats phone and EIN as the user types', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatPhone('555')).toBe('(555');
    expect(formatEin('123456789')).toBe('12-3456789');
    expect(digitsOnly('a1b2')).toBe('12');
  });
});
