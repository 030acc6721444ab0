import {
  businessRegisterRules,
  checkForm,
  messages,
  registerRules,
  type LoginContent,
  type User,
} from '@swapstuff/contracts';
import { call, startTestApi, type TestApi } from '../../../test/harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const individual = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada_1815',
  email: 'ada@example.com',
  password: 'analytical',
  confirmPassword: 'analytical',
  agreeToTerms: true,
};

const business = {
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

// One broken field per case, with the spec's (or our documented) message it must produce; a broken
// password also breaks its confirmation, which must be reported alongside, as the form does.
const individualCases: [string, unknown, string][] = [
  ['firstName', undefined, messages.firstNameRequired],
  ['firstName', 'A', messages.firstNameLength],
  ['firstName', 'A'.repeat(51), messages.firstNameLength],
  ['lastName', '', messages.lastNameRequired],
  ['lastName', 'B', messages.lastNameLength],
  ['lastName', 'B'.repeat(51), messages.lastNameLength],
  ['username', '', messages.usernameRequired],
  ['username', 'ab', messages.usernameLength],
  ['username', 'a'.repeat(21), messages.usernameLength],
  ['username', 'ada lovelace', messages.usernamePattern],
  ['username', 'ada-1815', messages.usernamePattern],
  ['username', '18151852', messages.usernameNotOnlyDigits],
  ['email', '', messages.emailRequired],
  ['email', 'ada@example', messages.invalidEmail],
  ['password', '', messages.passwordRequired],
  ['password', 'short12', messages.passwordMin],
  ['confirmPassword', '', messages.confirmPasswordRequired],
  ['confirmPassword', 'analyticaL', messages.passwordMatch],
  ['agreeToTerms', false, messages.agreeToTerms],
  ['agreeToTerms', undefined, messages.agreeToTerms],
];

const businessCases: [string, unknown, string][] = [
  ['businessName', '', messages.businessNameRequired],
  ['businessName', 'A', messages.businessNameLength],
  ['businessName', 'A'.repeat(51), messages.businessNameLength],
  ['businessUsername', '', messages.businessUsernameRequired],
  ['businessUsername', 'ac', messages.usernameLength],
  ['businessUsername', 'acme tools', messages.usernamePattern],
  ['businessUsername', '2024', messages.usernameNotOnlyDigits],
  ['businessEINNumber', '12345678', messages.einLength],
  ['businessEINNumber', '1234567890', messages.einLength],
  ['businessEINNumber', '12-3456789', messages.einLength],
  ['businessEmail', '', messages.businessEmailRequired],
  ['businessEmail', 'sales@', messages.invalidEmail],
  ['address', '', messages.addressRequired],
  ['city', '', messages.cityRequired],
  ['state', '', messages.stateRequired],
  ['state', 'Illinois2', messages.stateAlphabetic],
  ['zip', '', messages.zipRequired],
  ['phone', '', messages.phoneRequired],
  ['phone', '(217) 555-010', messages.invalidContact],
  ['phone', '+1 (217) 555-01000', messages.invalidContact],
  ['password', 'short', messages.passwordMin],
  ['confirmPassword', 'hammer-tim', messages.passwordMatch],
  ['agreeToTerms', false, messages.agreeToTerms],
];

describe('POST /api/register (individual)', () => {
  it.each(individualCases)('%s = %p → 400 "%s"', async (field, value, message) => {
    const body = { ...individual, [field]: value };
    // the browser form (contracts) and the api agree
    const expected = checkForm(registerRules, body);
    expect(expected[field]).toBe(message);
    const res = await call(api.url, 'POST', '/api/register', { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      Success: false,
      Description: Object.values(expected)[0],
      Content: { errors: expected },
    });
  });

  it('creates the account and signs it in (201, token + profile)', async () => {
    const res = await call<LoginContent>(api.url, 'POST', '/api/register', { body: individual });
    expect(res.status).toBe(201);
    expect(res.body.Success).toBe(true);
    expect(res.body.Description).toBe(messages.registered);
    expect(res.body.Content.user).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: 'ada_1815',
      email: 'ada@example.com',
      is_business: 0,
      role: 'user',
    });
    const me = await call<{ user: User }>(api.url, 'GET', '/api/userdetail', { token: res.body.Content.token });
    expect(me.body.Content.user.username).toBe('ada_1815');
  });

  it('refuses a taken e-mail (any case) and a taken username (any case) with 409', async () => {
    const res = await call(api.url, 'POST', '/api/register', {
      body: { ...individual, email: 'ADA@example.com', username: 'ADA_1815' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      Success: false,
      Description: messages.emailTaken,
      Content: { errors: { email: messages.emailTaken, username: messages.usernameTaken } },
    });
    const onlyName = await call(api.url, 'POST', '/api/register', {
      body: { ...individual, email: 'other@example.com' },
    });
    expect(onlyName.status).toBe(409);
    expect(onlyName.body.Content).toEqual({ errors: { username: messages.usernameTaken } });
  });
});

describe('POST /api/v2/register (business)', () => {
  it.each(businessCases)('%s = %p → 400 "%s"', async (field, value, message) => {
    const body = { ...business, [field]: value };
    const expected = checkForm(businessRegisterRules, body);
    expect(expected[field]).toBe(message);
    const res = await call(api.url, 'POST', '/api/v2/register', { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      Success: false,
      Description: Object.values(expected)[0],
      Content: { errors: expected },
    });
  });

  it('creates a business account without an EIN, signed in with its business e-mail', async () => {
    const res = await call<LoginContent>(api.url, 'POST', '/api/v2/register', {
      body: { ...business, businessEINNumber: '' },
    });
    expect(res.status).toBe(201);
    expect(res.body.Content.user).toMatchObject({
      is_business: 1,
      businessName: 'Acme Tools',
      businessUsername: 'acme_tools',
      businessEINNumber: null,
      businessEmail: 'sales@acme.example',
      email: 'sales@acme.example',
      phone_no: '(217) 555-0100',
      address: '1 Main St',
      city: 'Springfield',
      state: 'Illinois',
      zip: '62701',
    });
    const signin = await call<LoginContent>(api.url, 'POST', '/api/user/signin', {
      body: { email: 'sales@acme.example', password: business.password },
    });
    expect(signin.status).toBe(200);
    expect(signin.body.Content.user.businessName).toBe('Acme Tools');
  });

  it('keeps an EIN given as 9 digits', async () => {
    const res = await call<LoginContent>(api.url, 'POST', '/api/v2/register', {
      body: { ...business, businessUsername: 'acme_two', businessEmail: 'two@acme.example' },
    });
    expect(res.status).toBe(201);
    expect(res.body.Content.user.businessEINNumber).toBe('123456789');
  });

  it('shares the username and e-mail namespaces with individuals', async () => {
    const res = await call(api.url, 'POST', '/api/v2/register', {
      body: { ...business, businessUsername: 'ada_1815', businessEmail: 'ada@example.com' },
    });
    expect(res.status).toBe(409);
    expect(res.body.Content).toEqual({
      errors: { businessEmail: messages.emailTaken, businessUsername: messages.usernameTaken },
    });
  });
});
