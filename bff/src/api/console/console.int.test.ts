import { staffMessages, type ConsoleHit, type MemberFile } from '@swapstuff/contracts';
import { call, startTestApi, type TestApi } from '../../../test/harness';
import { registerUser, USER_PASSWORD } from '../../../test/listings';
import { deliveredOrder, member, type Member } from '../../../test/orders';
import { staffMember, type StaffMember } from '../../../test/staff';

let api: TestApi;
let agent: StaffMember;
let seller: Member;
let buyer: Member;
let orderId: number;

beforeAll(async () => {
  api = await startTestApi();
  agent = await staffMember(api, 'lou_lookup', 'support');
  seller = await member(api, 'sel_looked_up');
  buyer = await member(api, 'bea_looked_up');
  orderId = (await deliveredOrder(api, seller, buyer)).id;
});
afterAll(() => api.close());

const search = async (q: string) =>
  (
    await call<{ hits: ConsoleHit[] }>(api.url, 'GET', `/api/admin/search?q=${encodeURIComponent(q)}`, {
      token: agent.token,
    })
  ).body.Content.hits;

test('one box finds a member by the start of their e-mail or username, or by id; and an order by its id', async () => {
  expect((await search('bea_looked')).map((hit) => [hit.kind, hit.id])).toEqual([['user', buyer.id]]);
  expect((await search('SEL_LOOKED_UP@EXAMPLE')).map((hit) => hit.id)).toEqual([seller.id]);
  expect(await search(String(orderId))).toEqual(
    expect.arrayContaining([expect.objectContaining({ kind: 'order', id: orderId })]),
  );
  // % and _ are letters here, not patterns
  expect(await search('%')).toEqual([]);
  const empty = await call(api.url, 'GET', '/api/admin/search?q=', { token: agent.token });
  expect(empty.body.Description).toBe(staffMessages.searchRequired);
});

test('a member’s page: their sign-ins with the addresses, their order, and how many block them', async () => {
  await call(api.url, 'POST', '/api/user/signin', {
    body: { email: 'bea_looked_up@example.com', password: USER_PASSWORD },
    headers: { 'X-Forwarded-For': '203.0.113.9' },
  });
  expect((await call(api.url, 'POST', `/api/user/block/${buyer.id}`, { token: seller.token })).status).toBe(200);
  const page = await call<MemberFile>(api.url, 'GET', `/api/admin/users/${buyer.id}`, { token: agent.token });
  expect(page.status).toBe(200);
  const file = page.body.Content;
  expect(file.user).toMatchObject({ id: buyer.id, email: 'bea_looked_up@example.com', role: 'user', suspended: null });
  expect(file.sign_ins.length).toBeGreaterThanOrEqual(1);
  expect(file.sign_ins[0]).toMatchObject({ kind: 'mobile', ip: expect.any(String) });
  expect(file.orders).toEqual([expect.objectContaining({ id: orderId, role: 'buyer' })]);
  expect(file.blocks).toEqual({ blocked_by: 1, blocking: 0 });
  expect((await call(api.url, 'GET', '/api/admin/users/999999', { token: agent.token })).status).toBe(404);
  expect((await call(api.url, 'GET', `/api/admin/users/${buyer.id}`, { token: buyer.token })).status).toBe(404);
});

test('support sends a member the e-mail to choose a new password, and it is in the audit trail', async () => {
  const token = await registerUser(api, 'forgetful_member');
  expect(token).toBeTruthy();
  const { id } = await api.db('users').where({ username: 'forgetful_member' }).first('id');
  const sent = await call(api.url, 'POST', '/api/admin/users/password-reset', {
    token: agent.token,
    body: { userId: id },
  });
  expect(sent.status).toBe(200);
  expect(sent.body.Description).toBe(staffMessages.resetSent);
  const mail = await api.waitForMail('forgetful_member@example.com');
  expect(mail.html).toContain('/reset-password?token=');
  expect(await api.db('audit_events').where({ kind: 'user.password-reset', target_id: String(id) })).toHaveLength(1);
});
