import {
  ActionRequired,
  staffMessages,
  type DisputeCase,
  type DisputeQueue,
  type DisputeView,
  type Order,
} from '@swapstuff/contracts';
import { call, startTestApi, type TestApi } from '../../../test/harness';
import { expectLedgerInvariants } from '../../../test/ledger-invariants';
import { capturesOf, refundedAt } from '../../../test/ledger-provider';
import { AUSTIN, deliveredOrder, member, orderDetail, runJobs, type Member } from '../../../test/orders';
import { staffMember, type StaffMember } from '../../../test/staff';

let api: TestApi;
let seller: Member;
let agent: StaffMember;

beforeAll(async () => {
  api = await startTestApi();
  seller = await member(api, 'sal_support_queue', AUSTIN);
  agent = await staffMember(api, 'sue_queue', 'support');
});
afterAll(() => api.close());

/** A delivered order of the buyer's, disputed: the order and its dispute's id. */
async function disputed(buyer: Member, reason: string): Promise<{ order: Order; disputeId: number }> {
  const order = await deliveredOrder(api, seller, buyer);
  const opened = await call<{ dispute: DisputeView }>(api.url, 'POST', '/api/dispute/store', {
    token: buyer.token,
    body: { orderId: order.id, disputeType: 'Item damaged', disputeReason: reason },
  });
  expect(opened.status).toBe(201);
  return { order, disputeId: opened.body.Content.dispute.id };
}

const caseOf = (disputeId: number) =>
  call<DisputeCase>(api.url, 'GET', `/api/admin/disputes/${disputeId}`, { token: agent.token });
const send = (body: object, token = agent.token) =>
  call<DisputeCase>(api.url, 'POST', '/api/admin/disputes/message', { token, body });
const decide = (body: object, token = agent.token) =>
  call<DisputeCase>(api.url, 'POST', '/api/admin/disputes/resolve', { token, body });
const notificationsOf = async (userId: number) =>
  (await api.db('notifications').where({ user_id: userId, kind: 'dispute.updated' }).orderBy('id')).map(
    (row: { title: string }) => row.title,
  );

test('the queue: open disputes, the longest waiting first, with their amount; members do not see it', async () => {
  const [first, second] = [await member(api, 'queue_first'), await member(api, 'queue_second')];
  const older = await disputed(first, 'Cracked on arrival');
  const newer = await disputed(second, 'Wrong colour');
  const answer = await call<DisputeQueue>(api.url, 'GET', '/api/admin/disputes?perPage=100', { token: agent.token });
  expect(answer.status).toBe(200);
  const ids = answer.body.Content.disputes.map((d) => d.id);
  expect(ids.indexOf(older.disputeId)).toBeLessThan(ids.indexOf(newer.disputeId));
  expect(answer.body.Content.disputes.find((d) => d.id === older.disputeId)).toMatchObject({
    order_id: older.order.id,
    status: 'open',
    amount: older.order.amounts.total,
    reason: 'Cracked on arrival',
    buyer: { id: first.id, email: 'queue_first@example.com' },
    seller: { id: seller.id },
    info_requested_from: null,
  });
  expect((await call(api.url, 'GET', '/api/admin/disputes', { token: first.token })).status).toBe(404);
});

test('a dispute as support decides it: the timeline, the order’s money in escrow, the parcel’s steps', async () => {
  const buyer = await member(api, 'case_buyer');
  const { order, disputeId } = await disputed(buyer, 'The handle is loose');
  const answer = await caseOf(disputeId);
  expect(answer.status).toBe(200);
  const found = answer.body.Content;
  expect(found.dispute.timeline).toEqual([
    expect.objectContaining({ kind: 'opened', by: 'buyer', text: 'The handle is loose' }),
  ]);
  expect(found.order).toMatchObject({ id: order.id, escrow: order.amounts.total, amounts: order.amounts });
  expect(found.order.tracking.map((step) => step.status)).toContain('DELIVERED');
  expect(found.buyer.email).toBe('case_buyer@example.com');
  expect((await caseOf(999_999)).status).toBe(404);
});

test('support asks the buyer for more: their order card shows it until they answer; both sides hear of support’s messages', async () => {
  const buyer = await member(api, 'asked_buyer');
  const { order, disputeId } = await disputed(buyer, 'It does not turn on');
  const asked = await send({ disputeId, text: 'Please send a photo of the label on its back.', askFrom: 'buyer' });
  expect(asked.status).toBe(200);
  expect(asked.body.Description).toBe(staffMessages.disputeInfoAsked);
  expect(asked.body.Content.dispute.info_requested_from).toBe('buyer');
  const question = asked.body.Content.dispute.timeline.at(-1)!;
  expect(question).toMatchObject({ kind: 'asked', by: 'support' });

  const card = (who: Member) => orderDetail(api, who, order.id).then((answer) => answer.body.Content.order);
  expect(await card(buyer)).toMatchObject({
    action_required: ActionRequired.AdditionalInfo,
    admin_message: { id: question.id, message: 'Please send a photo of the label on its back.' },
  });
  expect(await card(seller)).toMatchObject({ admin_message: null });

  const answered = await call(api.url, 'POST', '/api/dispute/additional', {
    token: buyer.token,
    body: { orderId: order.id, text: 'The label says model 4B.' },
  });
  expect(answered.status).toBe(200);
  expect(await card(buyer)).toMatchObject({ action_required: ActionRequired.None, admin_message: null });
  expect((await caseOf(disputeId)).body.Content.dispute.info_requested_from).toBeNull();

  const note = await send({ disputeId, text: 'Thank you both, we are looking at it.' });
  expect(note.body.Description).toBe(staffMessages.disputeMessageSent);
  await runJobs(api);
  expect(await notificationsOf(buyer.id)).toEqual(['Support needs more information', 'Support wrote about a dispute']);
  expect(await notificationsOf(seller.id)).toContain('Support wrote about a dispute');
  const audit = await api
    .db('audit_events')
    .where({ target_type: 'order', target_id: String(order.id) })
    .orderBy('id');
  expect(audit.map((event: { kind: string }) => event.kind)).toEqual(['dispute.ask', 'dispute.message']);
});

test('a partial refund: that much back to the card, the rest to the seller, through the ledger; both told', async () => {
  const buyer = await member(api, 'partial_buyer');
  const { order, disputeId } = await disputed(buyer, 'One of the two chairs is scratched');
  const bad = await decide({ disputeId, refund: 100_000, note: 'Too much' });
  expect(bad.status).toBe(400);
  expect(bad.body.Description).toBe(staffMessages.refundAmountInvalid);
  const decided = await decide({ disputeId, refund: 20, note: 'Refunding $20 for the scratch.' });
  expect(decided.status).toBe(200);
  expect(decided.body.Description).toBe(staffMessages.disputeResolved);
  expect(decided.body.Content.dispute).toMatchObject({ status: 'resolved', refund: '20.00' });
  await runJobs(api);
  const pi = (await api.db('orders').where({ id: order.id }).first('payment_intent_id')).payment_intent_id;
  expect(await refundedAt(api, pi)).toBe(2000);
  expect(await capturesOf(api, pi)).toBe(1);
  expect((await caseOf(disputeId)).body.Content.order.escrow).toBe('0.00');
  expect(await notificationsOf(buyer.id)).toContain('Your dispute was resolved');
  expect(await notificationsOf(seller.id)).toContain('Your dispute was resolved');
  await expectLedgerInvariants(api);
});

test('50 resolutions of one dispute at once, by two staff members: one decision, one refund', async () => {
  const buyer = await member(api, 'race_buyer');
  const other = await staffMember(api, 'sam_queue', 'support');
  const { order, disputeId } = await disputed(buyer, 'Never worked');
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      decide({ disputeId, refund: i % 2 ? 5 : 10, note: `Decision ${i}` }, i % 2 ? other.token : agent.token),
    ),
  );
  const won = answers.filter((answer) => answer.status === 200);
  expect(won).toHaveLength(1);
  expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.Description)).toEqual(
    Array(49).fill(staffMessages.disputeAlreadyResolved),
  );
  await runJobs(api);
  const refund = won[0].body.Content.dispute.refund;
  const pi = (await api.db('orders').where({ id: order.id }).first('payment_intent_id')).payment_intent_id;
  expect(await refundedAt(api, pi)).toBe(Math.round(Number(refund) * 100));
  expect(await api.db('dispute_entries').where({ dispute_id: disputeId, kind: 'resolved' })).toHaveLength(1);
  expect(await api.db('audit_events').where({ kind: 'dispute.resolve', target_id: String(order.id) })).toHaveLength(1);
  expect((await send({ disputeId, text: 'Too late' })).status).toBe(409);
  await expectLedgerInvariants(api);
});
