import { formatPhone, formatEin, digitsOnly } from './format';

describe('formatters', () => {
  it('formats phone and EIN as the user types', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatPhone('555')).toBe('(555');
    expect(formatEin('123456789')).toBe('12-3456789');
    expect(digitsOnly('a1b2')).toBe('12');
  });
});
