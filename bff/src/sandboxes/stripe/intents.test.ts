/**
 * Cards, SetupIntents, PaymentIntents and refunds, driven through the official `stripe` package as our
 * adapter drives them (and the card tokenized over plain HTTP, as Stripe.js sends it).
 */
import type Stripe from 'stripe';
import { startStripeSandbox, type StartedStripeSandbox } from '.';
import { cardId, pressButton, stripeAt, tokenize } from './testing';

let sandbox: StartedStripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  sandbox = await startStripeSandbox();
  stripe = stripeAt(sandbox.url);
});
afterAll(() => sandbox.close());

const RETURN_URL = 'https://shop.example/cards/return?from=test';

/** The error a call fails with (the test fails if it succeeds). */
async function failure(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const outcome = await call.then(
    () => undefined,
    (err: Stripe.errors.StripeError) => err,
  );
  if (!outcome) throw new Error('the call succeeded');
  return outcome;
}

const newCustomer = () => stripe.customers.create({ email: 'buyer@example.com', name: 'Buyer' });

const redirectOf = (intent: Stripe.SetupIntent | Stripe.PaymentIntent) => intent.next_action!.redirect_to_url!;

describe('tokenization', () => {
  it('takes the card as Stripe.js posts it, with the publishable key, and keeps no number or CVC', async () => {
    const { status, body } = await tokenize(sandbox.url, { number: '4242424242424242', name: 'Jenny Rosen' });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: expect.stringMatching(/^pm_\w{24}$/),
      object: 'payment_method',
      type: 'card',
      customer: null,
      billing_details: { name: 'Jenny Rosen' },
      card: { brand: 'visa', last4: '4242', exp_month: 12, funding: 'credit', country: 'US' },
    });
    expect(body.card?.fingerprint).toMatch(/^\w+/);
    const kept = JSON.stringify(sandbox.sandbox.store.state);
    expect(kept).not.toContain('4242424242424242');
    expect(JSON.stringify(body)).not.toMatch(/4242424242424242|"cvc"/);
  });

  it('refuses an invalid card with 402 and the codes Stripe.js shows', async () => {
    const refused = async (fields: Parameters<typeof tokenize>[1]) => {
      const { status, body } = await tokenize(sandbox.url, fields);
      expect(status).toBe(402);
      expect(body.error?.type).toBe('card_error');
      return body.error?.code;
    };
    expect(await refused({ number: '4242424242424241' })).toBe('incorrect_number');
    expect(await refused({ number: '424242' })).toBe('invalid_number');
    expect(await refused({ number: '4242424242424242', exp_month: '13' })).toBe('invalid_expiry_month');
    expect(await refused({ number: '4242424242424242', exp_year: '2001' })).toBe('invalid_expiry_year');
    expect(await refused({ number: '4242424242424242', cvc: '1' })).toBe('invalid_cvc');
    expect(await refused({ number: '378282246310005', cvc: '123' })).toBe('invalid_cvc');
  });
});

describe("Stripe's test cards", () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3056930009020004', 'diners'],
    ['3566002020360505', 'jcb'],
    ['4111111111111111', 'visa'],
    ['2720990000000007', 'mastercard'],
  ])('%s (%s) is saved, then paid off session', async (number, brand) => {
    const customer = await newCustomer();
    const card = await cardId(sandbox.url, number);
    const setup = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: card,
      confirm: true,
      usage: 'off_session',
      return_url: RETURN_URL,
    });
    expect(setup).toMatchObject({
      status: 'succeeded',
      payment_method: card,
      customer: customer.id,
      next_action: null,
    });
    const saved = await stripe.paymentMethods.retrieve(card);
    expect(saved).toMatchObject({ customer: customer.id, card: { brand, last4: number.slice(-4) } });

    const payment = await stripe.paymentIntents.create({
      amount: 2500,
      currency: 'usd',
      customer: customer.id,
      payment_method: card,
      confirm: true,
      off_session: true,
    });
    expect(payment).toMatchObject({ status: 'succeeded', amount_received: 2500, capture_method: 'automatic_async' });
    expect(await stripe.charges.retrieve(payment.latest_charge as string)).toMatchObject({
      amount: 2500,
      amount_captured: 2500,
      captured: true,
      paid: true,
      status: 'succeeded',
      payment_method_details: { card: { brand, last4: number.slice(-4) } },
    });
  });

  it.each([
    ['4000000000000002', 'generic_decline', 'Your card was declined.'],
    ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
  ])('%s is tokenized, then declined (%s) when set up and when paid', async (number, declineCode, message) => {
    const customer = await newCustomer();
    const card = await cardId(sandbox.url, number);

    const setupError = await failure(
      stripe.setupIntents.create({
        customer: customer.id,
        payment_method: card,
        confirm: true,
        return_url: RETURN_URL,
      }),
    );
    expect(setupError).toBeInstanceOf(stripe.errors.StripeCardError);
    expect(setupError).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: declineCode, message });
    const setup = (setupError.raw as { setup_intent: Stripe.SetupIntent }).setup_intent;
    expect(setup).toMatchObject({
      status: 'requires_payment_method',
      last_setup_error: { code: 'card_declined', decline_code: declineCode, message },
    });
    expect((await stripe.paymentMethods.retrieve(card)).customer).toBeNull();

    const paymentError = await failure(
      stripe.paymentIntents.create({
        amount: 1000,
        currency: 'usd',
        customer: customer.id,
        payment_method: card,
        confirm: true,
        capture_method: 'manual',
        return_url: RETURN_URL,
      }),
    );
    expect(paymentError).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: declineCode, message });
    const intent = (paymentError.raw as { payment_intent: Stripe.PaymentIntent }).payment_intent;
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      amount_capturable: 0,
      payment_method: null,
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: declineCode },
    });
    expect(await stripe.charges.retrieve(intent.latest_charge as string)).toMatchObject({
      status: 'failed',
      paid: false,
      failure_code: 'card_declined',
      outcome: { reason: declineCode, type: 'issuer_declined' },
    });
  });

  it('4000002500003155 asks for 3D Secure when set up; once completed on the page, paying off session needs none', async () => {
    const customer = await newCustomer();
    const card = await cardId(sandbox.url, '4000002500003155');
    const setup = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: card,
      confirm: true,
      usage: 'off_session',
      return_url: RETURN_URL,
    });
    expect(setup.status).toBe('requires_action');
    expect(setup.next_action?.type).toBe('redirect_to_url');
    expect(redirectOf(setup)).toEqual({
      url: expect.stringContaining(`${sandbox.url}/sandbox/authenticate/${setup.id}?`),
      return_url: RETURN_URL,
    });
    expect((await stripe.paymentMethods.retrieve(card)).customer).toBeNull();

    const page = await fetch(redirectOf(setup).url!);
    const html = await page.text();
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toMatch(/<h1>3D Secure authentication<\/h1>/);
    expect(html).toContain('Visa ending in 3155');
    expect(html).toMatch(/<button type="submit"[^>]*>Complete authentication<\/button>/);
    expect(html).toMatch(/<button type="submit"[^>]*>Fail authentication<\/button>/);

    const completed = await pressButton(redirectOf(setup).url!, 'Complete authentication');
    expect(completed.status).toBe(303);
    const back = new URL(completed.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('https://shop.example/cards/return');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      from: 'test',
      setup_intent: setup.id,
      setup_intent_client_secret: setup.client_secret,
      redirect_status: 'succeeded',
    });
    expect(await stripe.setupIntents.retrieve(setup.id)).toMatchObject({ status: 'succeeded', next_action: null });
    const cards = await stripe.customers.listPaymentMethods(customer.id, { type: 'card' });
    expect(cards.data.map((m) => m.id)).toEqual([card]);

    const later = await stripe.paymentIntents.create({
      amount: 4200,
      currency: 'usd',
      customer: customer.id,
      payment_method: card,
      confirm: true,
      off_session: true,
      capture_method: 'manual',
    });
    expect(later).toMatchObject({ status: 'requires_capture', amount_capturable: 4200 });
    // the page was for one authentication: it has nothing more to do
    expect(await (await fetch(redirectOf(setup).url!)).text()).toContain('no longer pending');
  });

  it('4000002500003155 not set up: off session it is declined; on session the page decides', async () => {
    const customer = await newCustomer();
    const card = await cardId(sandbox.url, '4000002500003155');
    const payment = { amount: 1500, currency: 'usd', customer: customer.id, payment_method: card, confirm: true };

    const offSession = await failure(stripe.paymentIntents.create({ ...payment, off_session: true }));
    expect(offSession).toMatchObject({ statusCode: 402, code: 'authentication_required' });

    const intent = await stripe.paymentIntents.create({ ...payment, capture_method: 'manual', return_url: RETURN_URL });
    expect(intent.status).toBe('requires_action');
    expect(await (await fetch(redirectOf(intent).url!)).text()).toMatch(/<dt>Amount<\/dt><dd>\$15\.00<\/dd>/);
    const failed = await pressButton(redirectOf(intent).url!, 'Fail authentication');
    expect(failed.status).toBe(303);
    const back = new URL(failed.headers.get('location')!);
    expect(back.searchParams.get('payment_intent')).toBe(intent.id);
    expect(back.searchParams.get('payment_intent_client_secret')).toBe(intent.client_secret);
    expect(back.searchParams.get('redirect_status')).toBe('failed');
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'payment_intent_authentication_failure' },
    });

    // confirmed again with the same card, and authenticated this time
    const again = await stripe.paymentIntents.confirm(intent.id, { payment_method: card, return_url: RETURN_URL });
    expect(again.status).toBe('requires_action');
    expect((await pressButton(redirectOf(again).url!, 'Complete authentication')).status).toBe(303);
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({
      status: 'requires_capture',
      amount_capturable: 1500,
    });
  });

  it('a SetupIntent whose authentication fails is not saved', async () => {
    const customer = await newCustomer();
    const card = await cardId(sandbox.url, '4000002760003184');
    const setup = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: card,
      confirm: true,
      return_url: RETURN_URL,
    });
    const failed = await pressButton(redirectOf(setup).url!, 'Fail authentication');
    expect(new URL(failed.headers.get('location')!).searchParams.get('redirect_status')).toBe('failed');
    expect(await stripe.setupIntents.retrieve(setup.id)).toMatchObject({
      status: 'requires_payment_method',
      last_setup_error: { code: 'setup_intent_authentication_failure' },
    });
    expect((await stripe.paymentMethods.retrieve(card)).customer).toBeNull();
  });

  it('the authentication page answers only with the intent’s client secret', async () => {
    const card = await cardId(sandbox.url, '4000002760003184');
    const setup = await stripe.setupIntents.create({ payment_method: card, confirm: true });
    const url = new URL(redirectOf(setup).url!);
    url.searchParams.set('client_secret', 'seti_wrong_secret');
    expect((await fetch(url)).status).toBe(404);
    const forged = await fetch(`${sandbox.url}/sandbox/authenticate/${setup.id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'client_secret=nope&outcome=complete',
    });
    expect(forged.status).toBe(404);
    expect((await stripe.setupIntents.retrieve(setup.id)).status).toBe('requires_action');
  });
});

describe('capture, cancel and refund', () => {
  async function authorized(amount: number): Promise<Stripe.PaymentIntent> {
    const customer = await newCustomer();
    return stripe.paymentIntents.create({
      amount,
      currency: 'usd',
      customer: customer.id,
      payment_method: await cardId(sandbox.url, '4242424242424242'),
      capture_method: 'manual',
      confirm: true,
      return_url: RETURN_URL,
      metadata: { order: '17' },
      transfer_group: 'order_17',
    });
  }

  it('captures in part, once; the rest is released', async () => {
    const intent = await authorized(10_000);
    expect(intent).toMatchObject({
      status: 'requires_capture',
      amount_capturable: 10_000,
      amount_received: 0,
      metadata: { order: '17' },
      transfer_group: 'order_17',
      latest_charge: expect.stringMatching(/^ch_/),
    });
    const tooMuch = await failure(stripe.paymentIntents.capture(intent.id, { amount_to_capture: 10_001 }));
    expect(tooMuch).toMatchObject({ statusCode: 400, code: 'amount_too_large', param: 'amount_to_capture' });

    const captured = await stripe.paymentIntents.capture(intent.id, { amount_to_capture: 7_500 });
    expect(captured).toMatchObject({ status: 'succeeded', amount_capturable: 0, amount_received: 7_500 });
    const charge = await stripe.charges.retrieve(captured.latest_charge as string, { expand: ['balance_transaction'] });
    expect(charge).toMatchObject({ captured: true, amount_captured: 7_500, amount_refunded: 2_500, refunded: false });
    expect(charge.balance_transaction).toMatchObject({ type: 'charge', amount: 7_500, fee: 0, net: 7_500 });

    const twice = await failure(stripe.paymentIntents.capture(intent.id));
    expect(twice).toBeInstanceOf(stripe.errors.StripeInvalidRequestError);
    expect(twice).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
  });

  it('cancels an authorization, once', async () => {
    const intent = await authorized(3_000);
    const canceled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
    expect(canceled).toMatchObject({ status: 'canceled', amount_capturable: 0, cancellation_reason: 'abandoned' });
    expect(await stripe.charges.retrieve(intent.latest_charge as string)).toMatchObject({
      captured: false,
      refunded: true,
    });
    expect(await failure(stripe.paymentIntents.cancel(intent.id))).toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    expect(await failure(stripe.paymentIntents.capture(intent.id))).toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
  });

  it('refunds in parts up to what was captured, and refuses more', async () => {
    const intent = await authorized(5_000);
    expect(await failure(stripe.refunds.create({ payment_intent: intent.id }))).toMatchObject({
      statusCode: 400,
      code: 'charge_not_refundable',
    });
    await stripe.paymentIntents.capture(intent.id);

    const first = await stripe.refunds.create({ payment_intent: intent.id, amount: 1_000 });
    expect(first).toMatchObject({
      id: expect.stringMatching(/^re_/),
      object: 'refund',
      amount: 1_000,
      status: 'succeeded',
      payment_intent: intent.id,
      charge: intent.latest_charge,
    });
    expect((await stripe.charges.retrieve(intent.latest_charge as string)).amount_refunded).toBe(1_000);

    const over = await failure(stripe.refunds.create({ payment_intent: intent.id, amount: 4_001 }));
    expect(over).toMatchObject({ statusCode: 400, code: 'amount_too_large', param: 'amount' });
    expect(over.message).toBe('Refund amount ($40.01) is greater than unrefunded amount on charge ($40.00)');

    const rest = await stripe.refunds.create({ charge: intent.latest_charge as string });
    expect(rest.amount).toBe(4_000);
    expect(await stripe.charges.retrieve(intent.latest_charge as string)).toMatchObject({
      amount_refunded: 5_000,
      refunded: true,
    });
    expect(await stripe.refunds.retrieve(first.id)).toEqual(first);
    expect(await failure(stripe.refunds.create({ payment_intent: intent.id, amount: 1 }))).toMatchObject({
      code: 'charge_already_refunded',
    });

    const lines = await stripe.balanceTransactions.list({ limit: 100 });
    const mine = lines.data.filter((line) => [first.id, rest.id, intent.latest_charge].includes(line.source as string));
    expect(mine.map(({ type, amount, net, fee }) => ({ type, amount, net, fee }))).toEqual([
      { type: 'refund', amount: -4_000, net: -4_000, fee: 0 },
      { type: 'refund', amount: -1_000, net: -1_000, fee: 0 },
      { type: 'charge', amount: 5_000, net: 5_000, fee: 0 },
    ]);
  });
});

describe('customers and their cards', () => {
  it('lists, defaults and detaches cards as Stripe does', async () => {
    const customer = await newCustomer();
    const [first, second, third] = [
      await cardId(sandbox.url, '4242424242424242'),
      await cardId(sandbox.url, '5555555555554444'),
      await cardId(sandbox.url, '378282246310005'),
    ];
    for (const card of [first, second, third]) await stripe.paymentMethods.attach(card, { customer: customer.id });

    const page = await stripe.paymentMethods.list({ customer: customer.id, type: 'card', limit: 2 });
    expect(page).toMatchObject({ object: 'list', has_more: true, url: '/v1/payment_methods' });
    expect(page.data.map((m) => m.id)).toEqual([third, second]);
    const all: string[] = [];
    for await (const method of stripe.paymentMethods.list({ customer: customer.id, type: 'card', limit: 1 }))
      all.push(method.id);
    expect(all).toEqual([third, second, first]);

    const updated = await stripe.customers.update(customer.id, {
      name: 'Buyer Two',
      invoice_settings: { default_payment_method: second },
    });
    expect(updated).toMatchObject({ name: 'Buyer Two', email: 'buyer@example.com' });
    expect(updated.invoice_settings.default_payment_method).toBe(second);

    const stranger = await cardId(sandbox.url, '4242424242424242');
    const notTheirs = await failure(
      stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: stranger } }),
    );
    expect(notTheirs).toMatchObject({ statusCode: 400, param: 'invoice_settings[default_payment_method]' });

    expect((await stripe.paymentMethods.detach(second)).customer).toBeNull();
    const after = (await stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    expect(after.invoice_settings.default_payment_method).toBeNull();
    const left = await stripe.customers.listPaymentMethods(customer.id);
    expect(left.data.map((m) => m.id)).toEqual([third, first]);
    expect(await failure(stripe.paymentMethods.detach(second))).toMatchObject({ statusCode: 400 });
  });

  it('attaching a card that declines is refused, as Stripe checks it with the issuer', async () => {
    const customer = await newCustomer();
    const declined = await failure(
      stripe.paymentMethods.attach(await cardId(sandbox.url, '4000000000000002'), { customer: customer.id }),
    );
    expect(declined).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline' });
  });

  it("answers Stripe's 404 and 400 for unknown ids and parameters", async () => {
    const missing = await failure(stripe.customers.retrieve('cus_nobody'));
    expect(missing).toBeInstanceOf(stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such customer: 'cus_nobody'",
    });
    const unknown = await failure(
      stripe.customers.create({ emial: 'typo@example.com' } as Stripe.CustomerCreateParams),
    );
    expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'emial' });
    const small = await failure(stripe.paymentIntents.create({ amount: 49, currency: 'usd' }));
    expect(small).toMatchObject({ statusCode: 400, code: 'amount_too_small', param: 'amount' });
    const noAmount = await failure(
      stripe.paymentIntents.create({ currency: 'usd' } as Stripe.PaymentIntentCreateParams),
    );
    expect(noAmount).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'amount' });
  });
});
