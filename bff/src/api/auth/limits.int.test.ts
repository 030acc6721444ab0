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

describe('one account, one e-mail spelling (issue 32, finding 5)', () => {
  /** `email` with accents on its o's, e's and a's, `n` different ways (ò, ó … é, è … à, á …). */
  const accented = (email: string, n: number) =>
    Array.from({ length: n }, (_, i) =>
      email
        .replace(/o/g, 'òóôöõ'[i % 5])
        .replace(/e/g, 'éèêë'[Math.floor(i / 5) % 4])
        .replace(/a/g, 'àáâäã'[Math.floor(i / 20) % 5]),
    );

  it('30 accented spellings with a wrong password are no account (401), and with the right one sign no one in', async () => {
    expect((await register('vtwo_owner')).status).toBe(201);
    const before = await tokensOf('vtwo_owner');
    const spellings = accented('vtwo_owner@example.com', 30);
    expect(new Set(spellings).size).toBe(30);
    const answers = await Promise.all(spellings.map((email) => signIn(email, 'wrong-guess')));
    expect(statuses(answers)).toEqual({ 401: 30 });
    const right = await signIn(spellings[7], PASSWORD);
    expect(right.status).toBe(401);
    expect(await tokensOf('vtwo_owner')).toBe(before);
    // the account's own spelling still signs in
    expect((await signIn('vtwo_owner@example.com', PASSWORD)).status).toBe(200);
  });

  it('the spellings that are the account (capitals, decomposed accents) share its one limit', async () => {
    // é as one character (NFC), as e and a combining accent (NFD), and in capitals
    const email = 'josé_limit@example.com';
    expect(
      (
        await call(api.url, 'POST', '/api/register', {
          body: {
            firstName: 'José',
            lastName: 'Limit',
            username: 'jose_limit',
            email,
            password: PASSWORD,
            confirmPassword: PASSWORD,
            agreeToTerms: true,
          },
        })
      ).status,
    ).toBe(201);
    const spellings = [email, email.normalize('NFD'), email.toUpperCase(), email.normalize('NFD').toUpperCase()];
    // each of them is the account: the right password signs in with any
    for (const spelling of spellings) expect((await signIn(spelling, PASSWORD)).status).toBe(200);
    const wrong = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(spellings[i % spellings.length], `wrong-guess-${i}`)),
    );
    const counts = statuses(wrong);
    expect(counts[401]).toBeLessThanOrEqual(ACCOUNT_FAILURES_PER_MINUTE);
    expect(counts[429]).toBeGreaterThanOrEqual(40 - ACCOUNT_FAILURES_PER_MINUTE);
  });

  it('forgot password: 3 links a minute for the account however its e-mail is spelled, none for an accented one', async () => {
    expect((await register('reset_owner')).status).toBe(201);
    const user = await api.db('users').where({ username: 'reset_owner' }).first('id');
    const forgot = (email: string) =>
      call(api.url, 'POST', '/api/reset/app/password', {
        body: { email },
        headers: { 'X-Forwarded-For': `198.51.100.${nextIp++ % 250}` },
      });
    const accents = await Promise.all(accented('reset_owner@example.com', 7).map(forgot));
    expect(statuses(accents)).toEqual({ 200: 7 });
    const own = await Promise.all(
      ['reset_owner@example.com', 'RESET_OWNER@example.com', 'Reset_Owner@Example.com', 'reset_owner@EXAMPLE.COM'].map(
        forgot,
      ),
    );
    expect(statuses(own)).toEqual({ 200: 3, 429: 1 });
    expect(Number((await api.db('password_resets').where({ user_id: user.id }).count({ n: '*' }))[0].n)).toBe(3);
    // and the three links are mailed to the account's own address (in the background: waited for)
    const deadline = Date.now() + 10_000;
    const mailed = async () => (await api.outbox()).filter((m) => m.to === 'reset_owner@example.com').length;
    while ((await mailed()) < 3) {
      if (Date.now() > deadline) throw new Error(`${await mailed()} of the 3 reset mails within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});
