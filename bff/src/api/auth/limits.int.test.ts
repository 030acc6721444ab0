import { messages, type LoginContent } from '@swapstuff/contracts';
import { call, startTestApi, type Answer, type TestApi } from '../../../test/harness';
import { ACCOUNT_FAILURES_PER_MINUTE, IP_FAILURES_PER_MINUTE, PASSWORD_CHECKS_PER_WINDOW } from './service';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const PASSWORD = 'brass-lamp-1931';

async function register(username: string, password = PASSWORD): Promise<Answer<LoginContent>> {
  return call<LoginContent>(api.url, 'POST', '/api/register', {
    body: {
      firstName: 'Test',
      lastName: 'User',
      username,
      email: `${username}@example.com`,
      password,
      confirmPassword: password,
      agreeToTerms: true,
    },
  });
}

/** Each request from its own address unless told otherwise, so that only the account's limit is at play. */
let nextIp = 1;
const signIn = (email: string, password: string, ip = `198.51.100.${nextIp++ % 250}`) =>
  call<LoginContent>(api.url, 'POST', '/api/user/signin', {
    body: { email, password },
    headers: { 'X-Forwarded-For': ip },
  });

const statuses = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>((counts, a) => ({ ...counts, [a.status]: (counts[a.status] ?? 0) + 1 }), {});

const tokensOf = async (username: string) => {
  const user = await api.db('users').where({ username }).first('id');
  return Number((await api.db('auth_tokens').where({ user_id: user.id }).count({ n: '*' }))[0].n);
};

describe('limits that hold under concurrency (finding 3)', () => {
  it('200 parallel wrong passwords for one account: at most 10 are checked, the rest get 429', async () => {
    expect((await register('racer_one')).status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => signIn('racer_one@example.com', `wrong-guess-${i}`)),
    );
    const counts = statuses(answers);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(ACCOUNT_FAILURES_PER_MINUTE);
    expect(counts[429]).toBeGreaterThanOrEqual(200 - ACCOUNT_FAILURES_PER_MINUTE);
    expect(Object.keys(counts).sort()).toEqual(['401', '429']);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.Description).toBe(messages.tooManyAttempts);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('the right password sent among 40 parallel wrong ones after the limit is reached does not sign in', async () => {
    expect((await register('racer_two')).status).toBe(201);
    const before = await tokensOf('racer_two');
    for (let i = 0; i < ACCOUNT_FAILURES_PER_MINUTE; i++) {
      expect((await signIn('racer_two@example.com', `wrong-guess-${i}`)).status).toBe(401);
    }
    const answers = await Promise.all(
      Array.from({ length: 41 }, (_, i) => signIn('racer_two@example.com', i === 30 ? PASSWORD : `another-guess-${i}`)),
    );
    expect(statuses(answers)).toEqual({ 429: 41 });
    expect(await tokensOf('racer_two')).toBe(before);
  });

  it('40 parallel attempts on a fresh account with the right password at position 30: at most 10 are tried', async () => {
    expect((await register('racer_three')).status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn('racer_three@example.com', i === 30 ? PASSWORD : `guess-${i}-x`)),
    );
    const tried = answers.filter((a) => a.status !== 429);
    expect(tried.length).toBeLessThanOrEqual(ACCOUNT_FAILURES_PER_MINUTE);
    expect(answers.every((a) => [200, 401, 429].includes(a.status))).toBe(true);
  });

  it('200 parallel attempts from one address on different accounts: at most 50 are checked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => signIn(`sprayed-${i}@example.com`, 'some-password-1', '203.0.113.99')),
    );
    const counts = statuses(answers);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(IP_FAILURES_PER_MINUTE);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(200);
  });

  it('a successful sign-in clears its account and gives its address its attempt back', async () => {
    expect((await register('racer_four')).status).toBe(201);
    for (let i = 0; i < ACCOUNT_FAILURES_PER_MINUTE - 1; i++) {
      expect((await signIn('racer_four@example.com', `miss-${i}-pass`, '203.0.113.50')).status).toBe(401);
    }
    expect((await signIn('racer_four@example.com', PASSWORD, '203.0.113.50')).status).toBe(200);
    for (let i = 0; i < ACCOUNT_FAILURES_PER_MINUTE; i++) {
      expect((await signIn('racer_four@example.com', `miss-again-${i}`, '203.0.113.51')).status).toBe(401);
    }
    expect((await signIn('racer_four@example.com', PASSWORD, '203.0.113.51')).status).toBe(429);
  });
});

describe('the current-password check of a signed-in user (finding 10)', () => {
  const change = (token: string, currentPassword: string) =>
    call(api.url, 'POST', '/api/change/password', {
      token,
      body: { currentPassword, newPassword: 'quiet-harbour-77', confirmPassword: 'quiet-harbour-77' },
    });

  it('40 wrong current passwords in a row: the 6th and later get 429', async () => {
    const token = (await register('guesser_one')).body.Content.token!;
    const answers: Answer[] = [];
    for (let i = 0; i < 40; i++) answers.push(await change(token, `guess-number-${i}`));
    expect(answers.slice(0, PASSWORD_CHECKS_PER_WINDOW).map((a) => a.body.Description)).toEqual(
      Array(PASSWORD_CHECKS_PER_WINDOW).fill(messages.currentPasswordWrong),
    );
    expect(statuses(answers.slice(PASSWORD_CHECKS_PER_WINDOW))).toEqual({ 429: 40 - PASSWORD_CHECKS_PER_WINDOW });
    expect(answers.at(-1)!.body.Description).toBe(messages.tooManyPasswordChecks);
    // the right one is refused too until the window ends
    expect((await change(token, PASSWORD)).status).toBe(429);
  });

  it('40 in parallel: at most 5 are checked', async () => {
    const token = (await register('guesser_two')).body.Content.token!;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => change(token, `parallel-${i}-guess`)));
    const counts = statuses(answers);
    expect(counts[400] ?? 0).toBeLessThanOrEqual(PASSWORD_CHECKS_PER_WINDOW);
    expect((counts[400] ?? 0) + (counts[429] ?? 0)).toBe(40);
  });
});

describe('passwords that are common or personal are refused (finding 10)', () => {
  it.each(['password', '12345678', 'aaaaaaaa', 'Password1', 'iloveyou2', 'qwertyuiop'])(
    'sign-up refuses %s as too common',
    async (password) => {
      const res = await register(`common_${Math.random().toString(36).slice(2, 8)}`, password);
      expect(res.status).toBe(400);
      expect(res.body.Content).toEqual({ errors: { password: messages.passwordTooCommon } });
    },
  );

  it('sign-up refuses a password that contains the e-mail or the username', async () => {
    for (const password of ['xx-Marigold_Kent-99', 'marigold_kent@example.com', 'my MARIGOLD_KENT pass']) {
      const res = await register('marigold_kent', password);
      expect({ password, status: res.status, errors: res.body.Content }).toEqual({
        password,
        status: 400,
        errors: { errors: { password: messages.passwordPersonal } },
      });
    }
  });

  it('a business sign-up is held to the same rule', async () => {
    const res = await call(api.url, 'POST', '/api/v2/register', {
      body: {
        businessName: 'Kent Lamps',
        businessUsername: 'kent_lamps',
        businessEmail: 'hello@kentlamps.example',
        phone: '(512) 555-0199',
        address: '1 Congress Ave',
        city: 'Austin',
        state: 'Texas',
        zip: '73301',
        password: '12345678',
        confirmPassword: '12345678',
        agreeToTerms: true,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.Content).toEqual({ errors: { password: messages.passwordTooCommon } });
  });

  it('change password refuses a common new password and one made of the username', async () => {
    const token = (await register('changer_one')).body.Content.token!;
    for (const [newPassword, message] of [
      ['aaaaaaaa', messages.passwordTooCommon],
      ['changer_one-2026', messages.passwordPersonal],
    ]) {
      const res = await call(api.url, 'POST', '/api/change/password', {
        token,
        body: { currentPassword: PASSWORD, newPassword, confirmPassword: newPassword },
      });
      expect(res.status).toBe(400);
      expect(res.body.Content).toEqual({ errors: { newPassword: message } });
    }
  });
});
