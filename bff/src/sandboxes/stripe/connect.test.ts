/**
 * Connect: an Express account, its onboarding through the link's page, transfers from the platform's
 * balance, payouts of the account's, and both sides' balance transactions, through the `stripe` package.
 */
import type Stripe from 'stripe';
import { startStripeSandbox, type StartedStripeSandbox } from '.';
import { cardId, pressButton, stripeAt } from './testing';

const PUBLIC_URL = 'http://payments.example:4242';
let now = Date.now();
let sandbox: StartedStripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  sandbox = await startStripeSandbox({ publicUrl: PUBLIC_URL, payoutDelayMs: 50, clock: () => now });
  stripe = stripeAt(sandbox.url);
});
afterAll(() => sandbox.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The link's page, reached on the sandbox (its address is the public one the browser would use). */
const reachable = (url: string) => url.replace(PUBLIC_URL, sandbox.url);

async function failure(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const outcome = await call.then(
    () => undefined,
    (err: Stripe.errors.StripeError) => err,
  );
  if (!outcome) throw new Error('the call succeeded');
  return outcome;
}

const newSeller = () =>
  stripe.accounts.create({
    type: 'express',
    email: 'seller@example.com',
    capabilities: { transfers: { requested: true } },
    metadata: { user_id: '7' },
  });

const onboardingLink = (account: string) =>
  stripe.accountLinks.create({
    account,
    refresh_url: 'https://shop.example/payouts/refresh',
    return_url: 'https://shop.example/payouts/done',
    type: 'account_onboarding',
  });

/** Money in the platform's balance: a buyer's payment, captured. */
async function platformReceives(amount: number): Promise<Stripe.PaymentIntent> {
  return stripe.paymentIntents.create({
    amount,
    currency: 'usd',
    payment_method: await cardId(sandbox.url, '4242424242424242'),
    confirm: true,
  });
}

const available = async (account?: string) =>
  (await stripe.balance.retrieve({}, account ? { stripeAccount: account } : {})).available.find(
    (funds) => funds.currency === 'usd',
  )!.amount;

it('an account can take transfers and payouts only once onboarded, through its single-use link', async () => {
  const account = await newSeller();
  expect(account).toMatchObject({
    id: expect.stringMatching(/^acct_\w{16}$/),
    object: 'account',
    type: 'express',
    email: 'seller@example.com',
    metadata: { user_id: '7' },
    details_submitted: false,
    charges_enabled: false,
    payouts_enabled: false,
  });
  const early = await failure(stripe.transfers.create({ amount: 100, currency: 'usd', destination: account.id }));
  expect(early).toMatchObject({ statusCode: 400, code: 'insufficient_capabilities_for_transfer' });

  const link = await onboardingLink(account.id);
  expect(link).toMatchObject({
    object: 'account_link',
    url: expect.stringMatching(`^${PUBLIC_URL}/sandbox/onboarding/`),
  });
  expect(link.expires_at - link.created).toBe(300);

  const page = await (await fetch(reachable(link.url))).text();
  expect(page).toMatch(/<h1>Set up payouts<\/h1>/);
  expect(page).toMatch(/<label for="holder">Account holder name<\/label><input id="holder" name="holder"/);
  expect(page).toMatch(/<input id="routing" name="routing" value="110000000"/);
  expect(page).toMatch(/<input id="account" name="account" value="000123456789"/);
  expect(page).toMatch(/<button type="submit"[^>]*>Submit<\/button>/);
  // the link was spent by opening it: opened again, it sends the seller for a fresh one
  const reopened = await fetch(reachable(link.url), { redirect: 'manual' });
  expect([reopened.status, reopened.headers.get('location')]).toEqual([303, 'https://shop.example/payouts/refresh']);

  const second = await onboardingLink(account.id);
  const invalid = await pressButton(reachable(second.url), 'Submit', { holder: 'Sam Seller', routing: '12' });
  expect(invalid.status).toBe(400);
  expect(await invalid.text()).toMatch(/aria-invalid="true" aria-describedby="routing-error"/);
  expect((await stripe.accounts.retrieve(account.id)).details_submitted).toBe(false);

  const third = await onboardingLink(account.id);
  const submitted = await pressButton(reachable(third.url), 'Submit', { holder: 'Sam Seller' });
  expect([submitted.status, submitted.headers.get('location')]).toEqual([303, 'https://shop.example/payouts/done']);
  const onboarded = await stripe.accounts.retrieve(account.id);
  expect(onboarded).toMatchObject({ details_submitted: true, charges_enabled: true, payouts_enabled: true });
  expect(onboarded.external_accounts?.data[0]).toMatchObject({
    object: 'bank_account',
    last4: '6789',
    routing_number: '110000000',
    account_holder_name: 'Sam Seller',
  });
  const updated = await stripe.events.list({ type: 'account.updated' }, { stripeAccount: account.id });
  expect(updated.data[0]).toMatchObject({
    account: account.id,
    data: { object: { id: account.id, payouts_enabled: true }, previous_attributes: { payouts_enabled: false } },
  });
  // a used link's form cannot be sent again
  const replayed = await fetch(reachable(third.url), { redirect: 'manual' });
  expect(replayed.headers.get('location')).toBe('https://shop.example/payouts/refresh');
});

it('an onboarding link expires after 5 minutes', async () => {
  const account = await newSeller();
  const link = await onboardingLink(account.id);
  now += 301_000;
  const late = await fetch(reachable(link.url), { redirect: 'manual' });
  expect([late.status, late.headers.get('location')]).toEqual([303, 'https://shop.example/payouts/refresh']);
});

it('transfers move the platform’s balance to the account’s; payouts take it to the bank, pending then paid', async () => {
  const account = await newSeller();
  const link = await onboardingLink(account.id);
  expect((await pressButton(reachable(link.url), 'Submit')).status).toBe(303);
  const platformBefore = await available();

  const tooMuch = await failure(
    stripe.transfers.create({ amount: platformBefore + 1, currency: 'usd', destination: account.id }),
  );
  expect(tooMuch).toMatchObject({ statusCode: 400, code: 'balance_insufficient' });

  const payment = await platformReceives(10_000);
  const transfer = await stripe.transfers.create({
    amount: 8_000,
    currency: 'usd',
    destination: account.id,
    transfer_group: 'order_9',
    metadata: { order: '9' },
  });
  expect(transfer).toMatchObject({
    id: expect.stringMatching(/^tr_/),
    object: 'transfer',
    amount: 8_000,
    destination: account.id,
    transfer_group: 'order_9',
    metadata: { order: '9' },
  });
  expect(await available()).toBe(platformBefore + 2_000);
  expect(await available(account.id)).toBe(8_000);

  const overdrawn = await failure(
    stripe.payouts.create({ amount: 8_001, currency: 'usd' }, { stripeAccount: account.id }),
  );
  expect(overdrawn).toMatchObject({ statusCode: 400, code: 'balance_insufficient' });
  const payout = await stripe.payouts.create({ amount: 5_000, currency: 'usd' }, { stripeAccount: account.id });
  expect(payout).toMatchObject({ object: 'payout', amount: 5_000, status: 'pending' });
  expect(await available(account.id)).toBe(3_000);
  while ((await stripe.payouts.retrieve(payout.id, {}, { stripeAccount: account.id })).status === 'pending')
    await sleep(20);
  expect((await stripe.payouts.retrieve(payout.id, {}, { stripeAccount: account.id })).status).toBe('paid');
  const paid = await stripe.events.list({ type: 'payout.paid' }, { stripeAccount: account.id });
  expect(paid.data.map((event) => (event.data.object as Stripe.Payout).id)).toEqual([payout.id]);
  // the platform does not see the account's payout as its own
  expect(await failure(stripe.payouts.retrieve(payout.id))).toMatchObject({ statusCode: 404 });

  // each side's record of what moved
  const sideOf = async (options: Stripe.RequestOptions) => {
    const lines: Array<[string, number, string]> = [];
    for await (const line of stripe.balanceTransactions.list({ limit: 2 }, options))
      if ([payment.latest_charge, transfer.id, payout.id].includes(line.source as string))
        lines.push([line.type, line.amount, line.source as string]);
    return lines;
  };
  expect(await sideOf({})).toEqual([
    ['transfer', -8_000, transfer.id],
    ['charge', 10_000, payment.latest_charge as string],
  ]);
  expect(await sideOf({ stripeAccount: account.id })).toEqual([
    ['payout', -5_000, payout.id],
    ['transfer', 8_000, transfer.id],
  ]);
});

it('balance transactions filter by type and time, and page with starting_after', async () => {
  const from = Math.floor(now / 1000) + 10;
  now += 20_000;
  const payments = [await platformReceives(1_000), await platformReceives(2_000), await platformReceives(3_000)];
  const charges = payments.map((p) => p.latest_charge);

  const recent = await stripe.balanceTransactions.list({ created: { gte: from }, type: 'charge', limit: 2 });
  expect(recent).toMatchObject({ object: 'list', has_more: true, url: '/v1/balance_transactions' });
  expect(recent.data.map((line) => line.source)).toEqual([charges[2], charges[1]]);
  const next = await stripe.balanceTransactions.list({
    created: { gte: from },
    type: 'charge',
    limit: 2,
    starting_after: recent.data[1].id,
  });
  expect(next.data.map((line) => line.source)).toEqual([charges[0]]);
  expect(next.has_more).toBe(false);
  expect(recent.data[0]).toEqual({
    id: expect.stringMatching(/^txn_/),
    object: 'balance_transaction',
    amount: 3_000,
    available_on: expect.any(Number),
    balance_type: 'payments',
    created: expect.any(Number),
    currency: 'usd',
    description: null,
    exchange_rate: null,
    fee: 0,
    fee_details: [],
    net: 3_000,
    reporting_category: 'charge',
    source: charges[2],
    status: 'available',
    type: 'charge',
  });
  expect((await stripe.balanceTransactions.list({ created: { gte: from + 3600 } })).data).toEqual([]);
});

it('refuses a Stripe-Account that is not ours, and payouts of an account not onboarded', async () => {
  const stranger = await failure(stripe.balance.retrieve({}, { stripeAccount: 'acct_0000000000000000' }));
  expect(stranger).toMatchObject({ statusCode: 403, code: 'account_invalid' });
  const account = await newSeller();
  const early = await failure(stripe.payouts.create({ amount: 100, currency: 'usd' }, { stripeAccount: account.id }));
  expect(early).toMatchObject({ statusCode: 400, code: 'payouts_not_allowed' });
});
