import fc from 'fast-check';
import {
  DEFAULT_FEE_SETTINGS,
  FEE_LIMITS,
  divideHalfEven,
  feeQuoteContent,
  feeSettingsOf,
  parseFeeSettings,
  quoteFee,
  type FeeRate,
  type FeeSettings,
} from './fees';
import { Money } from './money';

const pct = (basisPoints: number): FeeRate => ({ unit: 'percentage', basisPoints });
const fixed = (cents: number): FeeRate => ({ unit: 'fixed', cents });
const settings = (
  fee: FeeRate,
  discount: FeeRate = pct(0),
  floor: number | null = null,
  cap: number | null = null,
) => ({
  fee,
  discount,
  feeFloorCents: floor,
  feeCapCents: cap,
});

/**
 * Worked examples, in cents: item price, extra cash, settings → fee, discount, total. (The api's
 * integration test, bff/src/api/fees/fees.int.test.ts, asks the api for the same rows.)
 */
const examples: [string, number, number, FeeSettings, number, number, number][] = [
  ['percent fee: 5 % of $250.00', 25000, 0, settings(pct(500)), 1250, 0, 26250],
  ['fixed fee: $1.50 on $250.00', 25000, 0, settings(fixed(150)), 150, 0, 25150],
  ['percent discount: 10 % off a 5 % fee of $250.00', 25000, 0, settings(pct(500), pct(1000)), 1250, 125, 26125],
  ['fixed discount: $2.00 off a 5 % fee of $250.00', 25000, 0, settings(pct(500), fixed(200)), 1250, 200, 26050],
  [
    'a discount larger than the fee is the fee: $5.00 off $1.50',
    25000,
    0,
    settings(fixed(150), fixed(500)),
    150,
    150,
    25000,
  ],
  ['a 100 % discount: no fee', 25000, 0, settings(pct(500), pct(10000)), 1250, 1250, 25000],
  ['extra cash the caller adds: $20.00 (no fee on it)', 25000, 2000, settings(pct(500)), 1250, 0, 28250],
  ['extra cash the other side adds: −$20.00', 25000, -2000, settings(pct(500)), 1250, 0, 24250],
  [
    'the other side adds more than the item: the caller receives $45.00',
    10000,
    -15000,
    settings(pct(500)),
    500,
    0,
    -4500,
  ],
  ['cash with a discount: 10 % off, −$0.75 cash', 25000, -75, settings(pct(500), pct(1000)), 1250, 125, 26050],
  // half to even: an exact half cent goes to the even cent, up or down
  ['5 % of $250.50 is 1252.5¢ → 1252¢ (down to even)', 25050, 0, settings(pct(500)), 1252, 0, 26302],
  ['5 % of $1.10 is 5.5¢ → 6¢ (up to even)', 110, 0, settings(pct(500)), 6, 0, 116],
  ['5 % of $1.30 is 6.5¢ → 6¢ (down to even)', 130, 0, settings(pct(500)), 6, 0, 136],
  ['2.5 % of $1.40 is 3.5¢ → 4¢ (up to even)', 140, 0, settings(pct(250)), 4, 0, 144],
  ['2.5 % of $1.80 is 4.5¢ → 4¢ (down to even)', 180, 0, settings(pct(250)), 4, 0, 184],
  ['2.5 % of $1.10 is 2.75¢ → 3¢ (no tie: nearest)', 110, 0, settings(pct(250)), 3, 0, 113],
  [
    '2.5 % of $0.30 is 0.75¢ → 1¢ (no tie; below the listing minimum, the function only)',
    30,
    0,
    settings(pct(250)),
    1,
    0,
    31,
  ],
  ['10 % off a 25¢ fee is 2.5¢ → 2¢ (down to even)', 500, 0, settings(pct(500), pct(1000)), 25, 2, 523],
  ['10 % off a 35¢ fee is 3.5¢ → 4¢ (up to even)', 700, 0, settings(pct(500), pct(1000)), 35, 4, 731],
  ['10 % off a 1252¢ fee is 125.2¢ → 125¢', 25050, 0, settings(pct(500), pct(1000)), 1252, 125, 26177],
  // the listing limits, $1 and $999,999
  ['the least price: 5 % of $1.00', 100, 0, settings(pct(500)), 5, 0, 105],
  ['the largest price: 5 % of $999,999.00', 99_999_900, 0, settings(pct(500)), 4_999_995, 0, 104_999_895],
  [
    'the largest everything: 100 % of $999,999 plus $999,999 cash',
    99_999_900,
    99_999_900,
    settings(pct(10000)),
    99_999_900,
    0,
    299_999_700,
  ],
  // floor and cap on the fee (before the discount)
  ['a floor: 5 % of $1.00 is at least $0.50', 100, 0, settings(pct(500), pct(0), 50), 50, 0, 150],
  ['a floor, then 10 % off it', 100, 0, settings(pct(500), pct(1000), 50), 50, 5, 145],
  [
    'a cap: 5 % of $999,999 is at most $100.00',
    99_999_900,
    0,
    settings(pct(500), pct(0), null, 10000),
    10000,
    0,
    100_009_900,
  ],
  ['between floor and cap the percentage stands', 25000, 0, settings(pct(500), pct(0), 50, 10000), 1250, 0, 26250],
];

describe('the fee quote: worked examples', () => {
  it.each(examples)('%s', (_name, price, cash, feeSettings, fee, discount, total) => {
    const quote = quoteFee(price, cash, feeSettings);
    expect(quote).toEqual({
      priceCents: price,
      cashCents: cash,
      feeCents: fee,
      discountCents: discount,
      totalCents: total,
      minimumCents: total,
      maximumCents: total,
      settings: feeSettings,
    });
  });

  it('answers the wire form with the spec’s fields, money as decimal strings', () => {
    expect(feeQuoteContent(quoteFee(25050, -2000, settings(pct(250), fixed(50), 100, 500_000)))).toEqual({
      item_price: '250.50',
      platform_fee: '6.26', // 2.5 % of $250.50 is 626.25¢
      platform_fee_unit: 'percentage',
      platform_fee_value: '2.50',
      platform_fee_floor: '1.00',
      platform_fee_cap: '5000.00',
      platform_discount: '0.50',
      platform_discount_unit: 'fixed',
      platform_discount_value: '0.50',
      cash_amount: '-20.00',
      total: '236.26',
      minimum: '236.26',
      maximum: '236.26',
    });
    expect(feeQuoteContent(quoteFee(99_999_900, 0, DEFAULT_FEE_SETTINGS))).toMatchObject({
      item_price: '999999.00',
      platform_fee: '49999.95',
      platform_fee_value: '5.00',
      platform_fee_floor: null,
      platform_fee_cap: null,
      platform_discount: '0.00',
      platform_discount_value: '0.00',
      total: '1049998.95',
    });
    expect(feeQuoteContent(quoteFee(10000, -15000, DEFAULT_FEE_SETTINGS)).total).toBe('-45.00');
  });

  it('reads back the settings a quote was made with, so the browser quotes the same', () => {
    for (const [, price, cash, feeSettings] of examples) {
      const content = feeQuoteContent(quoteFee(price, cash, feeSettings));
      expect(feeSettingsOf(content)).toEqual(feeSettings);
      expect(feeQuoteContent(quoteFee(price, cash, feeSettingsOf(content)))).toEqual(content);
    }
  });

  it('defaults to 5 % and no discount', () => {
    expect(DEFAULT_FEE_SETTINGS).toEqual(settings(pct(500)));
  });
});

describe('divideHalfEven', () => {
  it.each([
    [5n, 2n, 2n],
    [7n, 2n, 4n],
    [6n, 4n, 2n], // 1.5
    [10n, 4n, 2n], // 2.5
    [11n, 4n, 3n],
    [-5n, 2n, -2n],
    [-7n, 2n, -4n],
    [-11n, 4n, -3n],
    [0n, 3n, 0n],
  ])('%d / %d → %d', (n, d, q) => expect(divideHalfEven(n, d)).toBe(q));

  it('refuses a divisor that is not positive', () => {
    expect(() => divideHalfEven(1n, 0n)).toThrow(RangeError);
  });
});

describe('what the quote refuses', () => {
  it('amounts that are not whole cents, and a negative price', () => {
    for (const [price, cash] of [
      [1.5, 0],
      [-1, 0],
      [100, 0.5],
      [Number.NaN, 0],
      [Number.MAX_SAFE_INTEGER + 1, 0],
    ]) {
      expect(() => quoteFee(price, cash, DEFAULT_FEE_SETTINGS)).toThrow(RangeError);
    }
  });

  it('settings out of range', () => {
    for (const bad of [
      settings(pct(-1)),
      settings(pct(10001)),
      settings(pct(2.5)),
      settings(fixed(-1)),
      settings(fixed(FEE_LIMITS.cents + 1)),
      settings(pct(500), pct(10001)),
      settings(pct(500), fixed(0.5)),
      settings(pct(500), pct(0), 600, 500),
      settings(pct(500), pct(0), -1),
      { ...settings(pct(500)), fee: { unit: 'permille', basisPoints: 5 } as unknown as FeeRate },
    ]) {
      expect(() => quoteFee(100, 0, bad)).toThrow(RangeError);
    }
  });

  it('stored settings that are not settings', () => {
    expect(parseFeeSettings(JSON.parse(JSON.stringify(DEFAULT_FEE_SETTINGS)))).toEqual(DEFAULT_FEE_SETTINGS);
    expect(
      parseFeeSettings({ fee: { unit: 'fixed', cents: 99 }, discount: { unit: 'percentage', basisPoints: 0 } }),
    ).toEqual(settings(fixed(99)));
    for (const bad of [
      null,
      [],
      'x',
      {},
      { fee: { unit: 'percentage', basisPoints: 500 } },
      { fee: { unit: 'percentage', basisPoints: '500' }, discount: { unit: 'fixed', cents: 0 } },
      { fee: { unit: 'percentage' }, discount: { unit: 'fixed', cents: 0 } },
      { fee: { unit: 'fixed', cents: 1 }, discount: { unit: 'fixed', cents: 0 }, feeFloorCents: '1' },
    ]) {
      expect(() => parseFeeSettings(bad)).toThrow(RangeError);
    }
  });
});

/**
 * Whether `rounded` is n/d rounded half to even, decided without dividing: |rounded − n/d| is below a half,
 * or exactly a half and `rounded` is even.
 */
function isHalfEvenOf(rounded: bigint, n: bigint, d: bigint): boolean {
  const off = rounded * d - n;
  const twice = 2n * (off < 0n ? -off : off);
  return twice < d || (twice === d && rounded % 2n === 0n);
}

const rate = fc.oneof(
  fc.integer({ min: 0, max: FEE_LIMITS.basisPoints }).map(pct),
  fc.integer({ min: 0, max: FEE_LIMITS.cents }).map(fixed),
  // the amounts quotes meet most: a few dollars
  fc.integer({ min: 0, max: 2000 }).map(fixed),
);
const bound = fc.option(fc.integer({ min: 0, max: FEE_LIMITS.cents }), { nil: null });
const anySettings = fc
  .record({ fee: rate, discount: rate, feeFloorCents: bound, feeCapCents: bound })
  .filter((s) => s.feeFloorCents === null || s.feeCapCents === null || s.feeFloorCents <= s.feeCapCents);
const price = fc.oneof(fc.integer({ min: 100, max: 99_999_900 }), fc.integer({ min: 100, max: 10_000 }));
const cash = fc.oneof(
  fc.constant(0),
  fc.integer({ min: -99_999_900, max: 99_999_900 }),
  fc.integer({ min: -5000, max: 5000 }),
);

describe('the fee quote: properties', () => {
  it('total = price + fee + cash − discount exactly; fee and discount are the half-even roundings of the exact values', () => {
    fc.assert(
      fc.property(price, cash, anySettings, (priceCents, cashCents, feeSettings) => {
        const quote = quoteFee(priceCents, cashCents, feeSettings);
        const [p, c, f, d] = [priceCents, cashCents, quote.feeCents, quote.discountCents].map(BigInt);
        expect(BigInt(quote.totalCents)).toBe(p + f + c - d);
        expect([quote.minimumCents, quote.maximumCents]).toEqual([quote.totalCents, quote.totalCents]);

        // the fee: exactly price × rate / 10 000 (or the fixed amount), held between its floor and cap
        const { fee, discount, feeFloorCents: floor, feeCapCents: cap } = feeSettings;
        const [n, den] = fee.unit === 'percentage' ? [p * BigInt(fee.basisPoints), 10_000n] : [BigInt(fee.cents), 1n];
        if (floor !== null && n < BigInt(floor) * den) expect(f).toBe(BigInt(floor));
        else if (cap !== null && n > BigInt(cap) * den) expect(f).toBe(BigInt(cap));
        else expect(isHalfEvenOf(f, n, den)).toBe(true);

        // the discount: exactly fee × rate / 10 000 (or the fixed amount), never more than the fee
        const [dn, dden] =
          discount.unit === 'percentage' ? [f * BigInt(discount.basisPoints), 10_000n] : [BigInt(discount.cents), 1n];
        if (dn > f * dden) expect(d).toBe(f);
        else expect(isHalfEvenOf(d, dn, dden)).toBe(true);
        expect(d >= 0n && d <= f).toBe(true);
        // so the total is never below the item price and the cash
        expect(BigInt(quote.totalCents) >= p + c).toBe(true);

        // and the wire says the same numbers
        const content = feeQuoteContent(quote);
        const read = (text: string) => Money.parse(text).cents;
        expect([content.platform_fee, content.platform_discount, content.total].map(read)).toEqual([
          quote.feeCents,
          quote.discountCents,
          quote.totalCents,
        ]);
      }),
      { seed: 12, numRuns: 2000 },
    );
  });
});
