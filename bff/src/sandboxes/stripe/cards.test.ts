import { brandOf, luhn, outcomeOf, tokenize } from './cards';
import { StripeError } from './errors';

const NOW = new Date('2030-06-15T12:00:00Z');
const card = (number: string, extra: { exp_month?: string; exp_year?: string; cvc?: string } = {}) =>
  tokenize({ number, exp_month: '12', exp_year: '2032', cvc: '123', ...extra }, 'key', NOW);

/** The Stripe error code tokenization answers for the card. */
function refusal(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(StripeError);
    expect((err as StripeError).status).toBe(402);
    return (err as StripeError).body.code;
  }
}

it("reads each brand of Stripe's test cards", () => {
  expect(
    [
      '4242424242424242',
      '5555555555554444',
      '2223003122003222',
      '378282246310005',
      '6011111111111117',
      '3056930009020004',
      '36227206271667',
      '3566002020360505',
      '6200000000000005',
    ].map((number) => [card(number, { cvc: brandOf(number) === 'amex' ? '1234' : '123' }).brand, number]),
  ).toEqual([
    ['visa', '4242424242424242'],
    ['mastercard', '5555555555554444'],
    ['mastercard', '2223003122003222'],
    ['amex', '378282246310005'],
    ['discover', '6011111111111117'],
    ['diners', '3056930009020004'],
    ['diners', '36227206271667'],
    ['jcb', '3566002020360505'],
    ['unionpay', '6200000000000005'],
  ]);
});

it('keeps the last 4, the expiry and a fingerprint, the same for the same number only', () => {
  const visa = card('4242 4242 4242 4242');
  expect(visa).toMatchObject({ last4: '4242', exp_month: 12, exp_year: 2032, funding: 'credit', country: 'US' });
  expect(JSON.stringify(visa)).not.toMatch(/424242424242|123/);
  expect(card('4242424242424242').fingerprint).toBe(visa.fingerprint);
  expect(card('5555555555554444').fingerprint).not.toBe(visa.fingerprint);
  expect(tokenize({ number: '4242424242424242', exp_month: '1', exp_year: '31' }, 'key', NOW)).toMatchObject({
    exp_month: 1,
    exp_year: 2031,
  });
});

it("refuses what Stripe's tokenization refuses, with its codes", () => {
  expect(refusal(() => card('4242424242424241'))).toBe('incorrect_number');
  expect(refusal(() => card('42424242'))).toBe('invalid_number');
  expect(refusal(() => card('4242-abcd'))).toBe('invalid_number');
  expect(refusal(() => card('4242424242424242', { exp_month: '13' }))).toBe('invalid_expiry_month');
  expect(refusal(() => card('4242424242424242', { exp_month: '' }))).toBe('invalid_expiry_month');
  expect(refusal(() => card('4242424242424242', { exp_year: '2029' }))).toBe('invalid_expiry_year');
  expect(refusal(() => card('4242424242424242', { exp_year: '2030', exp_month: '5' }))).toBe('invalid_expiry_month');
  expect(refusal(() => card('4242424242424242', { exp_year: '2030', exp_month: '6' }))).toBeUndefined();
  expect(refusal(() => card('4242424242424242', { cvc: '12' }))).toBe('invalid_cvc');
  expect(refusal(() => card('4242424242424242', { cvc: '1234' }))).toBe('invalid_cvc');
  expect(refusal(() => card('378282246310005', { cvc: '123' }))).toBe('invalid_cvc');
  expect(refusal(() => card('378282246310005', { cvc: '1234' }))).toBeUndefined();
});

it('implements Luhn', () => {
  expect(['4242424242424242', '79927398713', '0'].map(luhn)).toEqual([true, true, true]);
  expect(['4242424242424243', '79927398710'].map(luhn)).toEqual([false, false]);
});

it('what a confirmation does with each kind of card', () => {
  const once = card('4000002500003155').behaviour;
  const always = card('4000002760003184').behaviour;
  const use = (setup: boolean, setUp: boolean, offSession: boolean) => ({ setup, setUp, offSession });
  expect(outcomeOf(once, use(true, false, false)).result).toBe('authenticates');
  expect(outcomeOf(once, use(false, false, false)).result).toBe('authenticates');
  expect(outcomeOf(once, use(false, false, true))).toMatchObject({ code: 'authentication_required' });
  expect(outcomeOf(once, use(false, true, true)).result).toBe('succeeds');
  expect(outcomeOf(always, use(false, true, false)).result).toBe('authenticates');
  expect(outcomeOf(always, use(false, true, true))).toMatchObject({ code: 'authentication_required' });
  expect(outcomeOf(card('4000000000009995').behaviour, use(false, false, false))).toEqual({
    result: 'declines',
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  });
});
