import fc from 'fast-check';
import { Money } from './money';

const dollars = (text: string) => Money.parse(text);

describe('Money', () => {
  it('reads the wire and the forms digit by digit', () => {
    expect(dollars('250.50')).toEqual({ cents: 25050, currency: 'USD' });
    expect(dollars('250.5').cents).toBe(25050);
    expect(dollars('1250').cents).toBe(125000);
    expect(dollars(' 0.07 ').cents).toBe(7);
    expect(dollars('-3.10').cents).toBe(-310);
    expect(dollars('-0').cents).toBe(0);
    // where a float goes wrong: 0.29 * 100 is 28.999999999999996, 1.005 * 100 is 100.49999999999999
    expect(dollars('0.29').cents).toBe(29);
    expect(dollars('1.005').cents).toBe(101);
    expect(dollars('12.504').cents).toBe(1250);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', '.', '1.2.3', '$5', '1e3', '12,50', 'NaN', '--1', '99999999999999999.99']) {
      expect(() => dollars(text)).toThrow(RangeError);
    }
    expect(() => Money.fromCents(1.5)).toThrow(RangeError);
    expect(() => Money.fromWholeDollars(0.5)).toThrow(RangeError);
  });

  it('writes the wire with two decimals, and reads back what it wrote', () => {
    expect(Money.toWire(Money.fromCents(25050))).toBe('250.50');
    expect(Money.toWire(Money.fromCents(5))).toBe('0.05');
    expect(Money.toWire(Money.fromCents(-5))).toBe('-0.05');
    expect(Money.toWire(Money.fromWholeDollars(999_999))).toBe('999999.00');
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(Money.parse(Money.toWire(Money.fromCents(cents))).cents).toBe(cents);
      }),
      { seed: 9, numRuns: 500 },
    );
  });

  it('formats USD with two decimals, and compact K/M from a thousand up (spec section 9)', () => {
    expect(Money.format(dollars('12'))).toBe('$12.00');
    expect(Money.format(dollars('1250.5'))).toBe('$1,250.50');
    expect(Money.format(Money.fromCents(Number.MAX_SAFE_INTEGER))).toBe('$90,071,992,547,409.91');
    expect(Money.formatCompact(dollars('999'))).toBe('$999.00');
    expect(Money.formatCompact(dollars('999.99'))).toBe('$999.99');
    expect(Money.formatCompact(dollars('1000'))).toBe('$1K');
    expect(Money.formatCompact(dollars('1500'))).toBe('$1.5K');
    expect(Money.formatCompact(dollars('1234'))).toBe('$1.23K');
    expect(Money.formatCompact(dollars('999994'))).toBe('$999.99K');
    // 999,999 rounds to a thousand K: it reads as $1M
    expect(Money.formatCompact(dollars('999999'))).toBe('$1M');
    expect(Money.formatCompact(dollars('2000000'))).toBe('$2M');
    expect(Money.formatCompact(dollars('-1500'))).toBe('-$1.5K');
  });

  it("writes what Intl's en-US currency formats write, without Intl (any amount, both notations)", () => {
    const full = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const compact = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    });
    const amounts = fc.oneof(
      fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
      // around each unit's edges, where rounding carries into the next
      fc
        .integer({ min: 0, max: 3 })
        .chain((unit) => fc.integer({ min: -2000, max: 2000 }).map((d) => 10 ** (unit * 3 + 5) + d)),
      fc.integer({ min: -99_999_999, max: 99_999_999 }),
    );
    fc.assert(
      fc.property(amounts, (cents) => {
        const money = Money.fromCents(cents);
        expect(Money.format(money)).toBe(full.format(Money.toWire(money) as `${number}`));
        if (Math.abs(cents) >= 100_000) {
          expect(Money.formatCompact(money)).toBe(compact.format(Money.toWire(money) as `${number}`));
        }
      }),
      { seed: 11, numRuns: Number(process.env.FUZZ_RUNS ?? 2000) },
    );
  });
});
