import sharp from 'sharp';
import {
  checkForm,
  deleteAccountRules,
  messages,
  safetyMessages,
  SESSION_REVOKED_ERROR,
  type DeleteReason,
  type DeletionCheck,
  type LoginContent,
  type Product,
  type ProductPage,
  type Question,
} from '@swapstuff/contracts';
import { call, startTestApi, type TestApi } from '../../../test/harness';
import { listItem, postForm } from '../../../test/listings';
import { buy, buyableListing, completedOrder, member, runJobs, type Member } from '../../../test/orders';
import { offer } from '../../../test/swaps';

/**
 * Deleting an account (issue 15): password and reason required (spec section 5); refused while an offer, a
 * swap or an order is in flight; then every session ends, the listings leave the market and search, and
 * what named the person is gone from every public answer while others' orders, reviews and questions stay.
 */
let api: TestApi;
let reasons: DeleteReason[];
let n = 0;
const PASSWORD = 'listing-pass-1';

beforeAll(async () => {
  api = await startTestApi();
  reasons = (await call<DeleteReason[]>(api.url, 'GET', '/api/deleteuserreasons')).body.Content;
});
afterAll(() => api.close());

const next = (name: string) => `${name}${++n}_${Date.now() % 100000}`;
const check = (who: Member, body: object) =>
  call<DeletionCheck>(api.url, 'POST', '/api/deleterequest', { token: who.token, body });
const remove = (token: string, body: object) => call(api.url, 'POST', '/api/delete-user', { token, body });

describe('the form', () => {
  it("answers every rule with the spec's message, as the browser form does", async () => {
    const who = await member(api, next('del_rules'));
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { reasonId: safetyMessages.deleteReasonRequired, password: messages.passwordRequired }],
      [{ reasonId: reasons[0].id }, { password: messages.passwordRequired }],
      [{ password: PASSWORD }, { reasonId: safetyMessages.deleteReasonRequired }],
      [{ reasonId: 'x', password: PASSWORD }, { reasonId: safetyMessages.deleteReasonRequired }],
      [{ reasonId: reasons[0].id, password: '' }, { password: messages.passwordRequired }],
    ];
    for (const [body, errors] of cases) {
      const res = await remove(who.token, body);
      expect(res).toMatchObject({ status: 400, body: { Content: { errors } } });
      expect(checkForm(deleteAccountRules, body)).toEqual(errors);
    }
    // a reason the list does not hold, and a wrong password: on their fields
    expect(await remove(who.token, { reasonId: 99999, password: PASSWORD })).toMatchObject({
      status: 400,
      body: { Content: { errors: { reasonId: safetyMessages.deleteReasonRequired } } },
    });
    expect(await remove(who.token, { reasonId: reasons[0].id, password: 'not-my-password' })).toMatchObject({
      status: 400,
      body: { Content: { errors: { password: messages.currentPasswordWrong } } },
    });
    expect((await call(api.url, 'POST', '/api/delete-user', { body: { reasonId: 1, password: 'x' } })).status).toBe(
      401,
    );
    // nothing happened
    expect((await call(api.url, 'GET', '/api/userdetail', { token: who.token })).status).toBe(200);
  });
});

describe('what holds an account', () => {
  it('refuses while an offer, a purchase or a sale is in flight, and says which', async () => {
    const [seller, buyer, swapper] = await Promise.all([
      member(api, next('del_s')),
      member(api, next('del_b')),
      member(api, next('del_w')),
    ]);
    expect(await check(seller, { reasonId: reasons[0].id })).toMatchObject({
      status: 200,
      body: { Content: { canDelete: true, inFlight: { swaps: 0, sales: 0, purchases: 0 } } },
    });

    const order = await buy(api, buyer, await buyableListing(api, seller));
    const held = { status: 409, body: { Description: safetyMessages.deleteInFlight } };
    expect(await check(seller, { reasonId: reasons[0].id })).toMatchObject({
      ...held,
      body: { ...held.body, Content: { canDelete: false, inFlight: { sales: 1, purchases: 0, swaps: 0 } } },
    });
    expect(await check(buyer, { reasonId: reasons[0].id })).toMatchObject({
      ...held,
      body: { ...held.body, Content: { inFlight: { purchases: 1 } } },
    });
    expect(await remove(buyer.token, { reasonId: reasons[0].id, password: PASSWORD })).toMatchObject(held);

    const wanted = await listItem(api, seller, { title: 'Garden bench' });
    const mine = await listItem(api, swapper, { title: 'Lawn chair' });
    expect((await offer(api, swapper, { productId: wanted, productIds: [mine] })).status).toBe(200);
    expect(await remove(swapper.token, { reasonId: reasons[0].id, password: PASSWORD })).toMatchObject({
      ...held,
      body: { ...held.body, Content: { inFlight: { swaps: 1 } } },
    });
    // the refused accounts are whole
    expect((await call(api.url, 'GET', '/api/userdetail', { token: swapper.token })).status).toBe(200);
    expect(await api.db('users').whereIn('id', [buyer.id, swapper.id]).whereNotNull('deleted_at')).toEqual([]);
    expect(order.id).toBeGreaterThan(0);
  });

  it('lets an account go once its orders are completed', async () => {
    const [seller, buyer] = await Promise.all([member(api, next('del_cs')), member(api, next('del_cb'))]);
    await completedOrder(api, seller, buyer);
    expect((await check(buyer, { reasonId: reasons[1].id })).status).toBe(200);
    expect((await remove(buyer.token, { reasonId: reasons[1].id, password: PASSWORD })).status).toBe(200);
  });

  it('cannot be raced: an offer sent while the account is deleted either lands first (refusing it) or not at all', async () => {
    const [owner, deleting] = await Promise.all([member(api, next('del_ro')), member(api, next('del_rd'))]);
    const wanted = await Promise.all(Array.from({ length: 5 }, (_, i) => listItem(api, owner, { title: `Desk ${i}` })));
    const mine = await Promise.all(
      Array.from({ length: 5 }, (_, i) => listItem(api, deleting, { title: `Lamp ${i}` })),
    );
    const [deleted, ...offers] = await Promise.all([
      remove(deleting.token, { reasonId: reasons[0].id, password: PASSWORD }),
      ...wanted.map((productId, i) => offer(api, deleting, { productId, productIds: [mine[i]] })),
    ]);
    const sent = offers.filter((r) => r.status === 200).length;
    const pending = await api.db('swap_requests').where({ sender_id: deleting.id }).count({ n: '*' });
    expect(Number(pending[0].n)).toBe(sent);
    if (deleted.status === 200) expect(sent).toBe(0);
    else {
      // refused for the offers that landed before it (later ones may land after)
      expect(deleted.status).toBe(409);
      const { swaps } = (deleted.body.Content as DeletionCheck).inFlight;
      expect(swaps).toBeGreaterThanOrEqual(1);
      expect(swaps).toBeLessThanOrEqual(sent);
    }
  });
});

describe('a deleted account', () => {
  it('ends every session and opens to no password; fifty deletions at once delete it once', async () => {
    const username = next('del_once');
    const who = await member(api, username);
    const other = await call<LoginContent>(api.url, 'POST', '/api/user/signin', {
      body: { email: `${username}@example.com`, password: PASSWORD },
    });
    const otherToken = other.body.Content.token!;

    const all = await Promise.all(
      Array.from({ length: 50 }, () => remove(who.token, { reasonId: reasons[2].id, password: PASSWORD })),
    );
    expect(all.filter((r) => r.status === 200)).toHaveLength(1);
    // the others: the session already ended (401 "407"), the account gone, or the password check's limit
    for (const res of all.filter((r) => r.status !== 200)) expect([401, 404, 409, 429]).toContain(res.status);
    expect(await api.db('account_deletions').where({ user_id: who.id })).toEqual([
      expect.objectContaining({ reason_id: reasons[2].id }),
    ]);

    for (const token of [who.token, otherToken]) {
      const res = await call(api.url, 'GET', '/api/userdetail', { token });
      expect(res).toMatchObject({ status: 401, body: { error: SESSION_REVOKED_ERROR } });
    }
    const signIn = await call(api.url, 'POST', '/api/user/signin', {
      body: { email: `${username}@example.com`, password: PASSWORD },
    });
    expect(signIn.status).toBe(401);

    // the payment provider keeps neither the card nor the name (its jobs run twice: nothing changes)
    const { customer_id: customerId } = await api.db('users').where({ id: who.id }).first('customer_id');
    expect((await api.payments.listCards(customerId)).cards.map((c) => c.id)).toEqual([who.card]);
    await runJobs(api);
    await api
      .db('outbox')
      .where({ handler: 'cards.forget-customer' })
      .update({ status: 'pending', run_at: Date.now() });
    await runJobs(api);
    expect(await api.db('outbox').where({ handler: 'cards.forget-customer', status: 'done' })).not.toHaveLength(0);
    expect((await api.payments.listCards(customerId)).cards).toEqual([]);
    const atProvider = await fetch(`${api.paymentsUrl}/v1/customers/${customerId}`, {
      headers: { Authorization: 'Bearer sk_test_sandbox' },
    });
    expect(await atProvider.json()).toMatchObject({ name: 'Deleted user', email: `deleted-${who.id}@deleted.invalid` });
  });

  it("is gone from every public answer, while others' orders, reviews and questions keep a Deleted user", async () => {
    const username = next('del_gone');
    const who = await member(api, username);
    const seller = await member(api, next('del_keep'));
    // their name, phone and avatar, then a past that others keep: a completed purchase rated, a question
    const avatar = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#c0ffee' } })
      .jpeg()
      .toBuffer();
    const profile = await postForm(
      api,
      who.token,
      '/api/edituser',
      { firstName: 'Philippa', lastName: 'Quixotic', username, phone: '(512) 555-0199' },
      [['avatar', 'me.jpg', avatar]],
    );
    expect(profile.status).toBe(200);
    const avatarUrl: string = (await api.db('users').where({ id: who.id }).first('avatar')).avatar;
    expect(avatarUrl).toMatch(/avatars\//);
    const order = await completedOrder(api, seller, who);
    const rated = await call(api.url, 'POST', '/api/v2/rate/user', {
      token: who.token,
      body: { orderId: order.id, ratedStars: 4.5, comments: 'Quick and friendly seller' },
    });
    expect(rated.status).toBe(201);
    const sellersListing = await listItem(api, seller, { title: 'Copper kettle' });
    const asked = await call(api.url, 'POST', '/api/product/questionaire', {
      token: who.token,
      body: { productId: sellersListing, question: 'Does it whistle?' },
    });
    expect(asked.status).toBe(201);
    const listing = await listItem(api, who, { title: 'Quixotic walnut clock' });
    await runJobs(api);

    expect((await remove(who.token, { reasonId: reasons[0].id, password: PASSWORD })).status).toBe(200);
    await runJobs(api);

    const seen: string[] = [];
    const publicGet = async (method: string, path: string, body?: object) => {
      const res = await call(api.url, method, path, { token: seller.token, body });
      seen.push(JSON.stringify(res.body));
      return res;
    };
    const search = await publicGet('POST', '/api/webgetproducts', {
      keyword: 'quixotic walnut',
      pageNumber: 1,
      perPage: 50,
    });
    expect((search.body.Content as ProductPage).products).toEqual([]);
    const browse = await publicGet('POST', '/api/webgetproducts', { pageNumber: 1, perPage: 50 });
    expect((browse.body.Content as ProductPage).products.map((p: Product) => p.id)).not.toContain(listing);
    const home = await publicGet('GET', '/api/home');
    expect((home.body.Content as { products: Product[] }).products.map((p) => p.id)).not.toContain(listing);
    expect((await publicGet('GET', `/api/productdetail/${listing}`)).status).toBe(404);
    expect((await publicGet('GET', `/api/public/product/${listing}`)).status).toBe(404);
    expect((await publicGet('POST', '/api/getuser', { userId: who.id })).status).toBe(404);
    expect((await publicGet('GET', `/api/user/profile/stats/${who.id}`)).status).toBe(404);
    const theirs = await publicGet('POST', '/api/user/listings', { userId: who.id, pageNumber: 1, perPage: 20 });
    expect(theirs.status === 404 || (theirs.body.Content as ProductPage).products.length === 0).toBe(true);
    expect(await api.db('search_terms').where({ product_id: listing })).toEqual([]);
    expect((await api.db('products').where({ id: listing }).first('status')).status).toBe(5);

    // what others keep: the question, the review and the order, by a Deleted user
    const questions = await publicGet('GET', `/api/product/questionaire/${sellersListing}`);
    expect((questions.body.Content as { questions: Question[] }).questions[0]).toMatchObject({
      question: 'Does it whistle?',
      user: { first_name: 'Deleted', last_name: 'user', avatar: null },
    });
    const reviews = await publicGet('POST', '/api/user/ratings', { userId: seller.id, pageNumber: 1, perPage: 20 });
    expect(JSON.stringify(reviews.body)).toContain('Quick and friendly seller');
    expect(reviews.body.Content).toMatchObject({
      reviews: [
        expect.objectContaining({ rated_by: expect.objectContaining({ first_name: 'Deleted', last_name: 'user' }) }),
      ],
    });
    const sale = await publicGet('GET', `/api/buynow/detail/${order.id}`);
    expect(sale).toMatchObject({ status: 200, body: { Content: { order: { buyer: { first_name: 'Deleted' } } } } });

    for (const text of seen) {
      for (const personal of ['Philippa', 'Quixotic', username, '555-0199', '5125550199', avatarUrl]) {
        expect(text).not.toContain(personal);
      }
    }
    const row = await api.db('users').where({ id: who.id }).first();
    expect(row).toMatchObject({ first_name: 'Deleted', last_name: 'user', phone_no: null, avatar: null });
    expect(row.email).not.toContain(username);
    expect(await api.db('addresses').where({ user_id: who.id })).toEqual([]);
    // the avatar's file is gone too
    expect((await fetch(`${api.url}${avatarUrl}`)).status).toBe(404);
  });
});
