import {
  messages,
  profileMessages,
  safetyMessages,
  type BlockedUser,
  type BlockState,
  type HomeContent,
  type ProductPage,
  type ReportReason,
} from '@swapstuff/contracts';
import { call, startTestApi, type TestApi } from '../../../test/harness';
import { listItem } from '../../../test/listings';
import { buyableListing, couriers, initialize, member, type Member } from '../../../test/orders';
import { offer } from '../../../test/swaps';

/**
 * Blocking and reporting users (issue 15): a block hides each user's listings from the other (search, home,
 * likes) and stops questions, offers and purchases both ways; a report reaches support's queue once.
 */
let api: TestApi;
let a: Member;
let b: Member;
let c: Member;
let aListing: number;
let bListing: number;
const stamp = Date.now() % 100000;

beforeAll(async () => {
  api = await startTestApi();
  [a, b, c] = await Promise.all([
    member(api, `blk_a${stamp}`),
    member(api, `blk_b${stamp}`),
    member(api, `blk_c${stamp}`),
  ]);
  aListing = await buyableListing(api, a, { title: 'Yak wool rug', description: 'Warm and heavy' });
  bListing = await buyableListing(api, b, { title: 'Zebra print lamp', description: 'Bright and tall' });
});
afterAll(() => api.close());

const block = (who: Member, userId: number | string) =>
  call<BlockState>(api.url, 'POST', `/api/user/block/${userId}`, { token: who.token });
const unblock = (who: Member, userId: number | string) =>
  call<BlockState>(api.url, 'POST', `/api/user/unblock/${userId}`, { token: who.token });
const blockedUsers = (who: Member) =>
  call<{ users: BlockedUser[] }>(api.url, 'GET', '/api/blocked-users', { token: who.token });

/** The ids a viewer finds: a keyword search, browsing everything, and home. */
async function seenBy(
  who: Member | null,
  keyword: string,
): Promise<{ search: number[]; browse: number[]; home: number[] }> {
  const token = who?.token;
  const search = await call<ProductPage>(api.url, 'POST', '/api/webgetproducts', {
    token,
    body: { keyword, pageNumber: 1, perPage: 50 },
  });
  const browse = await call<ProductPage>(api.url, 'POST', '/api/webgetproducts', {
    token,
    body: { pageNumber: 1, perPage: 50 },
  });
  const home = await call<HomeContent>(api.url, 'GET', '/api/home', { token });
  return {
    search: search.body.Content.products.map((p) => p.id),
    browse: browse.body.Content.products.map((p) => p.id),
    home: home.body.Content.products.map((p) => p.id),
  };
}

const likedBy = async (who: Member) =>
  (
    await call<ProductPage>(api.url, 'POST', '/api/user/likedproducts', {
      token: who.token,
      body: { pageNumber: 1, perPage: 50 },
    })
  ).body.Content.products.map((p) => p.id);

describe('blocking', () => {
  it('refuses oneself, an unknown or malformed user and a visitor; blocking twice keeps one block', async () => {
    expect(await block(a, a.id)).toMatchObject({ status: 400, body: { Description: safetyMessages.cannotBlockSelf } });
    expect(await block(a, 99999999)).toMatchObject({
      status: 404,
      body: { Description: profileMessages.userNotFound },
    });
    expect((await block(a, 'abc')).status).toBe(404);
    expect((await call(api.url, 'POST', `/api/user/block/${b.id}`)).status).toBe(401);
    expect((await call(api.url, 'GET', '/api/blocked-users')).status).toBe(401);

    const first = await block(c, b.id);
    expect(first).toMatchObject({ status: 200, body: { Content: { userId: b.id, blocked: true } } });
    expect(first.body.Description).toBe(safetyMessages.blocked);
    const again = await Promise.all(Array.from({ length: 20 }, () => block(c, b.id)));
    expect(again.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await api.db('user_blocks').where({ blocker_id: c.id }).count({ n: '*' })).toEqual([{ n: 1 }]);

    const list = (await blockedUsers(c)).body.Content.users;
    expect(list).toEqual([
      expect.objectContaining({
        id: b.id,
        first_name: 'Test',
        last_name: 'Seller',
        is_business: 0,
        blocked_at: expect.any(String),
      }),
    ]);
    // what the list shows of a user is what their public card shows: no e-mail, no phone
    expect(Object.keys(list[0]).sort()).toEqual(
      ['avatar', 'blocked_at', 'businessName', 'first_name', 'id', 'is_business', 'last_name'].sort(),
    );
    expect(await unblock(c, b.id)).toMatchObject({ status: 200, body: { Content: { userId: b.id, blocked: false } } });
    expect((await blockedUsers(c)).body.Content.users).toEqual([]);
    // unblocking someone not blocked changes nothing
    expect((await unblock(c, b.id)).status).toBe(200);
  });

  it("hides each one's listings from the other in search, browse, home and likes, both ways, until unblocked", async () => {
    const like = await call(api.url, 'POST', '/api/product/like', { token: a.token, body: { productId: bListing } });
    expect(like.status).toBe(200);
    const before = await seenBy(a, 'zebra');
    expect(before.search).toContain(bListing);
    expect(before.browse).toContain(bListing);
    expect(before.home).toContain(bListing);
    expect(await likedBy(a)).toContain(bListing);

    expect((await block(a, b.id)).status).toBe(200);

    const blocker = await seenBy(a, 'zebra');
    expect(blocker.search).not.toContain(bListing);
    expect(blocker.browse).not.toContain(bListing);
    expect(blocker.home).not.toContain(bListing);
    expect(await likedBy(a)).not.toContain(bListing);
    // and the blocked user no longer finds the blocker's
    const blocked = await seenBy(b, 'yak');
    expect(blocked.search).not.toContain(aListing);
    expect(blocked.browse).not.toContain(aListing);
    expect(blocked.home).not.toContain(aListing);
    // everyone else still sees both
    for (const viewer of [c, null]) {
      const other = await seenBy(viewer, 'zebra');
      expect(other.search).toContain(bListing);
      expect(other.browse).toEqual(expect.arrayContaining([aListing, bListing]));
    }

    expect((await unblock(a, b.id)).status).toBe(200);
    const after = await seenBy(a, 'zebra');
    expect(after.search).toContain(bListing);
    expect(after.home).toContain(bListing);
    expect(await likedBy(a)).toContain(bListing);
    expect((await seenBy(b, 'yak')).search).toContain(aListing);
  });

  it('stops questions, offers and purchases between the two, whichever blocked, and lets them again after', async () => {
    expect((await block(a, b.id)).status).toBe(200);
    const refused = { status: 403, body: { Description: safetyMessages.blockedBetween } };

    for (const [asker, listing] of [
      [b, aListing],
      [a, bListing],
    ] as const) {
      const ask = await call(api.url, 'POST', '/api/product/questionaire', {
        token: asker.token,
        body: { productId: listing, question: 'Is it still available?' },
      });
      expect(ask).toMatchObject(refused);
    }

    const swapFor = await listItem(api, b, { title: 'Spare stool' });
    expect(await offer(api, b, { productId: aListing, productIds: [swapFor] })).toMatchObject(refused);
    const mine = await listItem(api, a, { title: 'Spare bench' });
    expect(await offer(api, a, { productId: bListing, productIds: [mine] })).toMatchObject(refused);

    const rates = (await couriers(api, b, aListing)).body.Content.rates;
    const buy = await initialize(api, b, {
      productId: aListing,
      addressId: b.address.id,
      rateId: rates[0].object_id,
      paymentMethodId: b.card,
    });
    expect(buy).toMatchObject(refused);
    expect(await api.db('swap_requests').whereIn('sender_id', [a.id, b.id]).count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await api.db('product_questions').whereIn('user_id', [a.id, b.id]).count({ n: '*' })).toEqual([{ n: 0 }]);

    expect((await unblock(a, b.id)).status).toBe(200);
    const ask = await call(api.url, 'POST', '/api/product/questionaire', {
      token: b.token,
      body: { productId: aListing, question: 'Is it still available?' },
    });
    expect(ask.status).toBe(201);
  });
});

describe('reporting a user', () => {
  const report = (who: Member | null, body: object) =>
    call(api.url, 'POST', '/api/user/report', { token: who?.token, body });

  it('takes a reason of /api/reasons/2, with ≥ 10 characters for the last, once per reporter, into the queue', async () => {
    const reasons = (await call<ReportReason[]>(api.url, 'GET', '/api/reasons/2')).body.Content;
    expect(reasons.length).toBeGreaterThan(1);
    const first = reasons[0];
    const other = reasons.at(-1)!;

    expect((await report(null, { userId: b.id, reasonId: first.id })).status).toBe(401);
    expect(await report(c, { userId: c.id, reasonId: first.id })).toMatchObject({
      status: 400,
      body: { Description: safetyMessages.cannotReportSelf },
    });
    expect(await report(c, { userId: 99999999, reasonId: first.id })).toMatchObject({ status: 404 });
    expect(await report(c, { userId: b.id })).toMatchObject({
      status: 400,
      body: { Content: { errors: { reasonId: messages.reportReasonRequired } } },
    });
    // a listing's reason is not a user's
    const productReason = (await call<ReportReason[]>(api.url, 'GET', '/api/reasons/1')).body.Content[0];
    expect(await report(c, { userId: b.id, reasonId: productReason.id })).toMatchObject({
      status: 400,
      body: { Content: { errors: { reasonId: messages.reportReasonRequired } } },
    });
    expect(await report(c, { userId: b.id, reasonId: other.id, reason: 'too short' })).toMatchObject({
      status: 400,
      body: { Content: { errors: { reason: messages.reportMin } } },
    });

    // twenty taps at once: one report, the others told it is there already
    const taps = await Promise.all(
      Array.from({ length: 20 }, () =>
        report(c, { userId: b.id, reasonId: other.id, reason: 'Asked me to pay outside the app' }),
      ),
    );
    expect(taps.filter((r) => r.status === 201)).toHaveLength(1);
    expect(taps.filter((r) => r.status === 409).map((r) => r.body.Description)).toEqual(
      Array(19).fill(safetyMessages.userAlreadyReported),
    );
    const rows = await api.db('user_reports').where({ user_id: b.id, reporter_id: c.id });
    expect(rows).toEqual([
      expect.objectContaining({
        reason_id: other.id,
        reason_text: 'Asked me to pay outside the app',
        handled_at: null,
      }),
    ]);
  });
});
