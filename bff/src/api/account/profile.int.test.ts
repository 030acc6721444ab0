import sharp from 'sharp';
import {
  businessProfileRules,
  checkForm,
  messages,
  profileMessages,
  profileRules,
  type LoginContent,
  type ProductPage,
  type ProfileStats,
  type PublicProfile,
  type User,
} from '@swapstuff/contracts';
import { call, startTestApi, type TestApi } from '../../../test/harness';
import { listItem, postForm, type Upload } from '../../../test/listings';
import { gif, jpegWithGps, png } from '../../../test/media';
import { AUSTIN, completedOrder, member } from '../../../test/orders';
import { completedSwap } from '../../../test/swaps';

/**
 * The profile (issue 15): /api/edituser by the rules of the account's kind, with the spec's messages, the same
 * as the browser form's (contracts' checkForm); the avatar through the photo pipeline, cropped square; the
 * username unique also when edits race; what others see of a user, and never their contact details.
 */
let api: TestApi;
let n = 0;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const person = (username: string) => ({ firstName: 'Ada', lastName: 'Lovelace', username, phone: '' });
const company = (username: string) => ({
  businessName: 'Acme Tools',
  businessUsername: username,
  businessEINNumber: '123456789',
  businessEmail: `${username}@acme.example`,
  address: '1 Main St',
  city: 'Springfield',
  state: 'Illinois',
  zip: '62701',
  phone: '(217) 555-0100',
});

async function signUp(kind: 'individual' | 'business'): Promise<{ token: string; user: User }> {
  n += 1;
  const username = `${kind === 'business' ? 'biz' : 'ada'}_${n}_${Date.now() % 100000}`;
  const res =
    kind === 'business'
      ? await call<LoginContent>(api.url, 'POST', '/api/v2/register', {
          body: { ...company(username), password: 'hammer-time', confirmPassword: 'hammer-time', agreeToTerms: true },
        })
      : await call<LoginContent>(api.url, 'POST', '/api/register', {
          body: {
            ...person(username),
            email: `${username}@example.com`,
            password: 'analytical',
            confirmPassword: 'analytical',
            agreeToTerms: true,
          },
        });
  if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${res.body.Description}`);
  return { token: res.body.Content.token!, user: res.body.Content.user };
}

const edit = (token: string | undefined, body: object) =>
  call<{ user: User }>(api.url, 'POST', '/api/edituser', { token, body });
const editForm = (token: string, fields: Record<string, string>, files: Upload[]) =>
  postForm<{ user: User }>(api, token, '/api/v2/edituser', fields, files);

const individualCases: [string, unknown, string][] = [
  ['firstName', '', messages.firstNameRequired],
  ['firstName', 'A', messages.firstNameLength],
  ['firstName', 'A'.repeat(51), messages.firstNameLength],
  ['lastName', undefined, messages.lastNameRequired],
  ['lastName', 'B', messages.lastNameLength],
  ['lastName', 'B'.repeat(51), messages.lastNameLength],
  ['username', '', messages.usernameRequired],
  ['username', 'ab', messages.usernameLength],
  ['username', 'a'.repeat(21), messages.usernameLength],
  ['username', 'ada lovelace', messages.usernamePattern],
  ['username', '18151852', messages.usernameNotOnlyDigits],
  ['phone', '(555) 123-456', messages.invalidContact],
  ['phone', '+1 (555) 123-45678', messages.invalidContact],
];

const businessCases: [string, unknown, string][] = [
  ['businessName', '', messages.businessNameRequired],
  ['businessName', 'A', messages.businessNameLength],
  ['businessName', 'A'.repeat(51), messages.businessNameLength],
  ['businessUsername', '', messages.businessUsernameRequired],
  ['businessUsername', 'acme tools', messages.usernamePattern],
  ['businessUsername', '2024', messages.usernameNotOnlyDigits],
  ['businessEINNumber', '12345678', messages.einLength],
  ['businessEINNumber', '12-3456789', messages.einLength],
  ['businessEmail', '', messages.businessEmailRequired],
  ['businessEmail', 'sales@', messages.invalidEmail],
  ['address', '', messages.addressRequired],
  ['city', '', messages.cityRequired],
  ['state', 'Illinois2', messages.stateAlphabetic],
  ['zip', '', messages.zipRequired],
  ['phone', '', messages.phoneRequired],
  ['phone', '(217) 555-010', messages.invalidContact],
];

describe('POST /api/edituser: the rules of spec section 5, as the form has them', () => {
  let ada: { token: string; user: User };
  let acme: { token: string; user: User };
  beforeAll(async () => {
    ada = await signUp('individual');
    acme = await signUp('business');
  });

  it.each(individualCases)('an individual: %s = %p → 400 "%s"', async (field, value, message) => {
    const body = { ...person(ada.user.username), [field]: value };
    const expected = checkForm(profileRules, body);
    expect(expected[field]).toBe(message);
    const res = await edit(ada.token, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ Success: false, Description: message, Content: { errors: expected } });
  });

  it.each(businessCases)('a business: %s = %p → 400 "%s"', async (field, value, message) => {
    const body = { ...company(acme.user.username), [field]: value };
    const expected = checkForm(businessProfileRules, body);
    expect(expected[field]).toBe(message);
    const res = await edit(acme.token, body);
    expect(res.status).toBe(400);
    expect(res.body.Content).toEqual({ errors: expected });
  });

  it('saves an individual’s names, username and contact, and leaves the business fields alone', async () => {
    const username = `Ada_Edited_${n}`;
    const res = await edit(ada.token, {
      firstName: ' Augusta ',
      lastName: 'King',
      username,
      phone: '(555) 123-4567',
      businessName: 'Not a business',
    });
    expect(res.status).toBe(200);
    expect(res.body.Description).toBe(profileMessages.profileUpdated);
    expect(res.body.Content.user).toMatchObject({
      first_name: 'Augusta',
      last_name: 'King',
      username,
      phone_no: '(555) 123-4567',
      email: ada.user.email,
      is_business: 0,
    });
    expect(res.body.Content.user).not.toHaveProperty('businessName');
    const me = await call<{ user: User }>(api.url, 'GET', '/api/v2/userdetail', { token: ada.token });
    expect(me.body.Content.user).toEqual(res.body.Content.user);
    // the contact left out stays; blank takes it away
    expect((await edit(ada.token, { ...person(username) })).body.Content.user.phone_no).toBe(null);
    await edit(ada.token, { ...person(username), phone: '(555) 123-4567' });
    const { phone, ...withoutPhone } = person(username);
    expect(phone).toBe('');
    expect((await edit(ada.token, withoutPhone)).body.Content.user.phone_no).toBe('(555) 123-4567');
    ada.user = (await call<{ user: User }>(api.url, 'GET', '/api/userdetail', { token: ada.token })).body.Content.user;
  });

  it('saves a business’s name, username, EIN, contact e-mail, address and phone; it still signs in as before', async () => {
    const username = `acme_new_${n}`;
    const res = await edit(acme.token, { ...company(username), businessName: 'Acme & Sons', businessEINNumber: '' });
    expect(res.status).toBe(200);
    expect(res.body.Content.user).toMatchObject({
      username,
      businessUsername: username,
      businessName: 'Acme & Sons',
      businessEINNumber: null,
      businessEmail: `${username}@acme.example`,
      email: acme.user.email,
      phone_no: '(217) 555-0100',
    });
    const signIn = await call(api.url, 'POST', '/api/user/signin', {
      body: { email: acme.user.email, password: 'hammer-time' },
    });
    expect(signIn.status).toBe(200);
    acme.user = res.body.Content.user;
  });

  it('refuses a username another user has, whatever its case (409 on the field), and keeps one’s own', async () => {
    const taken = await edit(acme.token, { ...company(ada.user.username.toUpperCase()) });
    expect(taken.status).toBe(409);
    expect(taken.body.Content).toEqual({ errors: { businessUsername: messages.usernameTaken } });
    const own = await edit(ada.token, { ...person(ada.user.username.toLowerCase()), lastName: 'Byron' });
    expect(own.status).toBe(200);
    expect(own.body.Content.user.username).toBe(ada.user.username.toLowerCase());
  });

  it('gives one of 20 users racing for one new username that name; the others 409, their own kept', async () => {
    const racers = await Promise.all(Array.from({ length: 20 }, () => signUp('individual')));
    const wanted = `raced_name_${n}`;
    const answers = await Promise.all(racers.map((r) => edit(r.token, person(wanted))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    const holders = await api.db('users').whereRaw('lower(username) = ?', [wanted]).pluck('id');
    expect(holders).toHaveLength(1);
    const winner = racers[answers.findIndex((a) => a.status === 200)];
    expect(holders[0]).toBe(winner.user.id);
    for (const [i, racer] of racers.entries()) {
      if (answers[i].status === 200) continue;
      expect((await api.db('users').where({ id: racer.user.id }).first('username')).username).toBe(racer.user.username);
    }
  });

  it('edits only the caller’s own profile: an id in the body is not read, and a visitor is 401', async () => {
    const other = await signUp('individual');
    const res = await edit(ada.token, { ...person(ada.user.username), userId: other.user.id, id: other.user.id });
    expect(res.status).toBe(200);
    expect(res.body.Content.user.id).toBe(ada.user.id);
    const untouched = await api.db('users').where({ id: other.user.id }).first('first_name', 'username');
    expect(untouched).toEqual({ first_name: 'Ada', username: other.user.username });
    expect((await edit(undefined, person('nobody_here'))).status).toBe(401);
  });
});

describe('the avatar', () => {
  it('is cropped square at 400 px from a wide photo, without its EXIF, and served', async () => {
    const ada = await signUp('individual');
    const res = await editForm(ada.token, person(ada.user.username), [
      ['avatar', 'me.jpg', await jpegWithGps(1200, 600)],
    ]);
    expect(res.status).toBe(200);
    const url = res.body.Content.user.avatar!;
    expect(url).toMatch(/^\/media\/avatars\/[0-9a-f]{64}\.jpg$/);
    const served = Buffer.from(await (await fetch(`${api.url}${url}`)).arrayBuffer());
    const meta = await sharp(served).metadata();
    expect([meta.width, meta.height, meta.format, meta.exif]).toEqual([400, 400, 'jpeg', undefined]);
    // a business's logo keeps its transparency; a small one is not blown up past its own size's crop
    const acme = await signUp('business');
    const logo = await editForm(acme.token, company(acme.user.username), [['avatar', 'logo.png', await png(300, 200)]]);
    const logoMeta = await sharp(
      Buffer.from(await (await fetch(`${api.url}${logo.body.Content.user.avatar!}`)).arrayBuffer()),
    ).metadata();
    expect([logoMeta.width, logoMeta.height, logoMeta.format, logoMeta.hasAlpha]).toEqual([400, 400, 'png', true]);
    // taken away
    const removed = await editForm(acme.token, { ...company(acme.user.username), removeAvatar: '1' }, []);
    expect(removed.body.Content.user.avatar).toBeNull();
  });

  it('refuses what is not one photo in "avatar", changing nothing', async () => {
    const ada = await signUp('individual');
    const small = await gif(60, 40);
    const cases: [Upload[], number, string][] = [
      [[['avatar', 'a.jpg', Buffer.from('not a photo')]], 415, messages.imageType],
      [
        [
          ['avatar', 'a.gif', small],
          ['avatar', 'b.gif', small],
        ],
        400,
        messages.avatarOne,
      ],
      [[['image', 'a.gif', small]], 400, messages.avatarFieldOnly],
    ];
    for (const [files, status, description] of cases) {
      const res = await editForm(ada.token, { ...person(ada.user.username), firstName: 'Changed' }, files);
      expect([res.status, res.body.Description]).toEqual([status, description]);
    }
    const row = await api.db('users').where({ id: ada.user.id }).first('first_name', 'avatar');
    expect(row).toEqual({ first_name: 'Ada', avatar: null });
  });
});

describe('what others see: POST /api/getuser and GET /api/user/profile/stats/{userId}', () => {
  it('shows name, avatar, badge, member since and activity, never e-mail, phone, EIN or address', async () => {
    const acme = await signUp('business');
    const visitor = await call<{ profile: PublicProfile }>(api.url, 'POST', '/api/getuser', {
      body: { userId: acme.user.id },
    });
    expect(visitor.status).toBe(200);
    const { profile } = visitor.body.Content;
    expect(profile).toEqual({
      id: acme.user.id,
      name: 'Acme Tools',
      username: acme.user.username,
      avatar: null,
      is_business: 1,
      member_since: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      stats: {
        listings: 0,
        sold: 0,
        swaps: 0,
        as_seller: { average: null, count: 0 },
        as_buyer: { average: null, count: 0 },
      },
    });
    const text = JSON.stringify(visitor.body);
    for (const secret of [acme.user.email, '555-0100', '123456789', '1 Main St']) expect(text).not.toContain(secret);

    const ada = await signUp('individual');
    const seen = await call<{ profile: PublicProfile }>(api.url, 'POST', '/api/getuser', {
      token: acme.token,
      body: { userId: String(ada.user.id) },
    });
    expect(seen.body.Content.profile.name).toBe('Ada L.');
    const stats = await call<ProfileStats>(api.url, 'GET', `/api/user/profile/stats/${ada.user.id}`);
    expect(stats.body.Content).toEqual(profile.stats);
  });

  it('counts Active listings, completed sales and swaps, and ratings as each side', async () => {
    const seller = await member(api, `stats_seller_${n}`, AUSTIN);
    const buyer = await member(api, `stats_buyer_${n}`);
    const order = await completedOrder(api, seller, buyer);
    const rated = await call(api.url, 'POST', '/api/v2/rate/user', {
      token: buyer.token,
      body: { orderId: order.id, ratedStars: 4.5, comments: 'Well packed and quick.' },
    });
    expect(rated.status).toBe(201);
    await completedSwap(api, buyer, seller);
    await listItem(api, seller, { title: 'Still for swap' });
    const stats = await call<ProfileStats>(api.url, 'GET', `/api/user/profile/stats/${seller.id}`);
    // the sold listing and the swapped one are not Active; the new one is
    expect(stats.body.Content).toEqual({
      listings: 1,
      sold: 1,
      swaps: 1,
      as_seller: { average: 4.5, count: 1 },
      as_buyer: { average: null, count: 0 },
    });
    const theirs = await call<ProfileStats>(api.url, 'GET', `/api/user/profile/stats/${buyer.id}`);
    expect(theirs.body.Content).toMatchObject({ listings: 0, sold: 0, swaps: 1 });

    // the profile's grid: what search shows of the seller, newest first, with the viewer's likes
    const newer = await listItem(api, seller, { title: 'Newer lamp' });
    await call(api.url, 'POST', '/api/product/like', { token: buyer.token, body: { productId: newer } });
    const grid = (token?: string) =>
      call<ProductPage>(api.url, 'POST', '/api/user/listings', { token, body: { userId: seller.id, perPage: 10 } });
    const seen = await grid(buyer.token);
    expect(seen.body.Content.products.map((p) => [p.title, p.likes_count])).toEqual([
      ['Newer lamp', '1'],
      ['Still for swap', '0'],
    ]);
    expect(seen.body.Content.total).toBe(2);
    expect((await grid()).body.Content.products.map((p) => p.likes_count)).toEqual(['0', '0']);
    const empty = await call<ProductPage>(api.url, 'POST', '/api/user/listings', { body: { userId: buyer.id } });
    expect(empty.body.Content).toMatchObject({ products: [], total: 0 });
  });

  it('answers 404 for a user who is not there (deleted, unknown) and 400 for a missing or malformed id', async () => {
    const gone = await signUp('individual');
    await api.db('users').where({ id: gone.user.id }).update({ deleted_at: new Date() });
    for (const userId of [gone.user.id, 999999999]) {
      const res = await call(api.url, 'POST', '/api/getuser', { body: { userId } });
      expect([res.status, res.body.Description]).toEqual([404, profileMessages.userNotFound]);
    }
    // a body whose id cannot be one is refused as any invalid body is, with the same words
    const malformed = await call(api.url, 'POST', '/api/getuser', { body: { userId: 'abc' } });
    expect([malformed.status, malformed.body.Description]).toEqual([400, profileMessages.userNotFound]);
    for (const id of [gone.user.id, 'abc', '0']) {
      expect((await call(api.url, 'GET', `/api/user/profile/stats/${id}`)).status).toBe(404);
    }
    const none = await call(api.url, 'POST', '/api/getuser', { body: {} });
    expect([none.status, none.body.Description]).toEqual([400, profileMessages.userIdRequired]);
  });
});
