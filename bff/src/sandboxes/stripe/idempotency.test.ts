/** Idempotent requests, as Stripe answers them and as our adapter relies on them when a step is retried. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Stripe from 'stripe';
import { startStripeSandbox, type StartedStripeSandbox } from '.';
import { KEY_LIFETIME_MS } from './idempotency';
import { cardId, SECRET_KEY, stripeAt } from './testing';

let now = Date.now();
let dir: string;
let sandbox: StartedStripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'stripe-sandbox-'));
  // with a state file, an answer waits for its write: the requests sharing its key wait for it too
  sandbox = await startStripeSandbox({ clock: () => now, stateFile: path.join(dir, 'state.json') });
  stripe = stripeAt(sandbox.url);
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (path: string, body: string, key: string) =>
  fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${SECRET_KEY}`,
      'Content-Type': 'application/x-www-form-urlencoded',
      'Idempotency-Key': key,
    },
    body,
  });

it('the same key and parameters answer the first answer again, marked as replayed', async () => {
  const first = await post('/v1/customers', 'email=a%40example.com&metadata[user_id]=1', 'customer-1');
  const again = await post('/v1/customers', 'metadata[user_id]=1&email=a%40example.com', 'customer-1');
  expect([first.status, again.status]).toEqual([200, 200]);
  expect(first.headers.get('idempotent-replayed')).toBeNull();
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(await again.text()).toBe(await first.text());
  expect(Object.keys(sandbox.sandbox.store.state.customers)).toHaveLength(1);

  const viaPackage = await stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: 'customer-2' });
  const replay = await stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: 'customer-2' });
  expect(replay.id).toBe(viaPackage.id);
  expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
});

it('the same key with other parameters is refused', async () => {
  await stripe.customers.create({ email: 'c@example.com' }, { idempotencyKey: 'customer-3' });
  const mismatch = await stripe.customers
    .create({ email: 'other@example.com' }, { idempotencyKey: 'customer-3' })
    .catch((err: Stripe.errors.StripeError) => err);
  expect(mismatch).toBeInstanceOf(stripe.errors.StripeIdempotencyError);
  expect(mismatch).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError', code: 'idempotency_error' });
  const otherPath = await post('/v1/accounts', 'type=express', 'customer-3');
  expect(otherPath.status).toBe(400);
});

it('a decline is answered again; a request refused for its parameters may be corrected under its key', async () => {
  const card = await cardId(sandbox.url, '4000000000000002');
  const payment = { amount: 1000, currency: 'usd', payment_method: card, confirm: true };
  const declined = await stripe.paymentIntents.create(payment, { idempotencyKey: 'pay-1' }).catch((err) => err);
  const again = await stripe.paymentIntents.create(payment, { idempotencyKey: 'pay-1' }).catch((err) => err);
  expect([declined.statusCode, again.statusCode]).toEqual([402, 402]);
  expect(again.raw.payment_intent.id).toBe(declined.raw.payment_intent.id);

  const invalid = await post('/v1/customers', 'emial=typo%40example.com', 'customer-4');
  expect(invalid.status).toBe(400);
  const corrected = await post('/v1/customers', 'email=typo%40example.com', 'customer-4');
  expect(corrected.status).toBe(200);
  expect(corrected.headers.get('idempotent-replayed')).toBeNull();
});

it('50 requests at once with one key: one payment, one balance transaction, 50 same answers', async () => {
  const card = await cardId(sandbox.url, '4242424242424242');
  const before = Object.keys(sandbox.sandbox.store.state.balanceTransactions).length;
  const stateFile = path.join(dir, 'state.json');
  // for each answer as it arrives: was the payment on disk already?
  const onDisk: boolean[] = [];
  const intents = await Promise.all(
    Array.from({ length: 50 }, () =>
      stripe.paymentIntents
        .create(
          { amount: 5000, currency: 'usd', payment_method: card, confirm: true, metadata: { order: '50' } },
          { idempotencyKey: 'order-50-payment' },
        )
        .then((intent) => {
          onDisk.push(readFileSync(stateFile, 'utf8').includes(intent.id));
          return intent;
        }),
    ),
  );
  expect(new Set(intents.map((intent) => intent.id)).size).toBe(1);
  expect(intents.filter((intent) => intent.lastResponse.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
  const created = Object.values(sandbox.sandbox.store.state.paymentIntents).filter((i) => i.metadata.order === '50');
  expect(created).toHaveLength(1);
  expect(Object.keys(sandbox.sandbox.store.state.balanceTransactions).length - before).toBe(1);
  // every answer, the replays too, came once the payment was on disk
  expect(onDisk).toEqual(intents.map(() => true));
});

it('keys are kept for 24 hours', async () => {
  const first = await stripe.customers.create({ email: 'd@example.com' }, { idempotencyKey: 'customer-5' });
  now += KEY_LIFETIME_MS - 1000;
  expect((await stripe.customers.create({ email: 'd@example.com' }, { idempotencyKey: 'customer-5' })).id).toBe(
    first.id,
  );
  now += 2000;
  expect((await stripe.customers.create({ email: 'd@example.com' }, { idempotencyKey: 'customer-5' })).id).not.toBe(
    first.id,
  );
});
