import { messages } from './messages';

/**
 * Payment cards as the browser checks them before sending them to the provider (spec sections 1, 5 and 7;
 * issue 12): the brand read from the leading digits as the number is typed, the Luhn check, the lengths
 * each brand issues, the number in groups, the expiry, the CVC. The card itself never reaches our api:
 * the browser sends it to the provider's tokenization endpoint, and these checks spare that round trip.
 */

/** Stripe's brand names: what the provider and our api answer for a saved card (PaymentCard.brand). */
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

interface BrandSpec {
  label: string;
  /** the leading digits each brand issues, as inclusive ranges of prefixes of one length */
  ranges: readonly (readonly [low: string, high: string])[];
  /** the numbers' lengths the brand issues */
  lengths: readonly number[];
  cvcLength: number;
}

const BRANDS: Record<Exclude<CardBrand, 'unknown'>, BrandSpec> = {
  visa: { label: 'Visa', ranges: [['4', '4']], lengths: [13, 16, 19], cvcLength: 3 },
  mastercard: {
    label: 'Mastercard',
    ranges: [
      ['51', '55'],
      ['2221', '2720'],
    ],
    lengths: [16],
    cvcLength: 3,
  },
  amex: {
    label: 'American Express',
    ranges: [
      ['34', '34'],
      ['37', '37'],
    ],
    lengths: [15],
    cvcLength: 4,
  },
  discover: {
    label: 'Discover',
    ranges: [
      ['6011', '6011'],
      ['644', '649'],
      ['65', '65'],
    ],
    lengths: [16, 17, 18, 19],
    cvcLength: 3,
  },
  diners: {
    label: 'Diners Club',
    ranges: [
      ['300', '305'],
      ['309', '309'],
      ['36', '36'],
      ['38', '39'],
    ],
    lengths: [14, 15, 16, 17, 18, 19],
    cvcLength: 3,
  },
  jcb: { label: 'JCB', ranges: [['3528', '3589']], lengths: [16, 17, 18, 19], cvcLength: 3 },
  unionpay: {
    label: 'UnionPay',
    ranges: [
      ['62', '62'],
      ['81', '81'],
    ],
    lengths: [16, 17, 18, 19],
    cvcLength: 3,
  },
};

/** A number of an unknown brand: the lengths any card has (ISO/IEC 7812); the provider says the rest. */
const UNKNOWN_LENGTHS = [12, 13, 14, 15, 16, 17, 18, 19] as const;

/** The brand as people read it: "American Express"; "Card" when the brand is not known. */
export function cardBrandLabel(brand: string): string {
  return BRANDS[brand as keyof typeof BRANDS]?.label ?? 'Card';
}

/** A brand name as our api or the provider spelled it, read as one of ours (anything else is unknown). */
export function toCardBrand(brand: string | null | undefined): CardBrand {
  const name = (brand ?? '').toLowerCase().replace(/[\s_-]/g, '');
  if (name === 'americanexpress') return 'amex';
  if (name === 'dinersclub') return 'diners';
  return (CARD_BRANDS as readonly string[]).includes(name) ? (name as CardBrand) : 'unknown';
}

/** Only the digits of what was typed ("4242 4242-4242" → "42424242"). */
export const cardDigits = (value: string | null | undefined): string => (value ?? '').replace(/\D/g, '');

/** Whether digits typed so far can still begin a number of the range (or already do). */
function mayStartWith(digits: string, [low, high]: readonly [string, string]): boolean {
  const n = Math.min(digits.length, low.length);
  const head = Number(digits.slice(0, n));
  return head >= Number(low.slice(0, n)) && head <= Number(high.slice(0, n));
}

/**
 * The brand of a number from its leading digits, as they are typed: the one brand the digits can still
 * belong to ("4" is visa, "34" amex), unknown while they fit more than one ("3", "6") or none.
 */
export function detectCardBrand(number: string): CardBrand {
  const digits = cardDigits(number);
  if (!digits) return 'unknown';
  const candidates = (Object.keys(BRANDS) as (keyof typeof BRANDS)[]).filter((brand) =>
    BRANDS[brand].ranges.some((range) => mayStartWith(digits, range)),
  );
  return candidates.length === 1 ? candidates[0] : 'unknown';
}

/** The lengths a number of the brand may have. */
export function cardNumberLengths(brand: CardBrand): readonly number[] {
  return brand === 'unknown' ? UNKNOWN_LENGTHS : BRANDS[brand].lengths;
}

/** How many digits the brand's security code has: 4 for American Express, 3 for the others. */
export function cvcLength(brand: CardBrand): number {
  return brand === 'unknown' ? 3 : BRANDS[brand].cvcLength;
}

/** The Luhn (mod 10) check every card number passes. */
export function luhnValid(number: string): boolean {
  const digits = cardDigits(number);
  if (digits.length === 0) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The groups the brand prints its numbers in: 4-6-5 for American Express, 4-6-4 for 14-digit Diners. */
function groupsOf(brand: CardBrand, digits: string): number[] {
  if (brand === 'amex') return [4, 6, 5];
  if (brand === 'diners' && digits.startsWith('36')) return [4, 6, 4];
  return [4, 4, 4, 4, 3];
}

/**
 * The number in groups as it is typed ("4242424242424242" → "4242 4242 4242 4242", amex 4-6-5), cut at
 * the most digits the brand issues.
 */
export function formatCardNumber(value: string): string {
  const brand = detectCardBrand(value);
  const max = Math.max(...cardNumberLengths(brand));
  const digits = cardDigits(value).slice(0, max);
  const parts: string[] = [];
  let at = 0;
  for (const size of groupsOf(brand, digits)) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) parts.push(digits.slice(at));
  return parts.join(' ');
}

/** The number's message, or null when it can be sent: required, a length its brand issues, Luhn. */
export function checkCardNumber(value: string | null | undefined): string | null {
  const digits = cardDigits(value);
  if (!digits) return messages.cardNumberRequired;
  if (/[^\d\s-]/.test(value ?? '')) return messages.cardNumberInvalid;
  const brand = detectCardBrand(digits);
  if (!cardNumberLengths(brand).includes(digits.length) || !luhnValid(digits)) return messages.cardNumberInvalid;
  return null;
}

export interface CardExpiry {
  /** 1–12 */
  month: number;
  /** four digits */
  year: number;
}

/**
 * The expiry as typed: "MM/YY", "MM / YY", "MMYY" (and a four-digit year: "MM/YYYY"); null when it is
 * none of them or the month is not 1–12.
 */
export function parseCardExpiry(value: string | null | undefined): CardExpiry | null {
  const text = (value ?? '').trim();
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(text) ?? /^(\d{2})(\d{2})$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** The expiry as typed, shaped "MM / YY": a first digit above 1 is a month ("4" → "04 / "). */
export function formatCardExpiry(value: string, previous = ''): string {
  // a browser's autofill may bring a four-digit year: "12/2030"
  const full = /^\s*(\d{1,2})\s*\/\s*20(\d{2})\s*$/.exec(value);
  if (full) return `${full[1].padStart(2, '0')} / ${full[2]}`;
  let digits = cardDigits(value).slice(0, 4);
  if (/^[2-9]$/.test(digits.slice(0, 1))) digits = `0${digits}`.slice(0, 4);
  // deleting the separator deletes the month's last digit with it, so backspace is never stuck
  const deleting = value.length < previous.length && previous.endsWith(' / ') && !value.endsWith(' / ');
  if (deleting && digits.length === 2) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  if (digits.length === 2) return value.length > previous.length ? `${digits} / ` : digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** How far ahead an expiry may be: a date beyond this is a typing mistake. */
const EXPIRY_YEARS_AHEAD = 50;

/** Whether a card that expires at the end of that month has expired by `now`. */
export function cardExpired(expiry: CardExpiry, now: Date): boolean {
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  return expiry.year * 12 + (expiry.month - 1) < thisMonth;
}

/** The expiry's message, or null: required, a month and a year, not in the past on `now`. */
export function checkCardExpiry(value: string | null | undefined, now: Date): string | null {
  if (!(value ?? '').trim()) return messages.cardExpiryRequired;
  const expiry = parseCardExpiry(value);
  if (!expiry) return messages.cardExpiryInvalid;
  if (cardExpired(expiry, now)) return messages.cardExpired;
  if (expiry.year > now.getFullYear() + EXPIRY_YEARS_AHEAD) return messages.cardExpiryInvalid;
  return null;
}

/** The CVC's message, or null: required, digits only, as many as the brand's (4 for amex, else 3). */
export function checkCardCvc(value: string | null | undefined, brand: CardBrand): string | null {
  const cvc = (value ?? '').trim();
  if (!cvc) return messages.cardCvcRequired;
  if (!/^\d+$/.test(cvc) || cvc.length !== cvcLength(brand)) return messages.cardCvcInvalid;
  return null;
}

/** Spec section 5: the card holder name is required. */
export function checkCardHolderName(value: string | null | undefined): string | null {
  return (value ?? '').trim() ? null : messages.cardHolderNameRequired;
}

/** A card as typed in the card-entry form. */
export interface CardInput {
  name: string;
  number: string;
  /** "MM / YY" */
  expiry: string;
  cvc: string;
}

/** Each field's message (the contracts' words), none when the card can be sent to the provider. */
export function validateCard(card: Partial<CardInput>, now: Date): Partial<Record<keyof CardInput, string>> {
  const brand = detectCardBrand(card.number ?? '');
  const found: Partial<Record<keyof CardInput, string | null>> = {
    name: checkCardHolderName(card.name),
    number: checkCardNumber(card.number),
    expiry: checkCardExpiry(card.expiry, now),
    cvc: checkCardCvc(card.cvc, brand),
  };
  return Object.fromEntries(Object.entries(found).filter(([, message]) => message)) as Partial<
    Record<keyof CardInput, string>
  >;
}
