import { checkField, checkForm, registerRules, businessRegisterRules, messages } from './index';

describe('registration rules', () => {
  const valid = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: 'ada_l',
    email: 'ada@example.com',
    password: 'longenough',
    confirmPassword: 'longenough',
    agreeToTerms: true,
  };

  it('accepts a valid individual', () => {
    expect(checkForm(registerRules, valid)).toEqual({});
  });

  it('uses the spec messages', () => {
    const errors = checkForm(registerRules, {
      ...valid,
      email: 'nope',
      confirmPassword: 'different1',
      agreeToTerms: false,
    });
    expect(errors).toEqual({
      email: messages.invalidEmail,
      confirmPassword: 'Password must be matched',
      agreeToTerms: 'Accept terms and conditions to register an account',
    });
    expect(checkField(registerRules.email, '')).toBe('Email is required');
  });

  it('refuses usernames that are only digits or have other characters', () => {
    expect(checkField(registerRules.username, '12345')).toBe(messages.usernameNotOnlyDigits);
    expect(checkField(registerRules.username, 'ab-c')).toBe(messages.usernamePattern);
    expect(checkField(registerRules.username, 'ab')).toBe(messages.usernameLength);
    expect(checkField(registerRules.username, 'a'.repeat(21))).toBe(messages.usernameLength);
    expect(checkField(registerRules.username, 'user_1')).toBeNull();
  });

  it('checks business phone, EIN and state', () => {
    expect(checkField(businessRegisterRules.phone, '(555) 123-45')).toBe('Invalid contact no');
    expect(checkField(businessRegisterRules.phone, '(555) 123-4567')).toBeNull();
    expect(checkField(businessRegisterRules.businessEINNumber, '')).toBeNull();
    expect(checkField(businessRegisterRules.businessEINNumber, '12345678')).toBe(messages.einLength);
    expect(checkField(businessRegisterRules.businessEINNumber, '123456789')).toBeNull();
    expect(checkField(businessRegisterRules.state, 'New York')).toBe(messages.stateAlphabetic);
    expect(checkField(businessRegisterRules.state, 'NY')).toBeNull();
  });
});
