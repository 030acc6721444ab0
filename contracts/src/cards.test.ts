import {
  cardBrandLabel,
  cardExpired,
  checkCardCvc,
  checkCardExpiry,
  checkCardHolderName,
  checkCardNumber,
  cvcLength,
  detectCardBrand,
  formatCardExpiry,
  formatCardNumber,
  luhnValid,
  parseCardExpiry,
  toCardBrand,
  validateCard,
} from './cards';
import { messages } from './messages';

/** Stripe's documented test numbers (docs.stripe.com/testing), with the brand Stripe answers for each. */
const stripeTestCards: [number: string, brand: string][] = [
  ['4242424242424242', 'visa'],
  ['4000000000000002', 'visa'], // declined
  ['4000002500003155', 'visa'], // needs 3-D Secure
  ['5555555555554444', 'mastercard'],
  ['2223003122003222', 'mastercard'],
  ['378282246310005', 'amex'],
  ['6011111111111117', 'discover'],
  ['3056930009020004', 'diners'],
  ['36227206271667', 'diners'],
  ['3566002020360505', 'jcb'],
  ['6200000000000005', 'unionpay'],
];

const NOW = new Date(2026, 4, 15); // 15 May 2026

describe('card brands', () => {
  it.each(stripeTestCards)('reads %s as %s, valid', (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand);
    expect(luhnValid(number)).toBe(true);
    expect(checkCardNumber(number)).toBeNull();
    expect(checkCardNumber(formatCardNumber(number))).toBeNull();
  });

  it('knows the brand from the first digits, as they are typed', () => {
    expect(detectCardBrand('')).toBe('unknown');
    expect(detectCardBrand('4')).toBe('visa');
    expect(detectCardBrand('3')).toBe('unknown'); // amex, diners or jcb
    expect(detectCardBrand('34')).toBe('amex');
    expect(detectCardBrand('37')).toBe('amex');
    expect(detectCardBrand('35')).toBe('jcb');
    expect(detectCardBrand('3527')).toBe('unknown');
    expect(detectCardBrand('30')).toBe('diners');
    expect(detectCardBrand('36')).toBe('diners');
    expect(detectCardBrand('5')).toBe('mastercard');
    expect(detectCardBrand('50')).toBe('unknown');
    expect(detectCardBrand('2221')).toBe('mastercard');
    expect(detectCardBrand('2220')).toBe('unknown');
    expect(detectCardBrand('2721')).toBe('unknown');
    expect(detectCardBrand('6')).toBe('unknown'); // discover or unionpay
    expect(detectCardBrand('60')).toBe('discover');
    expect(detectCardBrand('6012')).toBe('unknown');
    expect(detectCardBrand('645')).toBe('discover');
    expect(detectCardBrand('65')).toBe('discover');
    expect(detectCardBrand('62')).toBe('unionpay');
    expect(detectCardBrand('1234')).toBe('unknown');
    expect(detectCardBrand('4242 42')).toBe('visa');
  });

  it('names each brand as people read it, and reads the api’s names', () => {
    expect(cardBrandLabel('amex')).toBe('American Express');
    expect(cardBrandLabel('diners')).toBe('Diners Club');
    expect(cardBrandLabel('visa')).toBe('Visa');
    expect(cardBrandLabel('unknown')).toBe('Card');
    expect(cardBrandLabel('solo')).toBe('Card');
    expect(toCardBrand('Visa')).toBe('visa');
    expect(toCardBrand('American Express')).toBe('amex');
    expect(toCardBrand('diners_club')).toBe('diners');
    expect(toCardBrand('maestro')).toBe('unknown');
    expect(toCardBrand(null)).toBe('unknown');
  });

  it('asks 4 CVC digits of American Express, 3 of the others', () => {
    expect(cvcLength('amex')).toBe(4);
    expect(cvcLength('visa')).toBe(3);
    expect(cvcLength('unknown')).toBe(3);
  });
});

describe('card numbers', () => {
  it('refuses a number that fails Luhn, has a length its brand does not issue, or is not digits', () => {
    expect(checkCardNumber('')).toBe(messages.cardNumberRequired);
    expect(checkCardNumber('   ')).toBe(messages.cardNumberRequired);
    expect(checkCardNumber('4242424242424241')).toBe(messages.cardNumberInvalid); // Luhn
    expect(checkCardNumber('424242424242424')).toBe(messages.cardNumberInvalid); // 15 digits visa
    expect(checkCardNumber('37828224631000')).toBe(messages.cardNumberInvalid); // 14 digits amex
    expect(checkCardNumber('4242 4242 4242 424x')).toBe(messages.cardNumberInvalid);
    expect(checkCardNumber('0000')).toBe(messages.cardNumberInvalid);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
  });

  it('prints the number in groups as it is typed: 4-4-4-4, 4-6-5 for amex, 4-6-4 for 14-digit diners', () => {
    expect(formatCardNumber('')).toBe('');
    expect(formatCardNumber('4')).toBe('4');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 4242abc4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('3782822463')).toBe('3782 822463');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('36227206271667')).toBe('3622 720627 1667');
    expect(formatCardNumber('3056930009020004')).toBe('3056 9300 0902 0004');
  });

  it('stops at the most digits the brand issues', () => {
    expect(formatCardNumber('3782822463100059')).toBe('3782 822463 10005');
    expect(formatCardNumber('55555555555544441')).toBe('5555 5555 5555 4444');
    expect(formatCardNumber('42424242424242424242')).toBe('4242 4242 4242 4242 424');
  });
});

describe('expiry', () => {
  it('reads MM/YY, MM / YY and MMYY (and a four-digit year)', () => {
    expect(parseCardExpiry('04/27')).toEqual({ month: 4, year: 2027 });
    expect(parseCardExpiry('04 / 27')).toEqual({ month: 4, year: 2027 });
    expect(parseCardExpiry('0427')).toEqual({ month: 4, year: 2027 });
    expect(parseCardExpiry('4/27')).toEqual({ month: 4, year: 2027 });
    expect(parseCardExpiry('12/2030')).toEqual({ month: 12, year: 2030 });
    expect(parseCardExpiry('13/27')).toBeNull();
    expect(parseCardExpiry('00/27')).toBeNull();
    expect(parseCardExpiry('04/2')).toBeNull();
    expect(parseCardExpiry('042')).toBeNull();
    expect(parseCardExpiry('ab/cd')).toBeNull();
    expect(parseCardExpiry('')).toBeNull();
  });

  it('counts a card as valid to the end of its month', () => {
    expect(cardExpired({ month: 5, year: 2026 }, NOW)).toBe(false);
    expect(cardExpired({ month: 4, year: 2026 }, NOW)).toBe(true);
    expect(cardExpired({ month: 12, year: 2025 }, NOW)).toBe(true);
    expect(cardExpired({ month: 1, year: 2027 }, NOW)).toBe(false);
  });

  it('says what is wrong with an expiry', () => {
    expect(checkCardExpiry('', NOW)).toBe(messages.cardExpiryRequired);
    expect(checkCardExpiry('13 / 27', NOW)).toBe(messages.cardExpiryInvalid);
    expect(checkCardExpiry('1', NOW)).toBe(messages.cardExpiryInvalid);
    expect(checkCardExpiry('04 / 26', NOW)).toBe(messages.cardExpired);
    expect(checkCardExpiry('12 / 25', NOW)).toBe(messages.cardExpired);
    expect(checkCardExpiry('05 / 26', NOW)).toBeNull();
    expect(checkCardExpiry('0530', NOW)).toBeNull();
    expect(checkCardExpiry('05/2090', NOW)).toBe(messages.cardExpiryInvalid);
  });

  it('shapes the expiry as MM / YY while it is typed', () => {
    expect(formatCardExpiry('')).toBe('');
    expect(formatCardExpiry('1', '')).toBe('1');
    expect(formatCardExpiry('12', '1')).toBe('12 / ');
    expect(formatCardExpiry('4', '')).toBe('04 / ');
    expect(formatCardExpiry('12 / 2', '12 / ')).toBe('12 / 2');
    expect(formatCardExpiry('12 / 278', '12 / 27')).toBe('12 / 27');
    expect(formatCardExpiry('1227', '')).toBe('12 / 27');
    expect(formatCardExpiry('12/2030', '')).toBe('12 / 30'); // autofill
    expect(formatCardExpiry('4/2030', '')).toBe('04 / 30');
    // backspace over the separator takes the month's last digit with it
    expect(formatCardExpiry('12 /', '12 / ')).toBe('1');
  });
});

describe('the card as a whole', () => {
  it('checks the CVC length of the brand', () => {
    expect(checkCardCvc('', 'visa')).toBe(messages.cardCvcRequired);
    expect(checkCardCvc('123', 'visa')).toBeNull();
    expect(checkCardCvc('1234', 'visa')).toBe(messages.cardCvcInvalid);
    expect(checkCardCvc('12', 'visa')).toBe(messages.cardCvcInvalid);
    expect(checkCardCvc('12a', 'visa')).toBe(messages.cardCvcInvalid);
    expect(checkCardCvc('1234', 'amex')).toBeNull();
    expect(checkCardCvc('123', 'amex')).toBe(messages.cardCvcInvalid);
  });

  it('requires the card holder name', () => {
    expect(checkCardHolderName('')).toBe(messages.cardHolderNameRequired);
    expect(checkCardHolderName('  ')).toBe(messages.cardHolderNameRequired);
    expect(checkCardHolderName(undefined)).toBe(messages.cardHolderNameRequired);
    expect(checkCardHolderName('Ada Lovelace')).toBeNull();
  });

  it('answers each field’s message, none for a good card', () => {
    const good = { name: 'Ada Lovelace', number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' };
    expect(validateCard(good, NOW)).toEqual({});
    expect(validateCard({ ...good, number: '3782 822463 10005', cvc: '1234' }, NOW)).toEqual({});
    expect(validateCard({ ...good, number: '3782 822463 10005' }, NOW)).toEqual({ cvc: messages.cardCvcInvalid });
    expect(validateCard({}, NOW)).toEqual({
      name: messages.cardHolderNameRequired,
      number: messages.cardNumberRequired,
      expiry: messages.cardExpiryRequired,
      cvc: messages.cardCvcRequired,
    });
    expect(validateCard({ name: 'Ada', number: '4242 4242 4242 4241', expiry: '01 / 20', cvc: '12' }, NOW)).toEqual({
      number: messages.cardNumberInvalid,
      expiry: messages.cardExpired,
      cvc: messages.cardCvcInvalid,
    });
  });
});
