import {
  CHAT_PAGE_SIZE,
  chatMessages,
  messages,
  profileMessages,
  safetyMessages,
  type ChatPageContent,
  type ChatSent,
  type ChatsContent,
  type UploadedImage,
} from '@swapstuff/contracts';
import { call, startTestApi, type TestApi } from '../../../test/harness';
import { postForm } from '../../../test/listings';
import { png } from '../../../test/media';
import { buyableListing, member, type Member } from '../../../test/orders';

/**
 * Chat (issue 16): a conversation about a listing (with its seller) or with a user, stored before it is
 * answered, one message per sender and client id however often it is sent, read positions as read receipts,
 * refused between users when either blocks the other, and nobody else's to read.
 */
let api: TestApi;
let a: Member;
let b: Member;
let c: Member;
let bListing: number;
const stamp = Date.now() % 100000;
let n = 0;
const clientId = () => `c${stamp}-${++n}`;

beforeAll(async () => {
  api = await startTestApi();
  [a, b, c] = await Promise.all([
    member(api, `chat_a${stamp}`),
    member(api, `chat_b${stamp}`),
    member(api, `chat_c${stamp}`),
  ]);
  bListing = await buyableListing(api, b, { title: 'Walnut desk', description: 'Solid and square' });
});
afterAll(() => api.close());

const send = (who: Member, body: Record<string, unknown>) =>
  call<ChatSent>(api.url, 'POST', '/api/userchat/send', { token: who.token, body: { clientId: clientId(), ...body } });
const open = (who: Member, body: Record<string, unknown>) =>
  call<ChatPageContent>(api.url, 'POST', '/api/userchat', { token: who.token, body });
const chats = async (who: Member) =>
  (await call<ChatsContent>(api.url, 'GET', '/api/user/chats', { token: who.token })).body.Content;

describe('a conversation about a listing', () => {
  let chatId: number;

  it("is started by the first message to the listing's seller, and is the same one after", async () => {
    expect((await open(a, { productId: bListing })).body.Content).toEqual({ chat: null, messages: [], hasMore: false });
    const first = await send(a, { productId: bListing, text: '  Is it still available?  ' });
    expect(first.status).toBe(201);
    const { message, chat } = first.body.Content;
    expect(message).toMatchObject({ senderId: a.id, text: 'Is it still available?', offPlatform: false });
    expect(chat).toMatchObject({ peer: { id: b.id }, product: { id: bListing, title: 'Walnut desk' }, unreadCount: 0 });
    chatId = chat.id;
    const second = await send(a, { productId: bListing, text: 'I can pick it up tomorrow.' });
    expect(second.body.Content.chat.id).toBe(chatId);
  });

  it("shows on the seller's list with its unread count, read by opening it (the buyer's read receipt)", async () => {
    const before = await chats(b);
    const listed = before.chats.find((chat) => chat.id === chatId)!;
    expect(listed).toMatchObject({
      peer: { id: a.id },
      unreadCount: 2,
      lastMessage: { text: 'I can pick it up tomorrow.' },
    });
    expect(before.unread_count).toBeGreaterThanOrEqual(2);

    const page = (await open(b, { chatId })).body.Content;
    expect(page.messages.map((m) => m.text)).toEqual(['Is it still available?', 'I can pick it up tomorrow.']);
    expect((await chats(b)).chats.find((chat) => chat.id === chatId)!.unreadCount).toBe(0);
    const lastId = page.messages[1].id;
    expect((await open(a, { productId: bListing })).body.Content.chat!.peerReadUpTo).toBe(lastId);
  });

  it('is answered by the seller by its id; the buyer finds it by the listing', async () => {
    expect((await send(b, { chatId, text: 'Yes, come by at noon.' })).status).toBe(201);
    const page = (await open(a, { productId: bListing })).body.Content;
    expect(page.chat!.id).toBe(chatId);
    expect(page.messages.map((m) => m.senderId)).toEqual([a.id, a.id, b.id]);
  });

  it('is the one the seller reaches by the listing and the buyer (from an order or an offer card)', async () => {
    const page = (await open(b, { productId: bListing, userId: a.id })).body.Content;
    expect(page.chat!.id).toBe(chatId);
    expect((await send(b, { productId: bListing, userId: a.id, text: 'See you then.' })).body.Content.chat.id).toBe(
      chatId,
    );
    // a listing's conversation has its seller in it: two others cannot have one about it
    expect(await open(c, { productId: bListing, userId: a.id })).toMatchObject({
      status: 404,
      body: { Description: chatMessages.chatNotFound },
    });
  });

  it("is nobody else's: another member reads or writes it as not found", async () => {
    expect(await open(c, { chatId })).toMatchObject({ status: 404, body: { Description: chatMessages.chatNotFound } });
    expect(await send(c, { chatId, text: 'hello' })).toMatchObject({
      status: 404,
      body: { Description: chatMessages.chatNotFound },
    });
    expect((await chats(c)).chats.map((chat) => chat.id)).not.toContain(chatId);
    // a visitor is asked to sign in
    expect((await call(api.url, 'GET', '/api/user/chats')).status).toBe(401);
  });
});

describe('sending', () => {
  it('stores one message per client id: the same id again answers the first, even 20 at once', async () => {
    const id = clientId();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(c, { userId: a.id, clientId: id, text: 'Hello from C' })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(19);
    expect(new Set(answers.map((r) => r.body.Content.message.id)).size).toBe(1);
    expect(await api.db('chat_messages').where({ sender_id: c.id, client_id: id }).count({ n: '*' })).toEqual([
      { n: 1 },
    ]);
    // a retry later, with other words, is still the first message
    const later = await send(c, { userId: a.id, clientId: id, text: 'changed' });
    expect([later.status, later.body.Content.message.text]).toEqual([200, 'Hello from C']);
  });

  it('warns both users of a message that asks to pay or talk off the platform', async () => {
    const sent = await send(c, { userId: a.id, text: 'Call me at 555-123-4567, pay me outside' });
    expect(sent.body.Content.message.offPlatform).toBe(true);
    const seen = (await open(a, { userId: c.id })).body.Content.messages;
    expect(seen[seen.length - 1]).toMatchObject({ text: 'Call me at 555-123-4567, pay me outside', offPlatform: true });
  });

  it.each<[Record<string, unknown>, number, string]>([
    [{ productId: 'x' }, 400, messages.productNotFound],
    [{ userId: 99999999 }, 404, profileMessages.userNotFound],
    [{}, 400, chatMessages.recipientRequired],
    [{ chatId: 1, productId: 1 }, 400, chatMessages.recipientRequired],
    [{ chatId: 1, userId: 1 }, 400, chatMessages.recipientRequired],
    [{ userId: 'self' }, 403, chatMessages.cannotMessageSelf],
    [{ productId: 'own' }, 403, chatMessages.cannotMessageSelf],
    [{ userId: 'a', text: '   ' }, 400, chatMessages.messageRequired],
    [{ userId: 'a', text: undefined }, 400, chatMessages.messageRequired],
    [{ userId: 'a', imageId: 'x' }, 400, chatMessages.imageNotFound],
    [{ userId: 'a', text: 'x'.repeat(2001) }, 400, chatMessages.messageTooLong],
    [{ userId: 'a', clientId: 'has space' }, 400, chatMessages.clientIdInvalid],
    [{ userId: 'a', clientId: 'x'.repeat(65) }, 400, chatMessages.clientIdInvalid],
  ])('refuses %j with %i', async (body, status, description) => {
    const resolved: Record<string, unknown> = { text: 'hello', ...body };
    if (body.userId === 'self') resolved.userId = b.id;
    if (body.userId === 'a') resolved.userId = a.id;
    if (body.productId === 'own') resolved.productId = bListing;
    const before = await api.db('chat_messages').count({ n: '*' });
    expect(await send(b, resolved)).toMatchObject({ status, body: { Description: description } });
    expect(await api.db('chat_messages').count({ n: '*' })).toEqual(before);
  });

  it('is refused both ways while either blocks the other, and works again after', async () => {
    await call(api.url, 'POST', `/api/user/block/${a.id}`, { token: c.token });
    const refused = { status: 403, body: { Description: safetyMessages.blockedBetween } };
    expect(await send(a, { userId: c.id, text: 'hi?' })).toMatchObject(refused);
    expect(await send(c, { userId: a.id, text: 'hi?' })).toMatchObject(refused);
    await call(api.url, 'POST', `/api/user/unblock/${a.id}`, { token: c.token });
    expect((await send(a, { userId: c.id, text: 'hi again' })).status).toBe(201);
  });

  it('keeps a sender to 60 messages a minute, even sent 70 at once', async () => {
    const spammer = await member(api, `chat_s${stamp}`);
    const answers = await Promise.all(
      Array.from({ length: 70 }, (_, i) => send(spammer, { userId: a.id, text: `buy now ${i}` })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(60);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(10);
    expect(new Set(refused.map((r) => r.body.Description))).toEqual(new Set([chatMessages.tooFast]));
    expect(await api.db('chat_messages').where({ sender_id: spammer.id }).count({ n: '*' })).toEqual([{ n: 60 }]);
  });
});

describe('paging', () => {
  it('pages backwards from the latest, and catches up after an id', async () => {
    const writer = await member(api, `chat_p${stamp}`);
    for (let i = 1; i <= CHAT_PAGE_SIZE + 5; i += 1) await send(writer, { userId: c.id, text: `line ${i}` });
    const latest = (await open(c, { userId: writer.id })).body.Content;
    expect(latest.hasMore).toBe(true);
    expect(latest.messages.map((m) => m.text)).toEqual(
      Array.from({ length: CHAT_PAGE_SIZE }, (_, i) => `line ${i + 6}`),
    );
    const older = (await open(c, { chatId: latest.chat!.id, beforeId: latest.messages[0].id })).body.Content;
    expect([older.hasMore, older.messages.map((m) => m.text)]).toEqual([
      false,
      ['line 1', 'line 2', 'line 3', 'line 4', 'line 5'],
    ]);
    const caughtUp = (await open(c, { chatId: latest.chat!.id, afterId: older.messages[2].id })).body.Content;
    expect(caughtUp.hasMore).toBe(true);
    expect(caughtUp.messages.map((m) => m.text)).toEqual(
      Array.from({ length: CHAT_PAGE_SIZE }, (_, i) => `line ${i + 4}`),
    );
    expect((await open(c, { chatId: latest.chat!.id, beforeId: 1, afterId: 1 })).status).toBe(400);
  });

  it('marks read by a catch-up that reaches the newest message, not by one that stops short', async () => {
    const writer = await member(api, `chat_r${stamp}`);
    const first = (await send(writer, { userId: c.id, text: 'one' })).body.Content;
    const chatId = first.chat.id;
    for (let i = 2; i <= CHAT_PAGE_SIZE + 2; i += 1) await send(writer, { userId: c.id, text: `more ${i}` });
    const unread = async () => (await chats(c)).chats.find((chat) => chat.id === chatId)!.unreadCount;
    expect((await open(c, { chatId, afterId: first.message.id - 1 })).body.Content.hasMore).toBe(true);
    expect(await unread()).toBe(CHAT_PAGE_SIZE + 2);
    const rest = (await open(c, { chatId, afterId: first.message.id + CHAT_PAGE_SIZE - 1 })).body.Content;
    expect([rest.hasMore, rest.messages.length]).toEqual([false, 2]);
    expect(await unread()).toBe(0);
  });
});

describe('photos', () => {
  const uploadAs = async (who: Member) =>
    (
      await postForm<{ image: UploadedImage }>(api, who.token, '/api/upload/image', {}, [
        ['image', 'p.png', await png(1600, 1200)],
      ])
    ).body.Content.image;

  it("sends the sender's own uploaded photo, with text or alone, served at its url", async () => {
    const image = await uploadAs(a);
    const alone = await send(a, { userId: c.id, imageId: image.id });
    expect(alone.status).toBe(201);
    expect(alone.body.Content.message).toMatchObject({ text: '', image: { url: image.url, width: 800, height: 600 } });
    const withText = await send(a, { userId: c.id, imageId: image.id, text: 'the scratch' });
    expect(withText.body.Content.message).toMatchObject({ text: 'the scratch', image: { url: image.url } });
    const seen = (await open(c, { userId: a.id })).body.Content.messages.slice(-2);
    expect(seen.map((m) => [m.text, m.image?.url])).toEqual([
      ['', image.url],
      ['the scratch', image.url],
    ]);
    expect((await fetch(`${api.url}${image.url}`)).status).toBe(200);
  });

  it("refuses someone else's photo, or a photo id that does not exist, and stores nothing", async () => {
    const image = await uploadAs(b);
    const before = await api.db('chat_messages').count({ n: '*' });
    for (const imageId of [image.id, 99999999])
      expect(await send(a, { userId: c.id, imageId })).toMatchObject({
        status: 400,
        body: { Content: { errors: { imageId: chatMessages.imageNotFound } } },
      });
    expect(await api.db('chat_messages').count({ n: '*' })).toEqual(before);
  });
});

describe('muting', () => {
  it("keeps a muted conversation's messages out of the badge, for its member only, until unmuted", async () => {
    const talker = await member(api, `chat_m${stamp}`);
    const listener = await member(api, `chat_l${stamp}`);
    const { chat } = (await send(talker, { userId: listener.id, text: 'psst' })).body.Content;
    expect((await chats(listener)).unread_count).toBe(1);
    const mute = (who: Member, body: Record<string, unknown>) =>
      call(api.url, 'POST', '/api/userchat/mute', { token: who.token, body });
    expect((await mute(listener, { chatId: chat.id, muted: true })).status).toBe(200);
    await send(talker, { chatId: chat.id, text: 'still there?' });
    const muted = await chats(listener);
    expect([muted.unread_count, muted.chats[0].unreadCount, muted.chats[0].muted]).toEqual([0, 2, true]);
    expect((await chats(talker)).chats[0].muted).toBe(false);
    await mute(listener, { chatId: chat.id, muted: false });
    expect((await chats(listener)).unread_count).toBe(2);
    // not a member's: not found; not a boolean: refused
    expect((await mute(c, { chatId: chat.id, muted: true })).status).toBe(404);
    expect((await mute(listener, { chatId: chat.id, muted: 'yes' })).status).toBe(400);
  });

  it('takes 50 mutes and unmutes at once: each answered, one setting kept, the last one asked for afterwards', async () => {
    const talker = await member(api, `chat_n${stamp}`);
    const listener = await member(api, `chat_o${stamp}`);
    const { chat } = (await send(talker, { userId: listener.id, text: 'hi' })).body.Content;
    const mute = (muted: boolean) =>
      call(api.url, 'POST', '/api/userchat/mute', { token: listener.token, body: { chatId: chat.id, muted } });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, n) => mute(n % 2 === 0)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const rows = await api.db('chat_members').where({ chat_id: chat.id, user_id: listener.id });
    expect(rows).toHaveLength(1);
    await mute(true);
    expect((await chats(listener)).chats[0].muted).toBe(true);
    expect((await chats(listener)).unread_count).toBe(0);
  });
});
