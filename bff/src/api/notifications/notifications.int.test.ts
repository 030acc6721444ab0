import { createHash } from 'node:crypto';
import type { User } from '@swapstuff/contracts';
import { registerUser } from '../../../test/listings';
import { call, startTestApi, type TestApi } from '../../../test/harness';

/** Spec section 7, Other: GET /api/notification/count and POST /api/user/notifications (isWeb, fcmToken). */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const userIdOf = async (token: string) =>
  (await call<{ user: User }>(api.url, 'GET', '/api/userdetail', { token })).body.Content.user.id;
const tokenRow = (token: string) =>
  api
    .db('auth_tokens')
    .where({ token_hash: createHash('sha256').update(token).digest('hex') })
    .first('id', 'push_token');

async function notify(userId: number, read: boolean): Promise<void> {
  await api.db('notifications').insert({
    user_id: userId,
    kind: 'test',
    title: 'A title',
    body: 'A body',
    created_at: new Date(),
    read_at: read ? new Date() : null,
  });
}

it('counts the user’s own unread notifications, and only for a signed-in user', async () => {
  const [ada, bea] = [await registerUser(api, 'ada_notes'), await registerUser(api, 'bea_notes')];
  const count = async (token?: string) =>
    call<{ unread_count: number }>(api.url, 'GET', '/api/notification/count', { token });
  expect((await count(ada)).body.Content).toEqual({ unread_count: 0 });
  await notify(await userIdOf(ada), false);
  await notify(await userIdOf(ada), false);
  await notify(await userIdOf(ada), true);
  await notify(await userIdOf(bea), false);
  expect((await count(ada)).body.Content).toEqual({ unread_count: 2 });
  expect((await count(bea)).body.Content).toEqual({ unread_count: 1 });
  expect((await count()).status).toBe(401);
  expect((await call(api.url, 'POST', '/api/user/notifications')).status).toBe(401);
});

it('answers the summary and registers the device’s push token with its own sign-in', async () => {
  const cy = await registerUser(api, 'cy_notes');
  const otherDevice = (
    await call<{ token: string }>(api.url, 'POST', '/api/user/signin', {
      body: { email: 'cy_notes@example.com', password: 'listing-pass-1' },
    })
  ).body.Content.token;
  expect(otherDevice).toBeTruthy();
  await notify(await userIdOf(cy), false);

  const summary = await call<{ unread_count: number; user: User }>(api.url, 'POST', '/api/user/notifications', {
    token: cy,
    headers: { isWeb: '1', fcmToken: 'device-push-token-1' },
  });
  expect(summary.status).toBe(200);
  expect(summary.body.Content).toMatchObject({ unread_count: 1, user: { email: 'cy_notes@example.com' } });
  expect((await tokenRow(cy)).push_token).toBe('device-push-token-1');
  expect((await tokenRow(otherDevice)).push_token).toBeNull();

  // without the header, or with one that is blank or too long, the registered token stays
  for (const headers of [{}, { fcmToken: '   ' }, { fcmToken: 'x'.repeat(513) }] as Record<string, string>[]) {
    const again = await call(api.url, 'POST', '/api/user/notifications', { token: cy, headers });
    expect(again.status).toBe(200);
    expect((await tokenRow(cy)).push_token).toBe('device-push-token-1');
  }
});
