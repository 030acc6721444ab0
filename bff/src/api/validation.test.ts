import {
  businessRegisterRules,
  changePasswordRules,
  checkForm,
  listingRules,
  loginRules,
  messages,
  registerRules,
} from '@swapstuff/contracts';
import Joi from 'joi';
import { compileForm, joiErrors, parse } from './validation';

function apiErrors(schema: Joi.ObjectSchema, body: unknown): Record<string, string> {
  try {
    parse(schema, body);
    return {};
  } catch (err) {
    if (err instanceof Joi.ValidationError) return joiErrors(err);
    throw err;
  }
}

const validIndividual = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada_1815',
  email: 'ada@example.com',
  password: 'analytical',
  confirmPassword: 'analytical',
  agreeToTerms: true,
};

const validBusiness = {
  businessName: 'Acme Tools',
  businessUsername: 'acme_tools',
  businessEINNumber: '123456789',
  businessEmail: 'sales@acme.example',
  address: '1 Main St',
  city: 'Springfield',
  state: 'Illinois',
  zip: '62701',
  phone: '(217) 555-0100',
  password: 'hammer-time',
  confirmPassword: 'hammer-time',
  agreeToTerms: true,
};

describe('compileForm: the api refuses what the forms refuse, with the same messages', () => {
  const register = compileForm(registerRules);
  const business = compileForm(businessRegisterRules);

  it('accepts valid forms and strips unknown keys', () => {
    expect(apiErrors(register, validIndividual)).toEqual({});
    expect(parse(register, { ...validIndividual, extra: 'x' })).toEqual(validIndividual);
    expect(apiErrors(business, validBusiness)).toEqual({});
    expect(apiErrors(business, { ...validBusiness, businessEINNumber: '' })).toEqual({});
    expect(apiErrors(business, { ...validBusiness, businessEINNumber: undefined })).toEqual({});
  });

  it('reports every failing field of an empty body with its required message', () => {
    expect(apiErrors(register, {})).toEqual({
      firstName: messages.firstNameRequired,
      lastName: messages.lastNameRequired,
      username: messages.usernameRequired,
      email: messages.emailRequired,
      password: messages.passwordRequired,
      confirmPassword: messages.confirmPasswordRequired,
      agreeToTerms: messages.agreeToTerms,
    });
  });

  // Each case changes one field; the api must answer exactly what contracts' checkForm answers.
  const individualCases: [string, unknown][] = [
    ['firstName', ''],
    ['firstName', '   '],
    ['firstName', 'A'],
    ['firstName', 'A'.repeat(51)],
    ['lastName', 'B'],
    ['username', 'ab'],
    ['username', 'a'.repeat(21)],
    ['username', 'bad name'],
    ['username', 'dash-ed'],
    ['username', '123456'],
    ['email', 'not-an-email'],
    ['email', 'a@b.c'],
    ['email', ''],
    ['password', 'short'],
    ['confirmPassword', 'different1'],
    ['confirmPassword', ''],
    ['agreeToTerms', false],
    ['agreeToTerms', undefined],
  ];
  it.each(individualCases)('individual %s = %p', (field, value) => {
    const body = { ...validIndividual, [field]: value };
    const expected = checkForm(registerRules, body);
    expect(Object.keys(expected)).toContain(field);
    expect(apiErrors(register, body)).toEqual(expected);
  });

  const businessCases: [string, unknown][] = [
    ['businessName', 'X'],
    ['businessUsername', '999'],
    ['businessUsername', ''],
    ['businessEINNumber', '12345678'],
    ['businessEINNumber', '12-3456789'],
    ['businessEmail', ''],
    ['businessEmail', 'nope@'],
    ['address', ''],
    ['city', ''],
    ['state', 'New York'],
    ['state', 'NY1'],
    ['state', ''],
    ['zip', ''],
    ['phone', '(217) 555'],
    ['phone', ''],
    ['password', '1234567'],
    ['confirmPassword', 'other-pass'],
    ['agreeToTerms', 'yes'],
  ];
  it.each(businessCases)('business %s = %p', (field, value) => {
    const body = { ...validBusiness, [field]: value };
    const expected = checkForm(businessRegisterRules, body);
    expect(Object.keys(expected)).toContain(field);
    expect(apiErrors(business, body)).toEqual(expected);
  });

  it('compares against the named field for change password', () => {
    const schema = compileForm(changePasswordRules);
    const body = { currentPassword: 'old-password', newPassword: 'new-password', confirmPassword: 'new-passwort' };
    expect(apiErrors(schema, body)).toEqual({ confirmPassword: messages.passwordMatch });
    expect(apiErrors(schema, { ...body, confirmPassword: 'new-password' })).toEqual({});
  });

  it('refuses a non-string where text is expected and a non-object body', () => {
    const schema = compileForm(loginRules);
    expect(apiErrors(schema, { email: 42, password: 'x' })).toEqual({ email: messages.emailRequired });
    expect(apiErrors(schema, 'text')).toEqual({ _: messages.validationFailed });
  });
});

describe('listing rules: numbers and fields that exist only for buyable listings', () => {
  const listing = compileForm(listingRules, { is_buyable: Joi.any() });
  const valid = {
    category: '3',
    title: 'Road bike',
    price: '250.50',
    description: 'Aluminium frame, 56 cm',
    condition: 'Used',
    addressId: '7',
    city: 'Austin',
    state: 'Texas',
    zip: '73301',
  };
  const buyable = { ...valid, is_buyable: '1', height: '40', width: '20', length: '60', pounds: '22', ounces: '' };

  // Each case runs through the api (joi) and the form (checkForm): both must say the same.
  it.each([
    ['swap-only, no dimensions', { ...valid, is_buyable: '0' }, {}],
    ['buyable with dimensions', buyable, {}],
    ['price 1 and 999999 are allowed', { ...valid, price: '1' }, {}],
    ['price under 1', { ...valid, price: '0.99' }, { price: messages.priceMin }],
    ['price over 999999', { ...valid, price: '1000000' }, { price: messages.priceMax }],
    ['price not a number', { ...valid, price: 'ten' }, { price: messages.priceInvalid }],
    ['price missing', { ...valid, price: '' }, { price: messages.priceRequired }],
    ['title of 29', { ...valid, title: 'x'.repeat(29) }, { title: messages.titleLength }],
    ['state with digits', { ...valid, state: 'Texas1' }, { state: messages.stateLettersSpaces }],
    ['unknown condition', { ...valid, condition: 'Broken' }, { condition: messages.conditionRequired }],
    [
      'buyable without dimensions',
      { ...valid, is_buyable: '1' },
      {
        height: messages.heightRequired,
        width: messages.widthRequired,
        length: messages.lengthRequired,
        pounds: messages.poundsRequired,
      },
    ],
    [
      'dimensions out of bounds',
      { ...buyable, height: '108.5', width: '0.05', length: '0.001', pounds: '154', ounces: '60' },
      {
        height: messages.heightRange,
        width: messages.widthRange,
        length: messages.lengthRange,
        pounds: messages.poundsRange,
        ounces: messages.ouncesRange,
      },
    ],
    ['bounds are inclusive', { ...buyable, height: '0.1', width: '130', length: '0.01', pounds: '153' }, {}],
    ['ounces required under 1 pound', { ...buyable, pounds: '0.5' }, { ounces: messages.ouncesRequired }],
    ['ounces given under 1 pound', { ...buyable, pounds: '0', ounces: '12' }, {}],
    ['dimensions of a swap-only listing are ignored', { ...valid, is_buyable: '0', height: '999' }, {}],
  ])('%s', (_name, body, errors) => {
    expect(apiErrors(listing, body)).toEqual(errors);
    expect(checkForm(listingRules, body)).toEqual(errors);
  });

  it('drops the dimensions of a swap-only listing and turns numbers into numbers', () => {
    expect(parse(listing, { ...valid, is_buyable: '0', height: '999', pounds: '3' })).toEqual({
      ...valid,
      is_buyable: '0',
      category: 3,
      price: 250.5,
      addressId: 7,
    });
    expect(parse(listing, buyable)).toMatchObject({ height: 40, width: 20, length: 60, pounds: 22 });
  });
});
