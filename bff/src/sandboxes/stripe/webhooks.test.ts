/**
 * Webhooks as our api receives them: POSTed to its endpoint, signed as Stripe signs (checked here with the
 * `stripe` package's own constructEvent), after the call that caused them, retried while the endpoint fails.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { startStripeSandbox, type StartedStripeSandbox } from '.';
import { cardId, pressButton, SECRET_KEY, stripeAt } from './testing';

const SECRET = 'whsec_test_secret';

interface Delivery {
  body: string;
  signature: string;
  contentType: string;
}

let deliveries: Delivery[] = [];
/** how the endpoint answers the next delivery: its status, or held until the test releases it */
let answer: () => { status: number; hold?: boolean } = () => ({ status: 200 });
const held: Array<() => void> = [];
let endpoint: http.Server;
let sandbox: StartedStripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  endpoint = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      deliveries.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['stripe-signature']),
        contentType: String(req.headers['content-type']),
      });
      const { status, hold } = answer();
      if (hold) held.push(() => res.writeHead(status).end());
      else res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  sandbox = await startStripeSandbox({
    webhookUrl: `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/api/payments/webhook`,
    webhookSecret: SECRET,
    webhookRetryDelaysMs: [30, 30, 30],
    payoutDelayMs: 20,
  });
  stripe = stripeAt(sandbox.url);
});
beforeEach(() => {
  deliveries = [];
  answer = () => ({ status: 200 });
});
afterAll(async () => {
  await sandbox.close();
  endpoint.closeAllConnections();
  await new Promise((resolve) => endpoint.close(resolve));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The events delivered so far, verified as our api verifies them. */
const received = () => deliveries.map((d) => stripe.webhooks.constructEvent(d.body, d.signature, SECRET));

async function eventually<T>(probe: () => T | undefined, ms = 3000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${JSON.stringify(deliveries.length)} deliveries`);
    await sleep(10);
  }
}

const typesOf = (events: Stripe.Event[]) => events.map((e) => e.type);

it('each state change is an event, delivered signed as Stripe signs, and kept for GET /v1/events', async () => {
  const customer = await stripe.customers.create({ email: 'buyer@example.com' });
  const card = await cardId(sandbox.url, '4000002500003155');
  const setup = await stripe.setupIntents.create({
    customer: customer.id,
    payment_method: card,
    confirm: true,
    return_url: 'https://shop.example/back',
  });
  await pressButton(setup.next_action!.redirect_to_url!.url!, 'Complete authentication');
  const payment = await stripe.paymentIntents.create({
    amount: 3000,
    currency: 'usd',
    customer: customer.id,
    payment_method: card,
    capture_method: 'manual',
    confirm: true,
    off_session: true,
  });
  await stripe.paymentIntents.capture(payment.id);
  await stripe.refunds.create({ payment_intent: payment.id, amount: 500 });
  const declined = await cardId(sandbox.url, '4000000000000002');
  await stripe.paymentIntents
    .create({ amount: 900, currency: 'usd', payment_method: declined, confirm: true })
    .catch(() => undefined);

  const expected = [
    'setup_intent.requires_action',
    'setup_intent.succeeded',
    'payment_intent.amount_capturable_updated',
    'payment_intent.succeeded',
    'refund.created',
    'charge.refunded',
    'payment_intent.payment_failed',
  ];
  const events = await eventually(() => (deliveries.length >= expected.length ? received() : undefined));
  expect(typesOf(events).sort()).toEqual([...expected].sort());
  expect(deliveries.every((d) => d.contentType.startsWith('application/json'))).toBe(true);
  expect(deliveries[0].signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

  const succeeded = events.find((e) => e.type === 'payment_intent.succeeded')!;
  expect(succeeded).toMatchObject({
    object: 'event',
    livemode: false,
    data: { object: { id: payment.id, object: 'payment_intent', status: 'succeeded', amount_received: 3000 } },
  });
  expect(await stripe.events.retrieve(succeeded.id)).toMatchObject({ id: succeeded.id, type: succeeded.type });
  const listed = await stripe.events.list({ type: 'payment_intent.*', limit: 100 });
  expect(listed.data.map((e) => e.id)).toContain(succeeded.id);

  // a signature is good for its body and secret only
  const tampered = deliveries[0].body.replace('"livemode": false', '"livemode": true');
  expect(() => stripe.webhooks.constructEvent(tampered, deliveries[0].signature, SECRET)).toThrow(
    stripe.errors.StripeSignatureVerificationError,
  );
  expect(() => stripe.webhooks.constructEvent(deliveries[0].body, deliveries[0].signature, 'whsec_other')).toThrow(
    stripe.errors.StripeSignatureVerificationError,
  );
});

it('delivery never delays the answer to the call', async () => {
  // the endpoint does not answer until the call has been answered
  answer = () => ({ status: 200, hold: true });
  const card = await cardId(sandbox.url, '4242424242424242');
  const payment = await stripe.paymentIntents.create({
    amount: 1000,
    currency: 'usd',
    payment_method: card,
    confirm: true,
  });
  expect(payment.status).toBe('succeeded');
  await eventually(() => (deliveries.length > 0 ? true : undefined));
  for (const release of held.splice(0)) release();
});

it('an endpoint that fails gets the event again, until it takes it', async () => {
  let calls = 0;
  answer = () => ({ status: ++calls < 3 ? 500 : 204 });
  const account = await stripe.accounts.create({ type: 'express' });
  const link = await stripe.accountLinks.create({
    account: account.id,
    refresh_url: 'https://shop.example/refresh',
    return_url: 'https://shop.example/done',
    type: 'account_onboarding',
  });
  await pressButton(link.url, 'Submit');
  const events = await eventually(() => (deliveries.length >= 3 ? received() : undefined));
  expect(typesOf(events)).toEqual(['account.updated', 'account.updated', 'account.updated']);
  expect(new Set(events.map((e) => e.id)).size).toBe(1);
  expect(events[0].account).toBe(account.id);
  await sleep(100);
  expect(deliveries).toHaveLength(3);
  const kept = await stripe.events.retrieve(events[0].id, {}, { stripeAccount: account.id });
  expect(kept.pending_webhooks).toBe(0);
});

it('POST /sandbox/events/:id/resend delivers an event again, freshly signed', async () => {
  const account = await stripe.accounts.create({ type: 'express' });
  const link = await stripe.accountLinks.create({
    account: account.id,
    refresh_url: 'https://shop.example/refresh',
    return_url: 'https://shop.example/done',
    type: 'account_onboarding',
  });
  await pressButton(link.url, 'Submit');
  const [event] = await eventually(() => (deliveries.length > 0 ? received() : undefined));

  const refused = await fetch(`${sandbox.url}/sandbox/events/${event.id}/resend`, { method: 'POST' });
  expect(refused.status).toBe(401);
  const resent = await fetch(`${sandbox.url}/sandbox/events/${event.id}/resend`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${SECRET_KEY}` },
  });
  expect(resent.status).toBe(200);
  expect(((await resent.json()) as { id: string }).id).toBe(event.id);
  const [, again] = await eventually(() => (deliveries.length > 1 ? received() : undefined));
  expect([again.id, again.data]).toEqual([event.id, event.data]);
  expect(again.pending_webhooks).toBe(0);

  const missing = await fetch(`${sandbox.url}/sandbox/events/evt_missing/resend`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${SECRET_KEY}` },
  });
  expect(missing.status).toBe(404);
});

it('transfers and payouts are announced too', async () => {
  const account = await stripe.accounts.create({ type: 'express' });
  const link = await stripe.accountLinks.create({
    account: account.id,
    refresh_url: 'https://shop.example/refresh',
    return_url: 'https://shop.example/done',
    type: 'account_onboarding',
  });
  await pressButton(link.url, 'Submit');
  const card = await cardId(sandbox.url, '4242424242424242');
  await stripe.paymentIntents.create({ amount: 2000, currency: 'usd', payment_method: card, confirm: true });
  const transfer = await stripe.transfers.create({ amount: 1500, currency: 'usd', destination: account.id });
  const payout = await stripe.payouts.create({ amount: 1500, currency: 'usd' }, { stripeAccount: account.id });
  const events = await eventually(() => {
    const all = received();
    return all.some((e) => e.type === 'payout.paid') ? all : undefined;
  });
  expect(events.find((e) => e.type === 'transfer.created')?.data.object).toMatchObject({ id: transfer.id });
  expect(events.find((e) => e.type === 'payout.paid')).toMatchObject({
    account: account.id,
    data: { object: { id: payout.id, status: 'paid' } },
  });
});
