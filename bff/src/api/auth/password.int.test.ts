import { messages, SESSION_REVOKED_ERROR, type LoginContent } from '@swapstuff/contracts';
import { call, startTestApi, type TestApi } from '../../../test/harness';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';

let smtp: TestSmtp;
let api: TestApi;
beforeAll(async () => {
  smtp = await startTestSmtp();
  api = await startTestApi({ smtpUrl: smtp.url, publicUrl: 'https://swapstuff.test' });
});
afterAll(async () => {
  await api.close();
  await smtp.close();
});

async function register(username: string, email: string, password: string): Promise<string> {
  const res = await call<LoginContent>(api.url, 'POST', '/api/register', {
    body: {
      firstName: 'Test',
      lastName: 'User',
      username,
      email,
      password,
      confirmPassword: password,
      agreeToTerms: true,
    },
  });
  expect(res.status).toBe(201);
  return res.body.Content.token as string;
}

const signIn = (email: string, password: string) =>
  call<LoginContent>(api.url, 'POST', '/api/user/signin', { body: { email, password } });

/** The reset link in the mail, as the user would click it. */
function resetTokenOf(text: string): string {
  const match = /https:\/\/swapstuff\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return match[1];
}

describe('forgot password → e-mail → reset', () => {
  it('answers the same for an unknown e-mail and sends no mail', async () => {
    const res = await call(api.url, 'POST', '/api/reset/app/password', { body: { email: 'ghost@example.com' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ Success: true, Description: messages.resetMailSent, Content: null });
    await expect(smtp.waitFor('ghost@example.com', 500)).rejects.toThrow('no mail');
  });

  it('validates the e-mail', async () => {
    const res = await call(api.url, 'POST', '/api/reset/app/password', { body: { email: 'nope' } });
    expect(res.status).toBe(400);
    expect(res.body.Content).toEqual({ errors: { email: messages.invalidEmail } });
  });

  it('mails a single-use link; the new password works, the old one and the old tokens do not', async () => {
    const oldToken = await register('reset_me', 'reset@example.com', 'old-password');
    const res = await call(api.url, 'POST', '/api/reset/app/password', { body: { email: 'Reset@Example.com' } });
    expect(res.body).toEqual({ Success: true, Description: messages.resetMailSent, Content: null });

    const mail = await smtp.waitFor('reset@example.com');
    expect(mail.subject).toBe('Reset your Swapstuff password');
    const token = resetTokenOf(mail.text ?? '');
    expect(mail.html).toContain(`https://swapstuff.test/reset-password?token=${token}`);

    const mismatch = await call(api.url, 'POST', '/api/password/reset', {
      body: { token, password: 'new-password', confirmPassword: 'new-passwort' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.Content).toEqual({ errors: { confirmPassword: messages.passwordMatch } });

    const done = await call(api.url, 'POST', '/api/password/reset', {
      body: { token, password: 'new-password', confirmPassword: 'new-password' },
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ Success: true, Description: messages.passwordChanged, Content: null });

    expect((await signIn('reset@example.com', 'old-password')).status).toBe(401);
    expect((await signIn('reset@example.com', 'new-password')).status).toBe(200);
    const old = await call(api.url, 'GET', '/api/userdetail', { token: oldToken });
    expect(old.status).toBe(401);
    expect(old.body.error).toBe(SESSION_REVOKED_ERROR);

    const again = await call(api.url, 'POST', '/api/password/reset', {
      body: { token, password: 'third-password', confirmPassword: 'third-password' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      Success: false,
      Description: messages.resetLinkInvalid,
      Content: { errors: { token: messages.resetLinkInvalid } },
    });
    expect((await signIn('reset@example.com', 'third-password')).status).toBe(401);
  });

  it('refuses a link after its hour is up', async () => {
    await register('late_user', 'late@example.com', 'old-password');
    await call(api.url, 'POST', '/api/reset/app/password', { body: { email: 'late@example.com' } });
    const token = resetTokenOf((await smtp.waitFor('late@example.com')).text ?? '');
    // the link was issued an hour and a second ago
    await api.db('password_resets').update({ expires_at: new Date(Date.now() - 1000) });
    const res = await call(api.url, 'POST', '/api/password/reset', {
      body: { token, password: 'new-password', confirmPassword: 'new-password' },
    });
    expect(res.status).toBe(400);
    expect(res.body.Description).toBe(messages.resetLinkInvalid);
    expect((await signIn('late@example.com', 'old-password')).status).toBe(200);
  });

  it('refuses a made-up link', async () => {
    const res = await call(api.url, 'POST', '/api/password/reset', {
      body: { token: 'made-up', password: 'new-password', confirmPassword: 'new-password' },
    });
    expect(res.status).toBe(400);
    expect(res.body.Content).toEqual({ errors: { token: messages.resetLinkInvalid } });
  });
});

describe('POST /api/change/password', () => {
  it('needs a token', async () => {
    const res = await call(api.url, 'POST', '/api/change/password', {
      body: { currentPassword: 'x', newPassword: 'new-password', confirmPassword: 'new-password' },
    });
    expect(res.status).toBe(401);
  });

  it('checks the rules and the current password', async () => {
    const token = await register('changer_a', 'changer.a@example.com', 'first-password');
    const rules = await call(api.url, 'POST', '/api/change/password', {
      token,
      body: { currentPassword: '', newPassword: 'short', confirmPassword: 'other' },
    });
    expect(rules.status).toBe(400);
    expect(rules.body.Content).toEqual({
      errors: {
        currentPassword: messages.currentPasswordRequired,
        newPassword: messages.passwordMin,
        confirmPassword: messages.passwordMatch,
      },
    });
    const wrong = await call(api.url, 'POST', '/api/change/password', {
      token,
      body: { currentPassword: 'not-the-password', newPassword: 'next-password', confirmPassword: 'next-password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      Success: false,
      Description: messages.currentPasswordWrong,
      Content: { errors: { currentPassword: messages.currentPasswordWrong } },
    });
    const same = await call(api.url, 'POST', '/api/change/password', {
      token,
      body: { currentPassword: 'first-password', newPassword: 'first-password', confirmPassword: 'first-password' },
    });
    expect(same.status).toBe(400);
    expect(same.body.Content).toEqual({ errors: { newPassword: messages.samePassword } });
  });

  it('keeps this token, revokes the others, and swaps the password', async () => {
    const here = await register('changer_b', 'changer.b@example.com', 'first-password');
    const elsewhere = (await signIn('changer.b@example.com', 'first-password')).body.Content.token as string;
    const res = await call(api.url, 'POST', '/api/change/password', {
      token: here,
      body: { currentPassword: 'first-password', newPassword: 'second-password', confirmPassword: 'second-password' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ Success: true, Description: messages.passwordChanged, Content: null });

    expect((await call(api.url, 'GET', '/api/userdetail', { token: here })).status).toBe(200);
    const other = await call(api.url, 'GET', '/api/userdetail', { token: elsewhere });
    expect(other.status).toBe(401);
    expect(other.body.error).toBe(SESSION_REVOKED_ERROR);
    expect((await signIn('changer.b@example.com', 'first-password')).status).toBe(401);
    expect((await signIn('changer.b@example.com', 'second-password')).status).toBe(200);
  });
});
