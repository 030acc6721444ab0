import Stripe from 'stripe';
import { messages, type PayoutAccount } from '@swapstuff/contracts';
import { call, startTestApi, type TestApi } from '../../../test/harness';
import { registerUser } from '../../../test/listings';
import { pressProviderButton } from '../../../test/cards';
import { WEBHOOK_PATH } from './webhook';

let api: TestApi;
let seller: string;
let accountId: string;

beforeAll(async () => {
  api = await startTestApi();
  seller = await registerUser(api, 'seller_hooks');
  const link = await call<{ url: string }>(api.url, 'POST', '/api/payouts/onboarding', { token: seller });
  expect(link.status).toBe(200);
  ({ account_id: accountId } = await api.db('payout_accounts').first('account_id'));
});
afterAll(() => api.close());

/** An event as Stripe sends it: the JSON body and its Stripe-Signature header. */
function signed(event: object, secret = api.webhookSecret): { body: string; signature: string } {
  const body = JSON.stringify(event);
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
}

const deliver = (body: string | Buffer, signature?: string) =>
  fetch(`${api.url}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(signature && { 'Stripe-Signature': signature }) },
    body,
  });

let sequence = 0;
const accountUpdated = (created: number, payoutsEnabled: boolean) => ({
  id: `evt_test${++sequence}`,
  object: 'event',
  type: 'account.updated',
  created,
  data: {
    object: { id: accountId, object: 'account', details_submitted: payoutsEnabled, payouts_enabled: payoutsEnabled },
  },
});

const stateOf = () => api.db('payout_accounts').where({ account_id: accountId }).first('payouts_enabled', 'state_at');
const eventCount = async () => Number((await api.db('payment_events').count({ n: '*' }))[0].n);

describe('the provider webhook', () => {
  it('refuses a bad, missing or foreign signature and records nothing', async () => {
    const before = await eventCount();
    const { body, signature } = signed(accountUpdated(1_900_000_000, true));
    const tampered = body.replace('"payouts_enabled":true', '"payouts_enabled":false');
    for (const [payload, header] of [
      [tampered, signature],
      [body, undefined],
      [body, signed(accountUpdated(1, true), 'whsec_someone_else').signature],
      [body, 't=1,v1=00'],
    ] as const) {
      const res = await deliver(payload, header);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { Description: string }).Description).toBe(messages.webhookSignatureInvalid);
    }
    expect(await eventCount()).toBe(before);
    expect(Boolean((await stateOf()).payouts_enabled)).toBe(false);
  });

  it('survives bodies that are not events, cut short or too large', async () => {
    for (const body of ['', '{"id":', Buffer.alloc(300 * 1024, 0x7b), '\u0000\u0001']) {
      const res = await deliver(body, 't=1,v1=ab');
      expect([400, 413]).toContain(res.status);
    }
    expect((await call(api.url, 'GET', '/api/payments/config')).status).toBe(200);
  });

  it('changes nothing twice: a replay, however many at once, and an older event after a newer one', async () => {
    const newer = signed(accountUpdated(2_000_000_000, true));
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(newer.body, newer.signature)));
    const outcomes = await Promise.all(
      answers.map(async (r) => ((await r.json()) as { Content: { received: string } }).Content.received),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(outcomes.filter((o) => o === 'handled')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'replayed')).toHaveLength(19);
    expect(Boolean((await stateOf()).payouts_enabled)).toBe(true);

    // an event of an earlier time, delivered late, does not turn payouts off again
    const older = signed(accountUpdated(1_999_999_000, false));
    expect((await deliver(older.body, older.signature)).status).toBe(200);
    expect(Boolean((await stateOf()).payouts_enabled)).toBe(true);
    expect(Number((await stateOf()).state_at)).toBe(2_000_000_000);
  });
});

describe('payouts onboarding through the provider', () => {
  it('asks for bank details until onboarding is done, then not', async () => {
    const other = await registerUser(api, 'seller_onboard');
    const before = await call<{ payouts: PayoutAccount }>(api.url, 'GET', '/api/payouts/account', { token: other });
    expect(before.body.Content.payouts).toEqual({
      details_submitted: 0,
      payouts_enabled: 0,
      action_required: 3,
      remediation_link: 'http://localhost:3000/payment-methods#payouts',
    });
    const link = await call<{ url: string }>(api.url, 'POST', '/api/payouts/onboarding', { token: other });
    // the same account however many times the seller starts again
    await call(api.url, 'POST', '/api/payouts/onboarding', { token: other });
    expect(await api.db('payout_accounts').count({ n: '*' })).toEqual([{ n: 2 }]);
    const back = await pressProviderButton(link.body.Content.url, 'Submit', { holder: 'Sam Seller' });
    expect(back).toBe('http://localhost:3000/payment-methods?payouts=return#payouts');
    const after = await call<{ payouts: PayoutAccount }>(api.url, 'GET', '/api/payouts/account', { token: other });
    expect(after.body.Content.payouts).toEqual({
      details_submitted: 1,
      payouts_enabled: 1,
      action_required: 0,
      remediation_link: null,
    });
  });

  it("the provider's own account.updated event arrives, signed, and is recorded once", async () => {
    const other = await registerUser(api, 'seller_event');
    const link = await call<{ url: string }>(api.url, 'POST', '/api/payouts/onboarding', { token: other });
    await pressProviderButton(link.body.Content.url, 'Submit', { holder: 'Sam Seller' });
    const { account_id } = await api
      .db('payout_accounts')
      .join('users', 'users.id', 'payout_accounts.user_id')
      .where('users.username', 'seller_event')
      .first('account_id');
    const received = async () =>
      api.db('payment_events').where({ object_id: account_id, type: 'account.updated' }).select('id');
    const deadline = Date.now() + 10_000;
    while ((await received()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const [event] = await received();
    expect(event).toBeDefined();
    const resend = await fetch(`${api.paymentsUrl}/sandbox/events/${event.id}/resend`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk_test_sandbox' },
    });
    expect(resend.ok).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(await received()).toHaveLength(1);
  });
});
