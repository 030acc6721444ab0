import { messages, SESSION_REVOKED_ERROR, type LoginContent, type User } from '@swapstuff/contracts';
import { call, startTestApi, type TestApi } from '../../../test/harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const person = {
  firstName: 'Grace',
  lastName: 'Hopper',
  username: 'grace_h',
  email: 'Grace@Example.com',
  password: 'cobol-1959',
  confirmPassword: 'cobol-1959',
  agreeToTerms: true,
};

describe('sign-in, the mobile way', () => {
  beforeAll(async () => {
    const res = await call<LoginContent>(api.url, 'POST', '/api/register', { body: person });
    expect(res.status).toBe(201);
  });

  it.each(['/api/user/signin', '/api/user/signin1', '/api/signin'])(
    '%s returns a bearer token that opens /api/userdetail',
    async (path) => {
      const res = await call<LoginContent>(api.url, 'POST', path, {
        body: { email: 'grace@example.com', password: person.password },
      });
      expect(res.status).toBe(200);
      expect(res.body.Success).toBe(true);
      expect(res.body.Description).toBe(messages.loginSuccess);
      expect(typeof res.body.Content.token).toBe('string');
      expect(res.body.Content.user).toMatchObject({ email: 'grace@example.com', username: 'grace_h', is_business: 0 });

      for (const detail of ['/api/userdetail', '/api/v2/userdetail']) {
        const me = await call<{ user: User }>(api.url, 'GET', detail, { token: res.body.Content.token });
        expect(me.status).toBe(200);
        expect(me.body.Content.user).toEqual(res.body.Content.user);
        expect(me.body.Content.user).not.toHaveProperty('password_hash');
      }
    },
  );

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const wrong = await call(api.url, 'POST', '/api/user/signin', {
      body: { email: 'grace@example.com', password: 'not-it-at-all' },
    });
    const unknown = await call(api.url, 'POST', '/api/user/signin', {
      body: { email: 'nobody@example.com', password: 'not-it-at-all' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ Success: false, Description: messages.invalidCredentials, Content: null });
  });

  it('validates the sign-in body with the spec messages', async () => {
    const res = await call(api.url, 'POST', '/api/signin', { body: { email: 'nope', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body.Content).toEqual({ errors: { email: messages.invalidEmail, password: messages.passwordRequired } });
    expect(res.body.Description).toBe(messages.invalidEmail);
  });

  it('refuses /api/userdetail without a token (plain 401) and with a made-up one (401 "407")', async () => {
    const none = await call(api.url, 'GET', '/api/userdetail');
    expect(none.status).toBe(401);
    expect(none.body.error).toBeUndefined();
    expect(none.body.Success).toBe(false);
    const bogus = await call(api.url, 'GET', '/api/userdetail', { token: 'made-up' });
    expect(bogus.status).toBe(401);
    expect(bogus.body.error).toBe(SESSION_REVOKED_ERROR);
  });

  it('logout revokes the token: the next call gets 401 with error "407"', async () => {
    for (const [method, path] of [
      ['GET', '/api/logout/push-1'],
      ['POST', '/api/logout/push-2'],
      ['GET', '/api/web/logout/-'],
      ['POST', '/api/web/logout/-'],
    ]) {
      const signin = await call<LoginContent>(api.url, 'POST', '/api/signin', {
        body: { email: person.email, password: person.password },
      });
      const token = signin.body.Content.token as string;
      const out = await call(api.url, method, path, { token, body: method === 'POST' ? { token: 'push' } : undefined });
      expect(out.status).toBe(200);
      expect(out.body.Description).toBe(messages.loggedOut);
      const after = await call(api.url, 'GET', '/api/userdetail', { token });
      expect(after.status).toBe(401);
      expect(after.body).toEqual({
        Success: false,
        Description: messages.sessionEnded,
        Content: null,
        error: SESSION_REVOKED_ERROR,
      });
    }
  });

  it('gives the 11th wrong password within a minute 429 with Retry-After', async () => {
    const email = 'grace@example.com';
    for (let i = 1; i <= 10; i++) {
      const res = await call(api.url, 'POST', '/api/user/signin', { body: { email, password: `wrong-${i}-pass` } });
      expect(res.status).toBe(401);
    }
    const eleventh = await call(api.url, 'POST', '/api/user/signin', { body: { email, password: person.password } });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toMatchObject({ Success: false, Description: messages.tooManyAttempts });
    const retryAfter = Number(eleventh.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // another account from the same address is not locked out by it
    const other = await call(api.url, 'POST', '/api/user/signin', {
      body: { email: 'nobody@example.com', password: 'whatever1' },
    });
    expect(other.status).toBe(401);
  });

  it('limits failures per client address, read from X-Forwarded-For sent by the (loopback) gateway', async () => {
    const from = (ip: string, i: number) =>
      call(api.url, 'POST', '/api/user/signin', {
        body: { email: `spray-${i}@example.com`, password: 'password1' },
        headers: { 'X-Forwarded-For': ip },
      });
    for (let i = 1; i <= 50; i++) expect((await from('203.0.113.7', i)).status).toBe(401);
    const blocked = await from('203.0.113.7', 51);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await from('203.0.113.8', 51)).status).toBe(401);
  });

  it('without SMTP_URL, drops the reset mail in the outbox', async () => {
    const res = await call(api.url, 'POST', '/api/reset/app/password', { body: { email: person.email } });
    expect(res.status).toBe(200);
    const mail = await api.waitForMail('grace@example.com');
    expect(mail.subject).toBe('Reset your Swapstuff password');
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    expect(await api.outbox()).toHaveLength(1);
  });
});
