/**
 * The sandbox as an HTTP service: keys, CORS for tokenization, whatever bytes arrive, its log, and its
 * state kept across a restart.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import pino from 'pino';
import type Stripe from 'stripe';
import { startStripeSandbox, type StartedStripeSandbox } from '.';
import { cardId, PUBLISHABLE_KEY, SECRET_KEY, stripeAt, tokenize } from './testing';

let logged = '';
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  }),
);
let sandbox: StartedStripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  sandbox = await startStripeSandbox({ logger });
  stripe = stripeAt(sandbox.url);
});
afterAll(() => sandbox.close());

const call = (pathname: string, init: RequestInit & { key?: string } = {}) =>
  fetch(`${sandbox.url}${pathname}`, {
    ...init,
    headers: { ...(init.key && { Authorization: `Bearer ${init.key}` }), ...init.headers },
  });

describe('keys', () => {
  it('refuses a call without a key, or with a key that is not ours, in Stripe’s shape', async () => {
    const none = await call('/v1/customers/cus_x');
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({
      error: { type: 'invalid_request_error', message: expect.stringMatching(/^You did not provide an API key/) },
    });
    const wrong = await call('/v1/customers/cus_x', { key: 'sk_test_not_the_right_key_1234' });
    expect(wrong.status).toBe(401);
    const { error } = (await wrong.json()) as { error: { message: string } };
    expect(error.message).toMatch(/^Invalid API Key provided: sk_test_\*+1234$/);
    const viaPackage = await new (stripe.constructor as typeof Stripe)('sk_test_other', {
      host: '127.0.0.1',
      port: Number(new URL(sandbox.url).port),
      protocol: 'http',
    }).customers
      .create({})
      .catch((err) => err);
    expect(viaPackage).toBeInstanceOf(stripe.errors.StripeAuthenticationError);
  });

  it('takes the secret key as Bearer or Basic auth; the publishable key only tokenizes', async () => {
    const basic = await call('/v1/balance', {
      headers: { Authorization: `Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}` },
    });
    expect(basic.status).toBe(200);
    const publishable = await call('/v1/balance', { key: PUBLISHABLE_KEY });
    expect(publishable.status).toBe(401);
    expect(((await publishable.json()) as { error: { code: string } }).error.code).toBe('secret_key_required');
    const asField = await call('/v1/customers', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `key=${PUBLISHABLE_KEY}&email=a%40example.com`,
    });
    expect(asField.status).toBe(401);
    expect((await tokenize(sandbox.url, { number: '4242424242424242' })).status).toBe(200);
  });
});

describe('CORS', () => {
  it('lets any page tokenize a card, as api.stripe.com does, and nothing else', async () => {
    const preflight = await call('/v1/payment_methods', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://shop.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type');

    const refused = await call('/v1/payment_methods', {
      method: 'POST',
      headers: { Origin: 'https://shop.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `key=${PUBLISHABLE_KEY}&type=card&card[number]=4242424242424241&card[exp_month]=1&card[exp_year]=2099`,
    });
    expect(refused.status).toBe(402);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');

    const other = await call('/v1/balance', { key: SECRET_KEY, headers: { Origin: 'https://shop.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const listing = await call('/v1/payment_methods?customer=cus_x', {
      key: SECRET_KEY,
      headers: { Origin: 'https://shop.example' },
    });
    expect(listing.headers.get('access-control-allow-origin')).toBeNull();
    const otherPreflight = await call('/v1/customers', { method: 'OPTIONS', headers: { Origin: 'https://x.example' } });
    expect(otherPreflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('whatever arrives', () => {
  const post = (pathname: string, body: string | Uint8Array, contentType = 'application/x-www-form-urlencoded') =>
    call(pathname, { method: 'POST', key: SECRET_KEY, headers: { 'Content-Type': contentType }, body });

  it('answers garbage with Stripe’s errors, never a crash', async () => {
    const bodies: Array<[string, string | Uint8Array, string?]> = [
      ['/v1/customers', '%%%&&&==='],
      ['/v1/customers', 'metadata[[[x]]]=1&email[]=a&email[]=b'],
      ['/v1/customers', '__proto__[admin]=1&constructor[prototype][admin]=1'],
      ['/v1/customers', 'metadata=' + 'x'.repeat(600)],
      ['/v1/customers', `metadata[${'k'.repeat(50)}]=v`],
      ['/v1/customers', '{"email": "json@example.com"}', 'application/json'],
      ['/v1/customers', Buffer.from([0xff, 0xfe, 0x00, 0x80, 0x0a]), 'application/octet-stream'],
      ['/v1/customers', '\u0000\u0001 email=\uFFFD'],
      ['/v1/payment_intents', 'amount=1e3&currency=usd'],
      ['/v1/payment_intents', 'amount=9007199254740993&currency=usd'],
      ['/v1/payment_intents', 'amount[]=100&currency[x]=usd'],
      ['/v1/payment_intents', 'amount=100&currency=usd&confirm=maybe'],
      ['/v1/payment_intents/pi_missing/capture', 'amount_to_capture=-5'],
      ['/v1/payment_methods', 'type=card&card=4242424242424242'],
      ['/v1/payment_methods', 'type=card&card[number][x]=1'],
      ['/v1/refunds', 'amount=100'],
      ['/v1/transfers', 'amount=100&currency=usd&destination[]=acct_1'],
      ['/v1/account_links', 'account=acct_x&type=account_onboarding&refresh_url=javascript:alert(1)'],
      ['/sandbox/onboarding/nope', 'session=x'],
      ['/sandbox/authenticate/seti_x', 'client_secret[]=x'],
    ];
    const statuses: number[] = [];
    for (const [pathname, body, contentType] of bodies) {
      const response = await post(pathname, body, contentType);
      statuses.push(response.status);
      expect([pathname, response.status < 500]).toEqual([pathname, true]);
      if (pathname.startsWith('/v1/') && response.status >= 400) {
        const json = (await response.json()) as { error?: { type: string; message: string } };
        expect(json.error).toMatchObject({ type: expect.any(String), message: expect.any(String) });
      }
    }
    // `qs` drops __proto__ and constructor: that one is an empty customer, the rest are refused
    expect(statuses.filter((status) => status < 300)).toHaveLength(1);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect((await call('/v1/balance', { key: SECRET_KEY })).status).toBe(200);
  });

  it('never fails on random bodies and queries', async () => {
    const paths = ['/v1/customers', '/v1/payment_methods', '/v1/payment_intents', '/v1/refunds', '/v1/transfers'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.oneof(fc.string({ maxLength: 300 }), fc.stringMatching(/^([a-z_[\]0-9]{1,12}=[^&]{0,8}&?){1,8}$/)),
        fc.constantFrom('application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x'),
        async (pathname, body, contentType) => {
          const posted = await post(pathname, body, contentType);
          const got = await call(
            `${pathname === '/v1/customers' ? '/v1/events' : '/v1/balance_transactions'}?${body}`,
            {
              key: SECRET_KEY,
            },
          );
          await posted.arrayBuffer();
          await got.arrayBuffer();
          return posted.status < 500 && got.status < 500;
        },
      ),
      { numRuns: 150 },
    );
  });

  it('refuses a body over 100 kB with 413, in Stripe’s shape', async () => {
    const huge = await post('/v1/customers', `description=${'x'.repeat(200_000)}`);
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: { type: 'invalid_request_error', message: expect.any(String) } });
  });

  it('answers an unknown route with Stripe’s 404', async () => {
    const unknown = await call('/v1/nothing/here', { key: SECRET_KEY });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toMatch(
      /^Unrecognized request URL \(GET: \/v1\/nothing\/here\)/,
    );
  });

  it('logs method, path and status, never a body or a query', async () => {
    await tokenize(sandbox.url, { number: '5555555555554444', cvc: '987' });
    await call('/v1/events?type=secret.query', { key: SECRET_KEY });
    const lines = logged
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toContainEqual(expect.objectContaining({ method: 'POST', path: '/v1/payment_methods', status: 200 }));
    for (const line of lines.filter((l) => l.msg === 'request'))
      expect(Object.keys(line).sort()).toEqual([
        'hostname',
        'level',
        'method',
        'ms',
        'msg',
        'path',
        'pid',
        'status',
        'time',
      ]);
    expect(logged).not.toMatch(/5555555555554444|secret\.query|sk_test_sandbox/);
  });
});

describe('the state file', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'stripe-sandbox-state-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps customers, cards and money across a restart, without a card number', async () => {
    const stateFile = path.join(dir, 'state.json');
    const first = await startStripeSandbox({ stateFile });
    const client = stripeAt(first.url);
    const customer = await client.customers.create({ email: 'kept@example.com' });
    const card = await cardId(first.url, '4242424242424242');
    await client.setupIntents.create({ customer: customer.id, payment_method: card, confirm: true });
    const payment = await client.paymentIntents.create(
      { amount: 1234, currency: 'usd', customer: customer.id, payment_method: card, confirm: true },
      { idempotencyKey: 'kept-payment' },
    );
    await first.close();

    const saved = readFileSync(stateFile, 'utf8');
    expect(saved).toContain(customer.id);
    expect(saved).not.toMatch(/4242424242424242|"cvc"/);
    expect(readdirSync(dir)).toEqual(['state.json']);

    const second = await startStripeSandbox({ stateFile });
    try {
      const again = stripeAt(second.url);
      expect(await again.customers.retrieve(customer.id)).toMatchObject({ email: 'kept@example.com' });
      const cards = await again.paymentMethods.list({ customer: customer.id, type: 'card' });
      expect(cards.data.map((m) => [m.id, m.card?.last4])).toEqual([[card, '4242']]);
      const balance = await again.balance.retrieve();
      expect(balance.available).toEqual([{ amount: 1234, currency: 'usd', source_types: { card: 1234 } }]);
      // the key is remembered too: a step retried after the restart gets the same payment
      const retried = await again.paymentIntents.create(
        { amount: 1234, currency: 'usd', customer: customer.id, payment_method: card, confirm: true },
        { idempotencyKey: 'kept-payment' },
      );
      expect(retried.id).toBe(payment.id);
    } finally {
      await second.close();
    }
  });

  it('starts empty, the unreadable file kept aside, when the file is not its own', async () => {
    const stateFile = path.join(dir, 'broken.json');
    writeFileSync(stateFile, '{ not json');
    const started = await startStripeSandbox({ stateFile, logger });
    try {
      expect(Object.keys(started.sandbox.store.state.customers)).toEqual([]);
      expect(readdirSync(dir).some((name) => name.startsWith('broken.json.unreadable-'))).toBe(true);
      expect(existsSync(stateFile)).toBe(false);
    } finally {
      await started.close();
    }
  });
});
