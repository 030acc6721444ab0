/**
 * The platform fee quote (spec sections 3 and 9): total = item price + fee + cash amount − discount.
 * Computed here once, for the api (GET /api/protected/rate) and for the browser, in whole cents with
 * integer arithmetic only: a percent is kept as basis points (250 = 2.5 %), each product is taken in
 * BigInt, and the fee and the discount are rounded half to even to the cent. docs/decisions.md,
 * "Payments: the fee quote", says why each rule is what it is.
 */
import { Money } from './money';

/** How a fee or a discount is set: a percentage (of the item price, of the fee) or a fixed amount. */
export type FeeUnit = 'percentage' | 'fixed';

/** A fee or a discount as the settings hold it: basis points for a percentage, cents for a fixed amount. */
export type FeeRate = { unit: 'percentage'; basisPoints: number } | { unit: 'fixed'; cents: number };

/** The fee settings (the `settings` table's `fees` row, admin-editable). */
export interface FeeSettings {
  /** the processing fee: a percentage of the item price, or a fixed amount per item */
  fee: FeeRate;
  /** the discount on the fee: a percentage of the fee, or a fixed amount; never more than the fee */
  discount: FeeRate;
  /** the least fee charged, in cents (before the discount); null: no floor */
  feeFloorCents: number | null;
  /** the most fee charged, in cents (before the discount); null: no cap */
  feeCapCents: number | null;
}

/** What the platform charges unless the settings say otherwise: 5 % of the item price, no discount. */
export const DEFAULT_FEE_SETTINGS: FeeSettings = {
  fee: { unit: 'percentage', basisPoints: 500 },
  discount: { unit: 'percentage', basisPoints: 0 },
  feeFloorCents: null,
  feeCapCents: null,
};

/** A percentage is at most 100 % (10 000 basis points); an amount at most the listing limit, $999,999. */
export const FEE_LIMITS = { basisPoints: 10_000, cents: 99_999_900 } as const;

/** The quote in cents. Every amount is a safe integer. */
export interface FeeQuote {
  priceCents: number;
  /** the extra cash of a swap offer: positive when the caller adds it, negative when the other side does */
  cashCents: number;
  /** the fee charged, after its floor and cap, before the discount */
  feeCents: number;
  /** the discount on the fee: 0 ≤ discount ≤ fee */
  discountCents: number;
  /** price + fee + cash − discount: what the caller pays (negative: what the caller receives) */
  totalCents: number;
  /**
   * The lowest and the highest the caller may end up paying. A fee quote knows everything it adds up,
   * so both are the total; a quote that adds a shipping estimate widens them by the estimate's range.
   */
  minimumCents: number;
  maximumCents: number;
  settings: FeeSettings;
}

/**
 * The quote as the api answers it (Content of GET /api/protected/rate): the spec's fields, money as the
 * wire's decimal strings ("250.50"). The `_value`, floor, cap and cash fields are ours: with them the
 * browser recomputes the same quote (`feeSettingsOf`) as the buyer changes the cash amount.
 */
export interface FeeQuoteContent {
  /** dollars */
  item_price: string;
  /** dollars: the fee charged (after its floor and cap, before the discount) */
  platform_fee: string;
  platform_fee_unit: FeeUnit;
  /** the fee as set, per its unit: percent ("5.00" is 5 %) or dollars ("1.50") */
  platform_fee_value: string;
  /** dollars: the least fee charged, null when there is no floor */
  platform_fee_floor: string | null;
  /** dollars: the most fee charged, null when there is no cap */
  platform_fee_cap: string | null;
  /** dollars: the discount on the fee */
  platform_discount: string;
  platform_discount_unit: FeeUnit;
  /** the discount as set, per its unit: percent of the fee ("10.00") or dollars ("0.50") */
  platform_discount_value: string;
  /** dollars: the extra cash quoted ("-20.00" when the other side adds it) */
  cash_amount: string;
  /** dollars: item price + fee + cash amount − discount */
  total: string;
  /** dollars: the lowest the caller may pay all told (the total, for a fee quote) */
  minimum: string;
  /** dollars: the highest the caller may pay all told (the total, for a fee quote) */
  maximum: string;
}

const BASIS = 10_000n;

/** n / d rounded half to even (d > 0): a tie goes to the even neighbour, so ties do not all round up. */
export function divideHalfEven(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError('divideHalfEven needs a positive divisor');
  let quotient = n / d;
  let remainder = n % d;
  // BigInt division truncates toward zero: make the remainder non-negative (floor division)
  if (remainder < 0n) {
    quotient -= 1n;
    remainder += d;
  }
  const twice = remainder * 2n;
  if (twice > d || (twice === d && quotient % 2n !== 0n)) quotient += 1n;
  return quotient;
}

function wholeCents(value: number, what: string, min: number, max: number): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new RangeError(`${what} must be whole cents from ${min} to ${max}, not ${value}`);
  }
}

function checkRate(rate: FeeRate, what: string): void {
  if (rate.unit === 'percentage') {
    if (!Number.isSafeInteger(rate.basisPoints) || rate.basisPoints < 0 || rate.basisPoints > FEE_LIMITS.basisPoints) {
      throw new RangeError(`${what} must be 0 to ${FEE_LIMITS.basisPoints} basis points, not ${rate.basisPoints}`);
    }
  } else if (rate.unit === 'fixed') {
    wholeCents(rate.cents, what, 0, FEE_LIMITS.cents);
  } else {
    throw new RangeError(`${what} has no unit "percentage" or "fixed"`);
  }
}

/** Throws a RangeError naming the first thing wrong with the settings. */
export function checkFeeSettings(settings: FeeSettings): FeeSettings {
  checkRate(settings.fee, 'the fee');
  checkRate(settings.discount, 'the discount');
  const { feeFloorCents: floor, feeCapCents: cap } = settings;
  if (floor !== null) wholeCents(floor, 'the fee floor', 0, FEE_LIMITS.cents);
  if (cap !== null) wholeCents(cap, 'the fee cap', 0, FEE_LIMITS.cents);
  if (floor !== null && cap !== null && floor > cap) throw new RangeError('the fee floor is above the fee cap');
  return settings;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function rateOf(value: unknown, what: string): FeeRate {
  if (!isRecord(value)) throw new RangeError(`${what} is missing`);
  if (value.unit === 'percentage') return { unit: 'percentage', basisPoints: value.basisPoints as number };
  if (value.unit === 'fixed') return { unit: 'fixed', cents: value.cents as number };
  throw new RangeError(`${what} has no unit "percentage" or "fixed"`);
}

/** Settings read from storage (JSON), checked; throws a RangeError when they are not valid settings. */
export function parseFeeSettings(value: unknown): FeeSettings {
  if (!isRecord(value)) throw new RangeError('the fee settings are not an object');
  const bound = (key: 'feeFloorCents' | 'feeCapCents') => (value[key] ?? null) as number | null;
  return checkFeeSettings({
    fee: rateOf(value.fee, 'the fee'),
    discount: rateOf(value.discount, 'the discount'),
    feeFloorCents: bound('feeFloorCents'),
    feeCapCents: bound('feeCapCents'),
  });
}

/** The fee before its discount: a percentage of the price rounded half to even, then floored and capped. */
function feeOf(base: bigint, settings: FeeSettings): bigint {
  const { fee } = settings;
  let charged = fee.unit === 'percentage' ? divideHalfEven(base * BigInt(fee.basisPoints), BASIS) : BigInt(fee.cents);
  if (settings.feeFloorCents !== null && charged < BigInt(settings.feeFloorCents)) {
    charged = BigInt(settings.feeFloorCents);
  }
  if (settings.feeCapCents !== null && charged > BigInt(settings.feeCapCents)) charged = BigInt(settings.feeCapCents);
  return charged;
}

/** The discount on the fee charged: a percentage of it rounded half to even, or a fixed amount; at most the fee. */
function discountOf(charged: bigint, discount: FeeRate): bigint {
  const off =
    discount.unit === 'percentage'
      ? divideHalfEven(charged * BigInt(discount.basisPoints), BASIS)
      : BigInt(discount.cents);
  return off < charged ? off : charged;
}

/**
 * The quote for an item of `priceCents` with `cashCents` of extra cash (0 for a sale; negative when the
 * other side of a swap adds the cash). Throws a RangeError for amounts that are not whole cents, a
 * negative price, or settings that are not valid. The api checks the listing limits ($1 to $999,999)
 * before it asks.
 */
export function quoteFee(priceCents: number, cashCents: number, settings: FeeSettings): FeeQuote {
  wholeCents(priceCents, 'the item price', 0, Number.MAX_SAFE_INTEGER);
  wholeCents(cashCents, 'the cash amount', -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  checkFeeSettings(settings);
  const charged = feeOf(BigInt(priceCents), settings);
  const off = discountOf(charged, settings.discount);
  const sum = BigInt(priceCents) + charged + BigInt(cashCents) - off;
  const total = Number(sum);
  if (!Number.isSafeInteger(total)) throw new RangeError('the total is too large to quote');
  return {
    priceCents,
    cashCents,
    feeCents: Number(charged),
    discountCents: Number(off),
    totalCents: total,
    minimumCents: total,
    maximumCents: total,
    settings,
  };
}

const dollars = (cents: number) => Money.toWire(Money.fromCents(cents));

/** Basis points as percent with two decimals ("2.50"): hundredths, written as the wire writes cents. */
const percent = (basisPoints: number) => Money.toWire(Money.fromCents(basisPoints));

const valueOf = (rate: FeeRate) => (rate.unit === 'percentage' ? percent(rate.basisPoints) : dollars(rate.cents));

const orNull = (cents: number | null) => (cents === null ? null : dollars(cents));

/** The wire form of a quote, as the api answers it. */
export function feeQuoteContent(quote: FeeQuote): FeeQuoteContent {
  const { settings } = quote;
  return {
    item_price: dollars(quote.priceCents),
    platform_fee: dollars(quote.feeCents),
    platform_fee_unit: settings.fee.unit,
    platform_fee_value: valueOf(settings.fee),
    platform_fee_floor: orNull(settings.feeFloorCents),
    platform_fee_cap: orNull(settings.feeCapCents),
    platform_discount: dollars(quote.discountCents),
    platform_discount_unit: settings.discount.unit,
    platform_discount_value: valueOf(settings.discount),
    cash_amount: dollars(quote.cashCents),
    total: dollars(quote.totalCents),
    minimum: dollars(quote.minimumCents),
    maximum: dollars(quote.maximumCents),
  };
}

const rateFromWire = (unit: FeeUnit, value: string): FeeRate =>
  unit === 'percentage'
    ? { unit, basisPoints: Money.parse(value).cents }
    : { unit: 'fixed', cents: Money.parse(value).cents };

const centsOrNull = (text: string | null) => (text === null ? null : Money.parse(text).cents);

/**
 * The settings a quote of the api was made with: the browser quotes again with them (quoteFee) when the
 * buyer changes the cash amount, and shows the same numbers the api would answer.
 */
export function feeSettingsOf(content: FeeQuoteContent): FeeSettings {
  return checkFeeSettings({
    fee: rateFromWire(content.platform_fee_unit, content.platform_fee_value),
    discount: rateFromWire(content.platform_discount_unit, content.platform_discount_value),
    feeFloorCents: centsOrNull(content.platform_fee_floor),
    feeCapCents: centsOrNull(content.platform_fee_cap),
  });
}
