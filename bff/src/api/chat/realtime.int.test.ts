import { io, type Socket } from 'socket.io-client';
import {
  messages,
  SESSION_REVOKED_ERROR,
  type ChatSent,
  type RealtimeClientEvents,
  type RealtimeServerEvents,
} from '@swapstuff/contracts';
import { call, startTestApi, type TestApi } from '../../../test/harness';
import { registerUser } from '../../../test/listings';
import { buyableListing, member, type Member } from '../../../test/orders';

/**
 * Chat delivery over socket.io (issue 16): a connection proves its user with the bearer, joins the user's room,
 * and hears the messages stored in their conversations (their own other tabs too), the other typing, and the
 * other's read receipts; nobody else hears any of it.
 */
type Client = Socket<RealtimeServerEvents, RealtimeClientEvents>;
let api: TestApi;
let a: Member;
let b: Member;
let c: Member;
let listing: number;
const stamp = Date.now() % 100000;
let n = 0;
const clients: Client[] = [];

beforeAll(async () => {
  api = await startTestApi();
  [a, b, c] = await Promise.all([
    member(api, `rt_a${stamp}`),
    member(api, `rt_b${stamp}`),
    member(api, `rt_c${stamp}`),
  ]);
  listing = await buyableListing(api, b, { title: 'Brass lamp', description: 'Warm light' });
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await api.close();
});

/** A connection as an app opens it (its bearer in `auth`), or as the gateway does (the Authorization header). */
async function connect(token: string | undefined, how: 'auth' | 'header' = 'auth'): Promise<Client> {
  const client: Client = io(api.url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    ...(how === 'auth' ? { auth: token ? { token } : {} } : { extraHeaders: { authorization: `Bearer ${token}` } }),
  });
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', resolve);
    client.once('connect_error', reject);
  });
  return client;
}

/** Everything a connection hears of one event, kept for the test to read. */
function heard<E extends keyof RealtimeServerEvents>(
  client: Client,
  event: E,
): Parameters<RealtimeServerEvents[E]>[0][] {
  const got: Parameters<RealtimeServerEvents[E]>[0][] = [];
  (client.on as (event: E, listener: (payload: Parameters<RealtimeServerEvents[E]>[0]) => void) => void)(event, (p) =>
    got.push(p),
  );
  return got;
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within 5 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const send = (who: Member, body: Record<string, unknown>) =>
  call<ChatSent>(api.url, 'POST', '/api/userchat/send', {
    token: who.token,
    body: { clientId: `rt${stamp}-${++n}`, ...body },
  });

describe('connecting', () => {
  it('refuses no bearer, and a bearer that opens no session with "407"', async () => {
    await expect(connect(undefined)).rejects.toThrow(messages.unauthenticated);
    await expect(connect('not-a-token')).rejects.toThrow(SESSION_REVOKED_ERROR);
  });
});

describe('a conversation, live', () => {
  it("delivers a stored message to the other's connections and the sender's other tabs, nobody else", async () => {
    const [aTab1, aTab2, bPhone, cTab] = await Promise.all([
      connect(a.token),
      connect(a.token, 'header'),
      connect(b.token),
      connect(c.token),
    ]);
    const [toA1, toA2, toB, toC] = [aTab1, aTab2, bPhone, cTab].map((client) => heard(client, 'chat:message'));
    const sent = await send(a, { productId: listing, text: 'Does the lamp work?' });
    expect(sent.status).toBe(201);
    const { message } = sent.body.Content;
    await until(() => toA1.length === 1 && toA2.length === 1 && toB.length === 1, 'delivered to A and B');
    expect(toB).toEqual([message]);
    expect(toA1).toEqual([message]);
    // a retry of the same message is answered, not delivered again
    await send(a, { productId: listing, text: 'Does the lamp work?', clientId: message.clientId });
    const second = await send(b, { chatId: message.chatId, text: 'It does.' });
    await until(() => toA1.length === 2, 'the reply delivered');
    expect(toA1.map((m) => m.id)).toEqual([message.id, second.body.Content.message.id]);
    expect(toC).toEqual([]);
  });

  it("tells the sender when the other has read, and that the other is typing; others' typing is dropped", async () => {
    const [aTab, bTab] = await Promise.all([connect(a.token), connect(b.token)]);
    const reads = heard(aTab, 'chat:read');
    const ownReads = heard(bTab, 'chat:read');
    const typing = heard(aTab, 'chat:typing');
    const sent = await send(a, { productId: listing, text: 'When can I pick it up?' });
    const { chatId, id } = sent.body.Content.message;

    await call(api.url, 'POST', '/api/userchat', { token: b.token, body: { chatId } });
    await until(() => reads.length === 1, 'the read receipt');
    expect(reads).toEqual([{ chatId, userId: b.id, upToId: id }]);
    // the reader's own tabs hear it too: their badges go down
    await until(() => ownReads.length === 1, "the reader's own tabs");
    expect(ownReads).toEqual(reads);

    // a stranger, a malformed payload and a conversation that is not theirs say nothing to A
    const stranger = await connect(c.token);
    stranger.emit('chat:typing', { chatId });
    bTab.emit('chat:typing', { chatId: 'x' } as unknown as { chatId: number });
    await new Promise((resolve) => setTimeout(resolve, 600));
    bTab.emit('chat:typing', { chatId });
    await until(() => typing.length === 1, 'B typing');
    expect(typing).toEqual([{ chatId, userId: b.id }]);
  });

  it("tells the member's own tabs, and no one else, of a conversation muted", async () => {
    const [aTab, bTab] = await Promise.all([connect(a.token), connect(b.token)]);
    const [toA, toB] = [heard(aTab, 'chat:muted'), heard(bTab, 'chat:muted')];
    const { chatId } = (await send(a, { productId: listing, text: 'Muting soon' })).body.Content.message;
    await call(api.url, 'POST', '/api/userchat/mute', { token: b.token, body: { chatId, muted: true } });
    await until(() => toB.length === 1, "B's tab hears the mute");
    expect(toB).toEqual([{ chatId, muted: true }]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(toA).toEqual([]);
  });
});

describe('sessions that end', () => {
  const ended = (client: Client) =>
    new Promise<string>((resolve) => client.once('disconnect', (reason) => resolve(reason)));

  it("cuts a logged-out token's connections, and on a password change every other token's", async () => {
    const username = `rt_d${stamp}`;
    const laptop = await registerUser(api, username);
    const signIn = () =>
      call<{ token: string }>(api.url, 'POST', '/api/user/signin', {
        body: { email: `${username}@example.com`, password: 'listing-pass-1' },
      });
    const [phone, tablet] = [(await signIn()).body.Content.token, (await signIn()).body.Content.token];
    const [onLaptop, onPhone, onTablet] = await Promise.all([connect(laptop), connect(phone), connect(tablet)]);

    const phoneEnded = ended(onPhone);
    await call(api.url, 'POST', '/api/web/logout/-', { token: phone, body: {} });
    expect(await phoneEnded).toBe('io server disconnect');
    expect([onLaptop.connected, onTablet.connected]).toEqual([true, true]);

    const tabletEnded = ended(onTablet);
    const change = await call(api.url, 'POST', '/api/change/password', {
      token: laptop,
      body: { currentPassword: 'listing-pass-1', newPassword: 'battery-staple-9', confirmPassword: 'battery-staple-9' },
    });
    expect(change.status).toBe(200);
    expect(await tabletEnded).toBe('io server disconnect');
    // the device that changed it keeps its session, and its connection
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(onLaptop.connected).toBe(true);
    await expect(connect(tablet)).rejects.toThrow(SESSION_REVOKED_ERROR);
  });
});
