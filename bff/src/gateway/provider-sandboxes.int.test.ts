import type Stripe from 'stripe';
import { startTestApi, type TestApi } from '../../test/harness';
import { startTestGateway, type TestGateway } from '../../test/gateway';
import { loadConfig } from '../config';
import { startShippoSandbox, type Shipment, type StartedShippoSandbox, type Transaction } from '../sandboxes/shippo';
import { BOX, call, NEW_YORK, SAN_FRANCISCO } from '../sandboxes/shippo/testing';
import { startStripeSandbox, type StartedStripeSandbox } from '../sandboxes/stripe';
import { pressButton, stripeAt, tokenize } from '../sandboxes/stripe/testing';

/**
 * The sandboxes listen on loopback only (issue 32, finding 2): a demo's browser on another machine reaches what
 * it must of them through the gateway, at their default public addresses, and nothing else of them.
 */
let api: TestApi;
let site: TestGateway;
let stripeSandbox: StartedStripeSandbox;
let shippoSandbox: StartedShippoSandbox;
let stripe: Stripe;

beforeAll(async () => {
  api = await startTestApi();
  site = await startTestGateway(api, async (url) => {
    const defaults = loadConfig({ DATA_DIR: api.dataDir, PUBLIC_URL: url });
    expect([defaults.stripeSandbox.publicUrl, defaults.shippoSandbox.publicUrl]).toEqual([
      `${url}/providers/stripe`,
      `${url}/providers/shippo`,
    ]);
    stripeSandbox = await startStripeSandbox({ publicUrl: defaults.stripeSandbox.publicUrl });
    shippoSandbox = await startShippoSandbox({ publicUrl: defaults.shippoSandbox.publicUrl, tickIntervalMs: 0 });
    return loadConfig({
      DATA_DIR: api.dataDir,
      PUBLIC_URL: url,
      STRIPE_SANDBOX_URL: stripeSandbox.url,
      SHIPPO_SANDBOX_URL: shippoSandbox.url,
    });
  });
  stripe = stripeAt(stripeSandbox.url);
});

afterAll(async () => {
  await site?.close();
  await Promise.all([stripeSandbox?.close(), shippoSandbox?.close()]);
  await api.close();
});

const RETURN_URL = 'https://shop.example/checkout/return';

it('a card is tokenized and authenticated (3-D Secure) through the gateway', async () => {
  const provider = `${site.url}/providers/stripe`;
  const tokenized = await tokenize(provider, { number: '4000002500003155' });
  expect(tokenized).toMatchObject({ status: 200, body: { id: expect.stringMatching(/^pm_/) } });

  const intent = await stripe.paymentIntents.create({
    amount: 1250,
    currency: 'usd',
    payment_method: tokenized.body.id!,
    confirm: true,
    return_url: RETURN_URL,
  });
  const page = intent.next_action!.redirect_to_url!.url!;
  expect(page.startsWith(`${provider}/sandbox/authenticate/${intent.id}?`)).toBe(true);
  const completed = await pressButton(page, 'Complete authentication');
  expect(completed.status).toBe(303);
  expect(completed.headers.get('location')).toMatch(/^https:\/\/shop\.example\/checkout\/return\?/);
  expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
});

it('a seller onboards for payouts on the provider’s page, through the gateway', async () => {
  const account = await stripe.accounts.create({ type: 'express', capabilities: { transfers: { requested: true } } });
  const link = await stripe.accountLinks.create({
    account: account.id,
    refresh_url: 'https://shop.example/payouts/refresh',
    return_url: 'https://shop.example/payouts/done',
    type: 'account_onboarding',
  });
  expect(link.url.startsWith(`${site.url}/providers/stripe/sandbox/onboarding/`)).toBe(true);
  const submitted = await pressButton(link.url, 'Submit', { holder: 'Sam Seller' });
  expect([submitted.status, submitted.headers.get('location')]).toEqual([303, 'https://shop.example/payouts/done']);
  expect((await stripe.accounts.retrieve(account.id)).payouts_enabled).toBe(true);
});

it('a label, its tracking page and the couriers’ logos open through the gateway', async () => {
  const shipment = await call<Shipment>(shippoSandbox.url, 'POST', '/shipments/', {
    address_from: NEW_YORK,
    address_to: SAN_FRANCISCO,
    parcels: [BOX],
    async: false,
  });
  const [rate] = shipment.body.rates;
  expect(rate.provider_image_75.startsWith(`${site.url}/providers/shippo/sandbox/logos/`)).toBe(true);
  const bought = await call<Transaction>(shippoSandbox.url, 'POST', '/transactions/', {
    rate: rate.object_id,
    label_file_type: 'PNG',
    async: false,
  });
  const { label_url: label, tracking_url_provider: tracking } = bought.body;
  expect([label, tracking].every((url) => url.startsWith(`${site.url}/providers/shippo/sandbox/`))).toBe(true);
  for (const [url, type] of [
    [label, 'image/png'],
    [rate.provider_image_75, 'image/png'],
    [tracking, 'text/html; charset=utf-8'],
  ]) {
    const answer = await fetch(url);
    expect([url, answer.status, answer.headers.get('content-type')]).toEqual([url, 200, type]);
  }
});

it('answers nothing else of the sandboxes: their APIs stay with the api, keys or not', async () => {
  const stripeKey = { Authorization: `Bearer ${'sk_test_sandbox'}` };
  const shippoToken = { Authorization: 'ShippoToken shippo_test_sandbox' };
  // the same calls answer on the sandboxes themselves: the gateway is what refuses them
  expect((await fetch(`${stripeSandbox.url}/v1/balance`, { headers: stripeKey })).status).toBe(200);
  expect((await fetch(`${shippoSandbox.url}/sandbox/webhooks`, { headers: shippoToken })).status).toBe(200);
  const refused = [
    ['GET', '/providers/stripe/v1/balance', stripeKey],
    ['POST', '/providers/stripe/v1/payment_intents', stripeKey],
    ['GET', '/providers/stripe/v1/payment_methods', stripeKey],
    ['GET', '/providers/shippo/sandbox/webhooks', shippoToken],
    ['POST', '/providers/shippo/sandbox/tracks/9400/advance', shippoToken],
    ['POST', '/providers/shippo/transactions/', shippoToken],
    ['GET', '/providers/identity/.well-known/openid-configuration', {}],
  ] as const;
  for (const [method, path, headers] of refused) {
    const answer = await fetch(`${site.url}${path}`, { method, headers });
    expect([method, path, answer.status]).toEqual([method, path, 404]);
  }
});
