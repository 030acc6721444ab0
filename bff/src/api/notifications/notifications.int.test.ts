import { createHash } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import {
  DISPUTE_TYPES,
  NotificationKinds,
  OfferStatus,
  type ChatSent,
  type NotificationPage,
  type RealtimeClientEvents,
  type RealtimeServerEvents,
  type User,
} from '@swapstuff/contracts';
import { postForm, registerUser } from '../../../test/listings';
import { call, startTestApi, type TestApi } from '../../../test/harness';
import { startFcmSandbox, type FcmSandbox } from '../../../test/fcm';
import { fcmPush } from '../../adapters/push';
import { AUSTIN, BUYABLE_FIELDS, buyableListing, buy, member, runJobs, type Member } from '../../../test/orders';
import { staffMember } from '../../../test/staff';
import {
  accept,
  agree,
  cancel,
  completedSwap,
  counter,
  expectOk,
  offer,
  reject,
  runSwapSchedule,
  swapListing,
} from '../../../test/swaps';

/**
 * Notifications (issue 16, acceptance 3): every event users hear of writes its notification once per user, read
 * through the spec's count and summary, the list, and read/{id}, read/all; each is told live to the user's
 * connections. Spec section 7, Other: GET /api/notification/count and POST /api/user/notifications.
 */
type Client = Socket<RealtimeServerEvents, RealtimeClientEvents>;
let api: TestApi;
let fcm: FcmSandbox;
const clients: Client[] = [];
beforeAll(async () => {
  fcm = await startFcmSandbox();
  api = await startTestApi({ push: fcmPush({ serviceAccount: fcm.serviceAccount, url: fcm.url }) });
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await api.close();
  await fcm.close();
});

async function connect(token: string): Promise<Client> {
  const client: Client = io(api.url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    auth: { token },
  });
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', resolve);
    client.once('connect_error', reject);
  });
  return client;
}

async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within 5 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const count = async (who: Member) =>
  (await call<{ unread_count: number }>(api.url, 'GET', '/api/notification/count', { token: who.token })).body.Content
    .unread_count;
const list = (who: Member, before?: number) =>
  call<NotificationPage>(api.url, 'GET', `/api/notification/list${before ? `?before=${before}` : ''}`, {
    token: who.token,
  });
const kindsOf = async (who: Member) =>
  (await api.db('notifications').where({ user_id: who.id }).orderBy('id').pluck('kind')) as string[];

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

const ask = (who: Member, productId: number, question: string) =>
  call<{ question: { id: number } }>(api.url, 'POST', '/api/product/qa', {
    token: who.token,
    body: { productId, question },
  });
const sendChat = (who: Member, body: Record<string, unknown>) =>
  call<ChatSent>(api.url, 'POST', '/api/userchat/send', {
    token: who.token,
    body: { clientId: `n-${Date.now()}-${Math.random().toString(36).slice(2)}`, ...body },
  });

describe('asking a question on B’s listing', () => {
  it('gives B a notification, told live and counted on the badge; reading one or all clears it', async () => {
    const [ann, bob] = [await member(api, 'ann_asks', AUSTIN), await member(api, 'bob_told')];
    const lamp = await buyableListing(api, bob, { title: 'Brass lamp' });
    const live = await connect(bob.token);
    const told: Parameters<RealtimeServerEvents['notification:new']>[0][] = [];
    const read: { unread_count: number }[] = [];
    live.on('notification:new', (n) => told.push(n));
    live.on('notification:read', (r) => read.push(r));

    expect((await ask(ann, lamp, 'Does it come with a bulb?')).status).toBe(201);
    await runJobs(api);
    await eventually(() => told.length === 1, 'the notification told live');
    expect(told[0]).toMatchObject({
      kind: 'question.asked',
      title: expect.stringContaining('Brass lamp'),
      text: '“Does it come with a bulb?”',
      link: `/item-detail/${lamp}`,
      read: false,
    });
    expect(await count(bob)).toBe(1);
    const summary = await call<{ unread_count: number }>(api.url, 'POST', '/api/user/notifications', {
      token: bob.token,
    });
    expect(summary.body.Content.unread_count).toBe(1);
    expect((await list(bob)).body.Content).toEqual({ notifications: told, unread_count: 1, has_more: false });

    // one is read by its owner only; "all" is not an id
    expect((await call(api.url, 'GET', `/api/notification/read/${told[0].id}`, { token: ann.token })).status).toBe(404);
    expect((await call(api.url, 'GET', '/api/notification/read/abc', { token: bob.token })).status).toBe(404);
    expect(await count(bob)).toBe(1);
    expect((await ask(ann, lamp, 'And a shade?')).status).toBe(201);
    await runJobs(api);
    await eventually(() => told.length === 2, 'the second told live');
    const one = await call<{ unread_count: number }>(api.url, 'GET', `/api/notification/read/${told[0].id}`, {
      token: bob.token,
    });
    expect(one.body.Content).toEqual({ unread_count: 1 });
    const all = await call<{ unread_count: number }>(api.url, 'GET', '/api/notification/read/all', {
      token: bob.token,
    });
    expect(all.body.Content).toEqual({ unread_count: 0 });
    await eventually(() => read.length === 2, 'the reads told to the other tabs');
    expect(read).toEqual([{ unread_count: 1 }, { unread_count: 0 }]);
    expect(await count(bob)).toBe(0);
    expect((await list(bob)).body.Content.notifications.map((n) => n.read)).toEqual([true, true]);
    expect((await call(api.url, 'GET', '/api/notification/read/all')).status).toBe(401);
  });
});

describe('every event users hear of', () => {
  it('writes each kind’s notification once per user, however often the outbox is worked off', async () => {
    const [ann, bob, cy] = [
      await member(api, 'ann_every', AUSTIN),
      await member(api, 'bob_every'),
      await member(api, 'cy_every'),
    ];
    const support = await staffMember(api, 'sue_every', 'support');

    // a question and its answer
    const lamp = await buyableListing(api, bob, { title: 'Desk lamp' });
    const asked = await ask(ann, lamp, 'Is the cable long?');
    const answered = await call(api.url, 'POST', '/api/product/qa/answer', {
      token: bob.token,
      body: { questionId: asked.body.Content.question.id, answer: 'Two metres' },
    });
    expect(answered.status).toBe(200);

    // C likes the lamp: its price drops, then A buys it
    expect(
      (await call(api.url, 'POST', '/api/product/like', { token: cy.token, body: { productId: lamp } })).status,
    ).toBe(200);
    const photo = await api.db('product_images').where({ product_id: lamp }).first('id');
    const top = await api.db('categories').whereNull('parent_id').orderBy('id').first('id');
    const repriced = await postForm(api, bob.token, '/api/update/product', {
      ...BUYABLE_FIELDS,
      productId: String(lamp),
      category: String(top.id),
      title: 'Desk lamp',
      price: '30',
      description: 'Solid oak, a little worn',
      condition: 'Used',
      addressId: String(bob.address.id),
      city: 'Austin',
      state: 'Texas',
      zip: '73301',
      'existingImages[0]': String(photo.id),
    });
    expect(repriced.status).toBe(200);
    const order = await buy(api, ann, lamp);
    await runJobs(api);
    const { tracking_number } = await api.db('orders').where({ id: order.id }).first('tracking_number');
    api.carrier.advance(tracking_number, 'DELIVERED');
    await eventually(
      async () => (await api.db('orders').where({ id: order.id }).first('status')).status === '5',
      'the delivery',
    );

    // a dispute: opened by A, added to by B, decided by support; then A rates B
    const opened = await call(api.url, 'POST', '/api/dispute/store', {
      token: ann.token,
      body: { orderId: order.id, disputeType: DISPUTE_TYPES[0], disputeReason: 'The shade is cracked' },
    });
    expect(opened.status).toBe(201);
    const added = await call(api.url, 'POST', '/api/dispute/additional', {
      token: bob.token,
      body: { orderId: order.id, text: 'It left here whole' },
    });
    expect(added.status).toBe(200);
    expect((await call(api.url, 'GET', `/api/refund/${order.id}?amount=10`, { token: support.token })).status).toBe(
      200,
    );
    const rated = await call(api.url, 'POST', '/api/v2/rate/user', {
      token: ann.token,
      body: { orderId: order.id, ratedStars: 4, comments: 'Fair in the end' },
    });
    expect(rated.status).toBe(201);

    // swaps: one completed; one countered, agreed and rejected; one canceled; one abandoned
    await completedSwap(api, ann, bob);
    const [vase, bowl, rug] = [
      await swapListing(api, ann, 'Blue vase'),
      await swapListing(api, ann, 'Clay bowl'),
      await swapListing(api, bob, 'Wool rug'),
    ];
    const sent = expectOk(await offer(api, ann, { productId: rug, productIds: [vase] }));
    expectOk(await counter(api, bob, { requestId: sent.id, productIds: [vase, bowl] }));
    expectOk(await agree(api, ann, sent.id));
    expectOk(await reject(api, bob, sent.id));
    const canceled = expectOk(await offer(api, ann, { productId: rug, productIds: [bowl] }));
    expectOk(await cancel(api, ann, canceled.id));
    const late = expectOk(await offer(api, ann, { productId: rug, productIds: [vase] }));
    expectOk(await accept(api, bob, late.id));
    await api
      .db('swap_requests')
      .where({ id: late.id })
      .update({ details_due_at: new Date(Date.now() - 1000) });
    await runSwapSchedule(api, 'swaps.deadlines');
    expect((await api.db('swap_requests').where({ id: late.id }).first('offer_status')).offer_status).toBe(
      OfferStatus.Abandoned,
    );

    // a message to someone with no connection open
    expect((await sendChat(cy, { userId: ann.id, text: 'Hello from Cy' })).status).toBe(201);
    // C reports B; support finds nothing wrong, and C is told
    const reason = await api.db('report_reasons').where({ kind: 'user' }).orderBy('sort_order').first('id');
    expect(
      (
        await call(api.url, 'POST', '/api/user/report', {
          token: cy.token,
          body: { userId: bob.id, reasonId: reason.id },
        })
      ).status,
    ).toBe(201);
    const dismissed = await call(api.url, 'POST', '/api/admin/reports/act', {
      token: support.token,
      body: { kind: 'user', targetId: bob.id, action: 'dismiss', reason: 'Nothing against the rules' },
    });
    expect(dismissed.status).toBe(200);
    await runJobs(api);

    // every kind was told, each to whom it concerns
    const written = (await api
      .db('notifications')
      .whereIn('user_id', [ann.id, bob.id, cy.id])
      .pluck('kind')) as string[];
    expect(new Set(written)).toEqual(new Set(NotificationKinds));
    expect(await kindsOf(cy)).toEqual(['liked.price_dropped', 'liked.sold', 'report.handled']);
    expect((await kindsOf(bob)).filter((k) => !k.startsWith('swap.') && !k.startsWith('order.'))).toEqual([
      'question.asked',
      'dispute.opened',
      'dispute.updated',
      'review.received',
    ]);
    expect((await kindsOf(ann)).filter((k) => !k.startsWith('swap.'))).toEqual(
      expect.arrayContaining([
        'question.answered',
        'order.shipped',
        'order.delivered',
        'dispute.updated',
        'chat.message',
      ]),
    );
    const deadline = await api.db('notifications').where({ user_id: bob.id, kind: 'swap.accepted' }).first('due_at');
    expect(deadline.due_at).not.toBeNull();

    // the outbox worked off twice more: nobody is told anything again
    const snapshot = () => api.db('notifications').orderBy('id').select('id', 'user_id', 'kind', 'event_id');
    const before = await snapshot();
    for (const round of [1, 2]) {
      const replayed = await api
        .db('outbox')
        .where('handler', 'like', 'notifications.%')
        .update({ status: 'pending', run_at: Date.now(), attempts: 0 });
      expect(replayed).toBeGreaterThan(30);
      await runJobs(api);
      expect(await api.db('outbox').where({ status: 'pending' }).count({ n: '*' })).toEqual([{ n: 0 }]);
      expect([round, await snapshot()]).toEqual([round, before]);
    }
  });
});

describe('a chat message', () => {
  it('tells its recipient once per unread conversation, not when connected or the conversation is muted', async () => {
    const [dee, eve] = [await member(api, 'dee_chats'), await member(api, 'eve_chats')];
    const first = await sendChat(dee, { userId: eve.id, text: 'Is the bike still for sale?' });
    const chatId = first.body.Content.chat.id;
    await sendChat(dee, { chatId, text: 'I can pick it up today' });
    await runJobs(api);
    const page = (await list(eve)).body.Content.notifications;
    expect(page).toEqual([
      expect.objectContaining({
        kind: 'chat.message',
        title: expect.stringMatching(/^New message from \w+ \w\.$/),
        text: '“Is the bike still for sale?”',
        link: `/chat?chat=${chatId}`,
      }),
    ]);
    // read: the next message tells again
    await call(api.url, 'GET', '/api/notification/read/all', { token: eve.token });
    await sendChat(dee, { chatId, text: 'Or tomorrow' });
    await runJobs(api);
    expect((await kindsOf(eve)).length).toBe(2);
    await call(api.url, 'GET', '/api/notification/read/all', { token: eve.token });

    // muted: nothing
    const mute = (muted: boolean) =>
      call(api.url, 'POST', '/api/userchat/mute', { token: eve.token, body: { chatId, muted } });
    expect((await mute(true)).status).toBe(200);
    await sendChat(dee, { chatId, text: 'Hello?' });
    await runJobs(api);
    expect((await kindsOf(eve)).length).toBe(2);

    // connected: the message reached her live, so nothing either
    expect((await mute(false)).status).toBe(200);
    await connect(eve.token);
    await sendChat(dee, { chatId, text: 'Are you there?' });
    await runJobs(api);
    expect((await kindsOf(eve)).length).toBe(2);
  });
});

describe('at once', () => {
  it('takes 50 reads, read-alls and settings saves at once: each answered, one consistent state left', async () => {
    const [ann, bob] = [await member(api, 'ann_racing'), await member(api, 'bob_racing')];
    const stool = await buyableListing(api, bob, { title: 'Step stool' });
    for (let n = 0; n < 10; n += 1) expect((await ask(ann, stool, `Question ${n}?`)).status).toBe(201);
    await runJobs(api);
    const ids = (await list(bob)).body.Content.notifications.map((n) => n.id);
    expect(ids).toHaveLength(10);
    const get = (path: string) => call<{ unread_count: number }>(api.url, 'GET', path, { token: bob.token });
    const save = (offers: boolean) =>
      call(api.url, 'POST', '/api/notification/settings', { token: bob.token, body: { email: { offers } } });
    const answers = await Promise.all([
      ...ids.flatMap((id) => [get(`/api/notification/read/${id}`), get(`/api/notification/read/${id}`)]),
      ...Array.from({ length: 10 }, () => get('/api/notification/read/all')),
      ...Array.from({ length: 20 }, (_, n) => save(n % 2 === 0)),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(await count(bob)).toBe(0);
    expect(await api.db('notifications').where({ user_id: bob.id }).whereNull('read_at')).toEqual([]);
    expect(await api.db('email_preferences').where({ user_id: bob.id })).toEqual([
      expect.objectContaining({ topic: 'offers' }),
    ]);
  });
});

describe('delivery', () => {
  const signInAgain = async (username: string) =>
    (
      await call<{ token: string }>(api.url, 'POST', '/api/user/signin', {
        body: { email: `${username}@example.com`, password: 'listing-pass-1' },
      })
    ).body.Content.token;
  const registerDevice = (token: string, fcmToken: string) =>
    call(api.url, 'POST', '/api/user/notifications', { token, headers: { fcmToken } });

  it('pushes each notification to every device signed in with a push token, and drops one FCM no longer knows', async () => {
    const [ann, bob] = [await member(api, 'ann_pushes'), await member(api, 'bob_pushed')];
    const tablet = await signInAgain('bob_pushed');
    await registerDevice(bob.token, 'bob-phone');
    await registerDevice(tablet, 'bob-old-tablet');
    fcm.unregistered.add('bob-old-tablet');
    const kettle = await buyableListing(api, bob, { title: 'Copper kettle' });
    await ask(ann, kettle, 'Does it whistle?');
    await runJobs(api);
    const [written] = (await list(bob)).body.Content.notifications;
    expect(fcm.sent.filter((m) => m.token.startsWith('bob-'))).toEqual([
      {
        token: 'bob-phone',
        notification: { title: written.title, body: '“Does it whistle?”' },
        data: { link: `/item-detail/${kettle}`, tag: `notification-${written.id}` },
        android: { collapse_key: `notification-${written.id}` },
        apns: { headers: { 'apns-collapse-id': `notification-${written.id}` } },
      },
    ]);
    const tokens = await api.db('auth_tokens').where({ user_id: bob.id }).orderBy('id').pluck('push_token');
    expect(tokens).toEqual(['bob-phone', null]);
  });

  it('e-mails the important kinds, unless the user turned their topic off', async () => {
    const [ann, bob] = [await member(api, 'ann_mails', AUSTIN), await member(api, 'bob_mailed')];
    const settings = (body?: unknown) =>
      call<{ email: Record<string, boolean> }>(api.url, body ? 'POST' : 'GET', '/api/notification/settings', {
        token: bob.token,
        body,
      });
    expect((await settings()).body.Content).toEqual({ email: { offers: true, orders: true, disputes: true } });

    const rug = await swapListing(api, bob, 'Kilim rug');
    expectOk(await offer(api, ann, { productId: rug, productIds: [await swapListing(api, ann, 'Tin box')] }));
    await runJobs(api);
    const mail = await api.waitForMail('bob_mailed@example.com');
    expect(mail.subject).toBe('New swap offer');
    expect(mail.text).toContain('http://localhost:3000/swap-requests');
    expect(mail.text).toContain('http://localhost:3000/notification-settings');
    // a question is not one of the important kinds: no mail
    await ask(ann, await buyableListing(api, bob, { title: 'Tin lamp' }), 'Working?');
    await runJobs(api);
    expect((await api.outbox()).filter((m) => m.to === 'bob_mailed@example.com')).toHaveLength(1);

    for (const refused of [{}, { email: {} }, { email: { offers: 'maybe' } }, { email: { spam: true } }]) {
      expect((await settings(refused)).status).toBe(400);
    }
    const off = await settings({ email: { offers: false } });
    expect(off.body.Content).toEqual({ email: { offers: false, orders: true, disputes: true } });
    expectOk(await offer(api, ann, { productId: rug, productIds: [await swapListing(api, ann, 'Tin cup')] }));
    await runJobs(api);
    expect((await api.outbox()).filter((m) => m.to === 'bob_mailed@example.com')).toHaveLength(1);
    // still told on the site
    expect((await kindsOf(bob)).filter((k) => k === 'swap.offered')).toHaveLength(2);
    expect((await call(api.url, 'GET', '/api/notification/settings')).status).toBe(401);
  });
});
