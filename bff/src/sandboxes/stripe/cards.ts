/**
 * Card numbers as Stripe's test mode reads them (https://docs.stripe.com/testing): brand by prefix, the
 * documented test cards and what each does at confirmation, and tokenization's checks. The number and the
 * CVC live only inside `tokenize`: what leaves it is brand, last 4, expiry, a fingerprint and the behaviour.
 */
import { createHmac } from 'node:crypto';
import { cardError } from './errors';

export type Brand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

/** What a confirmation does with the card. */
export type Behaviour =
  | { kind: 'succeeds' }
  /** the issuer refuses it: Stripe's code, decline_code and message */
  | { kind: 'declines'; code: string; declineCode: string; message: string }
  /** 3D Secure when set up (and on a payment it was not set up for); none after a successful setup */
  | { kind: 'authenticates-once' }
  /** 3D Secure on every confirmation; an off-session payment fails with authentication_required */
  | { kind: 'authenticates-always' };

export interface CardFacts {
  brand: Brand;
  last4: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string;
  funding: 'credit' | 'debit' | 'prepaid' | 'unknown';
  country: string;
  behaviour: Behaviour;
}

const DECLINED = 'Your card was declined.';
const declines = (declineCode: string, message = DECLINED, code = 'card_declined'): Behaviour => ({
  kind: 'declines',
  code,
  declineCode,
  message,
});

/** Stripe's documented test numbers that do more than succeed, or that are not credit cards of the US. */
const TEST_CARDS: Record<string, { behaviour?: Behaviour; funding?: CardFacts['funding']; country?: string }> = {
  '4000056655665556': { funding: 'debit' },
  '5200828282828210': { funding: 'debit' },
  '5105105105105100': { funding: 'prepaid' },
  '4000000000000002': { behaviour: declines('generic_decline') },
  '4000000000009995': { behaviour: declines('insufficient_funds', 'Your card has insufficient funds.') },
  '4000000000009987': { behaviour: declines('lost_card') },
  '4000000000009979': { behaviour: declines('stolen_card') },
  '4000000000000069': { behaviour: declines('expired_card', 'Your card has expired.', 'expired_card') },
  '4000000000000127': {
    behaviour: declines('incorrect_cvc', "Your card's security code is incorrect.", 'incorrect_cvc'),
  },
  '4000000000000119': {
    behaviour: declines(
      'processing_error',
      'An error occurred while processing your card. Try again in a little bit.',
      'processing_error',
    ),
  },
  '4000002500003155': { behaviour: { kind: 'authenticates-once' } },
  '4000002760003184': { behaviour: { kind: 'authenticates-always' } },
  '4000000000003220': { behaviour: { kind: 'authenticates-always' } },
};

export function brandOf(number: string): Brand {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|64[4-9]|65)/.test(number)) return 'discover';
  if (/^(30[0-5]|309|36|3[89])/.test(number)) return 'diners';
  if (/^35(2[89]|[3-8])/.test(number)) return 'jcb';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}

const LENGTHS: Record<Brand, number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  discover: [16, 19],
  diners: [14, 16, 19],
  jcb: [16, 19],
  unionpay: [16, 17, 18, 19],
  unknown: [12, 13, 14, 15, 16, 17, 18, 19],
};

export function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface RawCard {
  number?: string;
  exp_month?: string;
  exp_year?: string;
  cvc?: string;
}

const refuse = (code: string, message: string, param: string) => cardError({ code, message, param: `card[${param}]` });

/** Two-digit years are this century's, as Stripe reads them. */
function fullYear(text: string): number {
  const year = Number(text);
  return text.length <= 2 ? 2000 + year : year;
}

/**
 * The card's facts, or Stripe's 402 for what tokenization refuses: the number (its digits, length and Luhn
 * check), the expiry (a month 1–12, not in the past) and the CVC (3 digits, 4 for amex). A declining test
 * card is tokenized like any other: the issuer refuses it later, at confirmation.
 */
export function tokenize(raw: RawCard, fingerprintKey: string, now: Date): CardFacts {
  const number = (raw.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d+$/.test(number)) throw refuse('invalid_number', 'Your card number is invalid.', 'number');
  const brand = brandOf(number);
  if (!LENGTHS[brand].includes(number.length)) throw refuse('invalid_number', 'Your card number is invalid.', 'number');
  if (!luhn(number)) throw refuse('incorrect_number', 'Your card number is incorrect.', 'number');

  const month = Number(raw.exp_month);
  if (!/^\d{1,2}$/.test(raw.exp_month ?? '') || month < 1 || month > 12)
    throw refuse('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  if (!/^(\d{2}|\d{4})$/.test(raw.exp_year ?? ''))
    throw refuse('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
  const year = fullYear(raw.exp_year!);
  const thisYear = now.getUTCFullYear();
  if (year < thisYear || year > thisYear + 50)
    throw refuse('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
  if (year === thisYear && month < now.getUTCMonth() + 1)
    throw refuse('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');

  // Stripe.js always sends the CVC; a server-side tokenization may leave it out
  if (raw.cvc !== undefined && !new RegExp(`^\\d{${brand === 'amex' ? 4 : 3}}$`).test(raw.cvc))
    throw refuse('invalid_cvc', "Your card's security code is invalid.", 'cvc');

  const test = TEST_CARDS[number] ?? {};
  return {
    brand,
    last4: number.slice(-4),
    exp_month: month,
    exp_year: year,
    // the same number gives the same fingerprint (Stripe's way to spot one card saved twice), and the
    // number cannot be read back from it without the key
    fingerprint: createHmac('sha256', fingerprintKey).update(number).digest('base64url').slice(0, 16),
    funding: test.funding ?? 'credit',
    country: test.country ?? 'US',
    behaviour: test.behaviour ?? { kind: 'succeeds' },
  };
}

export type Outcome =
  | { result: 'succeeds' }
  | { result: 'authenticates' }
  | { result: 'declines'; code: string; declineCode: string; message: string };

const AUTHENTICATION_REQUIRED: Outcome = {
  result: 'declines',
  code: 'authentication_required',
  declineCode: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};

/**
 * What confirming a SetupIntent or a PaymentIntent with the card does. An off-session payment cannot ask
 * the card holder to authenticate: a card that would need it is declined with authentication_required.
 */
export function outcomeOf(behaviour: Behaviour, use: { setup: boolean; setUp: boolean; offSession: boolean }): Outcome {
  switch (behaviour.kind) {
    case 'succeeds':
      return { result: 'succeeds' };
    case 'declines':
      return {
        result: 'declines',
        code: behaviour.code,
        declineCode: behaviour.declineCode,
        message: behaviour.message,
      };
    case 'authenticates-once':
      if (use.setup) return { result: 'authenticates' };
      if (use.setUp) return { result: 'succeeds' };
      return use.offSession ? AUTHENTICATION_REQUIRED : { result: 'authenticates' };
    case 'authenticates-always':
      return use.offSession && !use.setup ? AUTHENTICATION_REQUIRED : { result: 'authenticates' };
  }
}

/** Stripe's display names, for the 3D Secure page. */
export const BRAND_NAMES: Record<Brand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
};
