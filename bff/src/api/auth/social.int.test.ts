import { generateKeyPair, SignJWT } from 'jose';
import { messages, type LoginContent, type User } from '@swapstuff/contracts';
import { call, startTestApi, type TestApi } from '../../../test/harness';
import { registerUser } from '../../../test/listings';
import { idTokenFrom, OIDC_CLIENTS, startTestProvider, type TestProvider } from '../../../test/oidc';
import { subjectOf } from '../../sandboxes/oidc';
import { proposedUsername } from './social';

/**
 * Social sign-in for apps (issue 15): `/api/app/social/login` believes only the provider's ID token, checked
 * against a real OpenID Provider (our oidc-provider sandbox playing Google): its signature (the provider's
 * JWKS), issuer, audience, expiry, nonce and a verified e-mail. The first sign-in makes an account, a later one
 * opens it, and a password account with the same verified e-mail is linked.
 */
let provider: TestProvider;
let api: TestApi;
let n = 0;

beforeAll(async () => {
  provider = await startTestProvider();
  api = await startTestApi({
    identity: {
      google: {
        issuer: provider.url,
        clientId: OIDC_CLIENTS.web.client_id,
        clientSecret: OIDC_CLIENTS.web.client_secret,
        appClientIds: [OIDC_CLIENTS.app.client_id],
      },
    },
  });
});
afterAll(async () => {
  await api.close();
  await provider.close();
});

const fresh = (name: string) => `${name}.${++n}.${Date.now() % 100000}@gmail.example`;
type Answer = LoginContent & { newAccount: boolean };
const socialLogin = (body: Record<string, unknown>) => call<Answer>(api.url, 'POST', '/api/app/social/login', { body });
const refused = { status: 401, body: { Description: messages.socialLoginFailed } };
/** The claims our app's ID token carries for `email`, valid from `iat` for ten minutes. */
const claimsOf = (email: string, iat = Math.floor(Date.now() / 1000)) => ({
  sub: subjectOf(email),
  aud: OIDC_CLIENTS.app.client_id,
  email,
  email_verified: true,
  iat,
  exp: iat + 600,
});

describe('the providers', () => {
  it('says which are configured, and refuses the others', async () => {
    expect((await call(api.url, 'GET', '/api/app/social/providers')).body.Content).toEqual({
      google: true,
      apple: false,
      facebook: false,
    });
    expect(await socialLogin({ provider: 'apple', token: 'x.y.z' })).toMatchObject({
      status: 400,
      body: { Description: messages.socialProviderNotConfigured },
    });
    expect((await socialLogin({ provider: 'myspace', token: 'x.y.z' })).status).toBe(400);
    expect((await socialLogin({ provider: 'google' })).status).toBe(400);
  });
});

describe('signing in', () => {
  it('makes an account the first time, with a proposed username, and opens it the next', async () => {
    const email = fresh('grace.hopper');
    const first = await socialLogin({ provider: 'google', token: await idTokenFrom(provider.url, email) });
    expect(first).toMatchObject({
      status: 200,
      body: { Content: { newAccount: true, user: { email, first_name: 'Grace', last_name: 'Hopper' } } },
    });
    const user = first.body.Content.user;
    expect(user.username).toMatch(/^grace_hopper/);
    const me = await call<{ user: User }>(api.url, 'GET', '/api/userdetail', { token: first.body.Content.token });
    expect(me.body.Content.user.id).toBe(user.id);

    // the body's own email and id are the app's reading of the token, and are not believed
    const again = await socialLogin({
      provider: 'google',
      token: await idTokenFrom(provider.url, email),
      email: 'someone.else@example.com',
      id: '1',
    });
    expect(again).toMatchObject({ status: 200, body: { Content: { newAccount: false, user: { id: user.id } } } });
    expect(await api.db('social_identities').where({ user_id: user.id })).toHaveLength(1);
  });

  it('links a password account with the same verified e-mail, whose password still works', async () => {
    const username = `linked_${++n}_${Date.now() % 100000}`;
    await registerUser(api, username);
    const email = `${username}@example.com`;
    const { id } = await api.db('users').where({ username }).first('id');
    const res = await socialLogin({ provider: 'google', token: await idTokenFrom(provider.url, email) });
    expect(res).toMatchObject({ status: 200, body: { Content: { newAccount: false, user: { id, username } } } });
    const password = await call(api.url, 'POST', '/api/user/signin', { body: { email, password: 'listing-pass-1' } });
    expect(password.status).toBe(200);
  });

  it('checks the nonce the app sent', async () => {
    const email = fresh('nonce');
    const token = await idTokenFrom(provider.url, email, { nonce: 'n-0S6_WzA2Mj' });
    expect(await socialLogin({ provider: 'google', token, nonce: 'another-nonce' })).toMatchObject(refused);
    expect((await socialLogin({ provider: 'google', token, nonce: 'n-0S6_WzA2Mj' })).status).toBe(200);
  });

  it('gives ten sign-ins of one new person at once one account', async () => {
    const email = fresh('ada.race');
    const tokens = await Promise.all(Array.from({ length: 10 }, () => idTokenFrom(provider.url, email)));
    const answers = await Promise.all(tokens.map((token) => socialLogin({ provider: 'google', token })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body.Content.user.id)).size).toBe(1);
    expect(answers.filter((a) => a.body.Content.newAccount)).toHaveLength(1);
    expect(await api.db('users').where({ email })).toHaveLength(1);
  });
});

describe('refusing a token', () => {
  it('issued to another client (wrong audience)', async () => {
    const token = await idTokenFrom(provider.url, fresh('audience'), { client: 'other' });
    expect(await socialLogin({ provider: 'google', token })).toMatchObject(refused);
  });

  it('whose signature is not the provider’s: altered, or made with another key', async () => {
    const token = await idTokenFrom(provider.url, fresh('signature'));
    const [header, payload, signature] = token.split('.');
    const flipped = signature.charAt(10) === 'A' ? 'B' : 'A';
    const altered = `${header}.${payload}.${signature.slice(0, 10)}${flipped}${signature.slice(11)}`;
    expect(await socialLogin({ provider: 'google', token: altered })).toMatchObject(refused);

    // the same claims, with a payload that says another e-mail, under the provider's header
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, email: 'ceo@swapstuff.example' })).toString('base64url');
    expect(await socialLogin({ provider: 'google', token: `${header}.${forged}.${signature}` })).toMatchObject(refused);

    const { privateKey } = await generateKeyPair('RS256');
    const own = await new SignJWT({ email: fresh('own'), email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: JSON.parse(Buffer.from(header, 'base64url').toString()).kid })
      .setIssuer(provider.url)
      .setAudience(OIDC_CLIENTS.app.client_id)
      .setSubject('attacker')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    expect(await socialLogin({ provider: 'google', token: own })).toMatchObject(refused);
  });

  it('names a new account as the person told the provider when the token names no one (Apple), never otherwise', async () => {
    const relayed = fresh('x7k2q9');
    const made = await socialLogin({
      provider: 'google',
      token: await provider.sign(claimsOf(relayed)),
      givenName: ' Ada ',
      familyName: 'Lovelace',
    });
    expect(made.status).toBe(200);
    expect(made.body.Content.user).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
    // a later sign-in does not rename the account
    const again = await socialLogin({
      provider: 'google',
      token: await provider.sign(claimsOf(relayed)),
      givenName: 'Eve',
    });
    expect(again.body.Content.user).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
    // a token that names the person wins over the body
    const named = fresh('named');
    const withName = await socialLogin({
      provider: 'google',
      token: await provider.sign({ ...claimsOf(named), given_name: 'Grace', family_name: 'Hopper' }),
      givenName: 'Mallory',
    });
    expect(withName.body.Content.user).toMatchObject({ first_name: 'Grace', last_name: 'Hopper' });
    expect((await socialLogin({ provider: 'google', token: 'x.y.z', givenName: 'x'.repeat(51) })).status).toBe(400);
  });

  it('that has expired', async () => {
    const now = Math.floor(Date.now() / 1000);
    const email = fresh('expired');
    const token = await provider.sign({ ...claimsOf(email, now - 7200), exp: now - 3600 });
    expect(await socialLogin({ provider: 'google', token })).toMatchObject(refused);
    // the same, still valid, is taken: what refused it was the time
    const valid = await provider.sign(claimsOf(email, now));
    expect((await socialLogin({ provider: 'google', token: valid })).status).toBe(200);
  });

  it('whose e-mail the provider has not verified: no account made, none linked', async () => {
    const username = `unverified_${++n}_${Date.now() % 100000}`;
    await registerUser(api, username);
    const email = `${username}@example.com`;
    const token = await idTokenFrom(provider.url, email);
    expect(await socialLogin({ provider: 'google', token })).toMatchObject(refused);
    const { id } = await api.db('users').where({ email }).first('id');
    expect(await api.db('social_identities').where({ user_id: id })).toEqual([]);
    const stranger = fresh('unverified.stranger');
    expect(await socialLogin({ provider: 'google', token: await idTokenFrom(provider.url, stranger) })).toMatchObject(
      refused,
    );
    expect(await api.db('users').where({ email: stranger })).toEqual([]);
  });
});

describe('a proposed username', () => {
  it('follows the username rule whatever the e-mail', () => {
    for (const email of ['a@x.io', '12345@x.io', 'Jean-Luc.Picard+tv@x.io', `${'long'.repeat(10)}@x.io`, '_@x.io']) {
      for (const taken of [0, 1]) {
        const name = proposedUsername(email, taken);
        expect(name).toMatch(/^[a-z0-9_]{3,20}$/);
        expect(name).not.toMatch(/^[0-9]+$/);
      }
    }
  });
});
