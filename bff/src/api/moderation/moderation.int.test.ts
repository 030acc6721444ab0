import { safetyMessages, staffMessages, type ModerationQueue, type ProductPage } from '@swapstuff/contracts';
import { call, startTestApi, type TestApi } from '../../../test/harness';
import { listItem, registerUser, seller, USER_PASSWORD } from '../../../test/listings';
import { runJobs } from '../../../test/orders';
import { staffMember, type StaffMember } from '../../../test/staff';

let api: TestApi;
let agent: StaffMember;

beforeAll(async () => {
  api = await startTestApi();
  agent = await staffMember(api, 'mo_moderator', 'support');
});
afterAll(() => api.close());

const reasonOf = async (kind: 'product' | 'user', index = 0) =>
  (await api.db('report_reasons').where({ kind }).orderBy('sort_order').offset(index).first('id', 'name')) as {
    id: number;
    name: string;
  };
const queueOf = async (kind: string) =>
  (await call<ModerationQueue>(api.url, 'GET', `/api/admin/reports?kind=${kind}&perPage=100`, { token: agent.token }))
    .body.Content.items;
const act = (body: object) => call(api.url, 'POST', '/api/admin/reports/act', { token: agent.token, body });
const found = async (keyword: string) =>
  (await call<ProductPage>(api.url, 'POST', '/api/webgetproducts', { body: { keyword } })).body.Content.products.map(
    (p) => p.id,
  );
const toldOf = async (userId: number) =>
  (await api.db('notifications').where({ user_id: userId, kind: 'report.handled' })).map(
    (row: { body: string }) => row.body,
  );

test('a reported listing: grouped with its reasons, hidden (it leaves search and its page), its reporters told, then restored', async () => {
  const owner = await seller(api, 'owl_owner');
  const listing = await listItem(api, owner, { title: 'Quetzal feather lamp' });
  const [one, two] = [await registerUser(api, 'rep_one'), await registerUser(api, 'rep_two')];
  const [scam, other] = [await reasonOf('product'), await reasonOf('product', 1)];
  for (const [token, reason] of [
    [one, scam],
    [two, other],
  ] as const) {
    const reported = await call(api.url, 'POST', '/api/item/report', {
      token,
      body: { productId: listing, reasonId: reason.id },
    });
    expect(reported.status).toBe(201);
  }
  expect(await found('quetzal')).toContain(listing);

  const item = (await queueOf('listing')).find((i) => i.target_id === listing)!;
  expect(item).toMatchObject({
    title: 'Quetzal feather lamp',
    reports: 2,
    hidden: false,
    owner: { email: 'owl_owner@example.com' },
  });
  expect(item.reasons).toEqual(
    expect.arrayContaining([
      { reason: scam.name, count: 1 },
      { reason: other.name, count: 1 },
    ]),
  );

  const refused = await act({ kind: 'listing', targetId: listing, action: 'hide', reason: '' });
  expect(refused.body.Description).toBe(staffMessages.reasonRequired);
  const hidden = await act({ kind: 'listing', targetId: listing, action: 'hide', reason: 'Counterfeit' });
  expect(hidden.status).toBe(200);
  expect(hidden.body.Description).toBe(staffMessages.hidden);
  expect(await found('quetzal')).not.toContain(listing);
  expect((await call(api.url, 'GET', `/api/productdetail/${listing}`)).status).toBe(404);
  expect((await queueOf('listing')).map((i) => i.target_id)).not.toContain(listing);
  await runJobs(api);
  const { id: oneId } = await api.db('users').where({ username: 'rep_one' }).first('id');
  expect(await toldOf(oneId)).toEqual([
    'We looked at your report of the listing "Quetzal feather lamp" and removed it. Thank you for telling us.',
  ]);
  const audit = await api.db('audit_events').where({ target_type: 'listing', target_id: String(listing) });
  expect(audit).toMatchObject([{ kind: 'moderation.listing.hide', staff_id: agent.id, reason: 'Counterfeit' }]);

  expect((await act({ kind: 'listing', targetId: listing, action: 'restore', reason: 'Proved genuine' })).status).toBe(
    200,
  );
  expect(await found('quetzal')).toContain(listing);
});

test('dismissed reports: the listing stays, the reporter is told nothing was wrong', async () => {
  const owner = await seller(api, 'dee_owner');
  const listing = await listItem(api, owner, { title: 'Plain oak stool' });
  const reporter = await registerUser(api, 'rep_dismissed');
  await call(api.url, 'POST', '/api/item/report', {
    token: reporter,
    body: { productId: listing, reasonId: (await reasonOf('product')).id },
  });
  const dismissed = await act({ kind: 'listing', targetId: listing, action: 'dismiss', reason: 'A plain stool' });
  expect(dismissed.body.Description).toBe(staffMessages.dismissed);
  expect(await found('stool')).toContain(listing);
  await runJobs(api);
  const { id } = await api.db('users').where({ username: 'rep_dismissed' }).first('id');
  expect(await toldOf(id)).toEqual([
    'We looked at your report of the listing "Plain oak stool" and found nothing against our rules, so it stays.',
  ]);
});

test('a suspended member: signed out at once, refused at sign-in with the reason, listings gone; restored, back', async () => {
  const member = await seller(api, 'sus_member');
  const listing = await listItem(api, member, { title: 'Zanzibar spice box' });
  const reporter = await registerUser(api, 'rep_user');
  const { id: memberId } = await api.db('users').where({ username: 'sus_member' }).first('id');
  expect(
    (
      await call(api.url, 'POST', '/api/user/report', {
        token: reporter,
        body: { userId: memberId, reasonId: (await reasonOf('user')).id },
      })
    ).status,
  ).toBe(201);
  expect((await queueOf('user')).find((i) => i.target_id === memberId)).toMatchObject({ reports: 1, hidden: false });

  const suspended = await call(api.url, 'POST', '/api/admin/users/suspend', {
    token: agent.token,
    body: { userId: memberId, reason: 'Selling items that are not theirs.' },
  });
  expect(suspended.status).toBe(200);
  expect(suspended.body.Description).toBe(staffMessages.suspended);

  const session = await call(api.url, 'GET', '/api/userdetail', { token: member.token });
  expect(session.status).toBe(401);
  const signIn = await call(api.url, 'POST', '/api/user/signin', {
    body: { email: 'sus_member@example.com', password: USER_PASSWORD },
  });
  expect(signIn.status).toBe(403);
  expect(signIn.body.Description).toBe(`${safetyMessages.accountSuspended} Selling items that are not theirs.`);
  expect(await found('zanzibar')).not.toContain(listing);
  expect((await queueOf('user')).map((i) => i.target_id)).not.toContain(memberId);

  const restored = await call(api.url, 'POST', '/api/admin/users/restore', {
    token: agent.token,
    body: { userId: memberId, reason: 'Showed receipts' },
  });
  expect(restored.body.Description).toBe(staffMessages.unsuspended);
  expect(
    (
      await call(api.url, 'POST', '/api/user/signin', {
        body: { email: 'sus_member@example.com', password: USER_PASSWORD },
      })
    ).status,
  ).toBe(200);
  expect(await found('zanzibar')).toContain(listing);
});

test('the queues are staff’s alone', async () => {
  const member = await registerUser(api, 'curious_member');
  expect((await call(api.url, 'GET', '/api/admin/reports?kind=listing', { token: member })).status).toBe(404);
  expect((await act({ kind: 'listing', targetId: 999_999, action: 'hide', reason: 'x' })).status).toBe(404);
});
