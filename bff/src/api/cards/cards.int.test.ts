import { messages, type CardSetup, type PaymentCard, type PaymentsConfig } from '@swapstuff/contracts';
import { call, startTestApi, type TestApi } from '../../../test/harness';
import { registerUser } from '../../../test/listings';
import { answerAuthentication, tokenizeCard, TEST_CARDS } from '../../../test/cards';

let api: TestApi;
let alice: string;
let bob: string;

beforeAll(async () => {
  api = await startTestApi();
  alice = await registerUser(api, 'alice_cards');
  bob = await registerUser(api, 'bob_cards');
});
afterAll(() => api.close());

const cardsOf = async (token: string): Promise<PaymentCard[]> => {
  const res = await call<{ cards: PaymentCard[] }>(api.url, 'GET', '/api/stripe/cards', { token });
  expect(res.status).toBe(200);
  return res.body.Content.cards;
};

const attach = (token: string, body: Record<string, unknown>) =>
  call<CardSetup>(api.url, 'POST', '/api/attach/customer', { token, body });

async function saveCard(token: string, number: string = TEST_CARDS.visa, name = 'Alice Example'): Promise<string> {
  const paymentMethodId = await tokenizeCard(api.paymentsUrl, number, { name });
  const res = await attach(token, { paymentMethodId });
  expect(res.status).toBe(200);
  expect(res.body.Content.status).toBe('succeeded');
  expect(res.body.Description).toBe(messages.cardAdded);
  return paymentMethodId;
}

describe('the browser sends cards to the provider, not to us', () => {
  it('tells the browser where to tokenize and with which key, without a session', async () => {
    const res = await call<PaymentsConfig>(api.url, 'GET', '/api/payments/config');
    expect(res.status).toBe(200);
    expect(res.body.Content).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_sandbox',
      apiBase: api.paymentsUrl,
    });
  });

  it('refuses a body that carries a card instead of its id', async () => {
    const res = await attach(alice, { paymentMethodId: TEST_CARDS.visa });
    expect(res.status).toBe(400);
    const withNumber = await attach(alice, { card: { number: TEST_CARDS.visa }, paymentMethodId: 'pm_x1' });
    expect(withNumber.status).toBe(400);
  });
});

describe('customers', () => {
  it('creates the customer once, however many first calls race, and keeps it on the user', async () => {
    const carol = await registerUser(api, 'carol_cards');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call<{ customer_id: string }>(api.url, 'GET', '/api/create/customer', { token: carol }),
      ),
    );
    const ids = new Set(answers.map((a) => a.body.Content.customer_id));
    expect(ids.size).toBe(1);
    const [id] = ids;
    expect(id).toMatch(/^cus_/);
    const me = await call<{ user: { customer_id: string } }>(api.url, 'GET', '/api/userdetail', { token: carol });
    expect(me.body.Content.user.customer_id).toBe(id);
    expect((await call(api.url, 'GET', `/api/patch/customer/${id}`, { token: carol })).status).toBe(200);
    // another user's customer is not theirs to patch
    expect((await call(api.url, 'GET', `/api/patch/customer/${id}`, { token: bob })).status).toBe(404);
  });
});

describe('saving cards (Stripe test cards)', () => {
  it('saves 4242, lists it with brand, last 4 and expiry, as the default', async () => {
    const id = await saveCard(alice);
    const cards = await cardsOf(alice);
    expect(cards).toEqual([
      expect.objectContaining({
        id,
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        name: 'Alice Example',
        is_default: 1,
      }),
    ]);
    expect(JSON.stringify(cards)).not.toContain(TEST_CARDS.visa);
  });

  it("refuses 4000 0000 0000 0002 with the provider's message, and saves nothing", async () => {
    const before = await cardsOf(alice);
    const paymentMethodId = await tokenizeCard(api.paymentsUrl, TEST_CARDS.declined);
    const res = await attach(alice, { paymentMethodId });
    expect(res.status).toBe(402);
    expect(res.body.Description).toBe(messages.cardDeclined);
    expect(await cardsOf(alice)).toEqual(before);
  });

  it("sends 3155 to the provider's authentication page, and saves it once authenticated", async () => {
    const paymentMethodId = await tokenizeCard(api.paymentsUrl, TEST_CARDS.authenticate);
    const res = await attach(alice, { paymentMethodId });
    expect(res.status).toBe(200);
    expect(res.body.Content).toMatchObject({ status: 'requires_action' });
    expect(res.body.Content.redirect_url).toMatch(new RegExp(`^${api.paymentsUrl}/`));
    expect((await cardsOf(alice)).map((c) => c.id)).not.toContain(paymentMethodId);

    const back = new URL(await answerAuthentication(res.body.Content.redirect_url!, 'Complete authentication'));
    expect(back.origin + back.pathname).toBe('http://localhost:3000/payment-methods');
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    const setupIntentId = back.searchParams.get('setup_intent');
    expect(setupIntentId).toBe(res.body.Content.setup_intent_id);

    const done = await attach(alice, { setupIntentId });
    expect(done.status).toBe(200);
    expect(done.body.Content.status).toBe('succeeded');
    expect(done.body.Content.cards.map((c) => c.id)).toContain(paymentMethodId);
    // bob cannot finish (or read) alice's setup
    expect((await attach(bob, { setupIntentId })).status).toBe(404);
  });

  it('a failed authentication saves nothing and says why', async () => {
    const paymentMethodId = await tokenizeCard(api.paymentsUrl, TEST_CARDS.authenticate);
    const res = await attach(alice, { paymentMethodId });
    const back = new URL(await answerAuthentication(res.body.Content.redirect_url!, 'Fail authentication'));
    expect(back.searchParams.get('redirect_status')).toBe('failed');
    const done = await attach(alice, { setupIntentId: back.searchParams.get('setup_intent') });
    expect(done.status).toBe(402);
    expect(done.body.Description).toBe(messages.cardAuthenticationFailed);
    expect((await cardsOf(alice)).map((c) => c.id)).not.toContain(paymentMethodId);
  });
});

describe('card testing', () => {
  it('lets 10 new cards an hour reach the provider, however many are sent at once', async () => {
    const tester = await registerUser(api, 'tester_cards');
    const ids = await Promise.all(Array.from({ length: 60 }, () => tokenizeCard(api.paymentsUrl, TEST_CARDS.declined)));
    const answers = await Promise.all(ids.map((paymentMethodId) => attach(tester, { paymentMethodId })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 402)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.Description).toBe(messages.tooManyCardAttempts);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    // finishing a setup already started is not a new attempt
    expect((await attach(tester, { setupIntentId: 'seti_unknown1' })).status).not.toBe(429);
  });
});

describe('default and delete', () => {
  it('makes another card the default, and a deleted default passes to the newest left', async () => {
    const dan = await registerUser(api, 'dan_cards');
    const first = await saveCard(dan, TEST_CARDS.visa);
    const second = await saveCard(dan, TEST_CARDS.mastercard);
    expect((await cardsOf(dan)).map((c) => [c.id, c.is_default])).toEqual([
      [first, 1],
      [second, 0],
    ]);
    const made = await call<{ cards: PaymentCard[] }>(api.url, 'GET', `/api/patch/setdefault/${second}`, {
      token: dan,
    });
    expect(made.status).toBe(200);
    expect(made.body.Description).toBe(messages.cardDefault);
    expect(made.body.Content.cards[0]).toMatchObject({ id: second, is_default: 1 });

    const deleted = await call<{ cards: PaymentCard[] }>(api.url, 'GET', `/api/delete/card/${second}`, { token: dan });
    expect(deleted.status).toBe(200);
    expect(deleted.body.Description).toBe(messages.cardDeleted);
    expect(deleted.body.Content.cards).toEqual([expect.objectContaining({ id: first, is_default: 1 })]);
  });

  it("answers one 404 for another user's card, a deleted one and nonsense", async () => {
    const [mine] = await cardsOf(alice);
    for (const path of [`/api/patch/setdefault/${mine.id}`, `/api/delete/card/${mine.id}`]) {
      const res = await call(api.url, 'GET', path, { token: bob });
      expect(res.status).toBe(404);
      expect(res.body.Description).toBe(messages.cardNotFound);
    }
    for (const id of ['pm_doesnotexist1', 'nonsense', '1']) {
      expect((await call(api.url, 'GET', `/api/delete/card/${id}`, { token: alice })).status).toBe(404);
    }
    // bob cannot take alice's card as his own
    expect((await attach(bob, { paymentMethodId: mine.id })).status).toBe(404);
    expect((await cardsOf(alice)).map((c) => c.id)).toContain(mine.id);
  });

  it('knows one card provider', async () => {
    const res = await call(api.url, 'GET', '/api/paypal/cards', { token: alice });
    expect(res.status).toBe(404);
    expect(res.body.Description).toBe(messages.cardProviderNotFound);
  });

  it('needs a session', async () => {
    for (const path of ['/api/stripe/cards', '/api/create/customer', '/api/delete/card/pm_x']) {
      expect((await call(api.url, 'GET', path)).status).toBe(401);
    }
  });
});

describe('the provider down', () => {
  it('answers 503 with a message to try again, and the api goes on', async () => {
    const down = await startTestApi();
    try {
      const erin = await registerUser(down, 'erin_cards');
      const created = await call<{ customer_id: string }>(down.url, 'GET', '/api/create/customer', { token: erin });
      expect(created.status).toBe(200);
      await down.sandbox.close();
      for (const [method, path, body] of [
        ['GET', '/api/stripe/cards', undefined],
        ['POST', '/api/attach/customer', { paymentMethodId: 'pm_abc123' }],
        ['POST', '/api/payouts/onboarding', undefined],
      ] as const) {
        const res = await call(down.url, method, path, { token: erin, body });
        expect({ path, status: res.status, said: res.body.Description }).toEqual({
          path,
          status: 503,
          said: messages.paymentsUnavailable,
        });
      }
      expect((await call(down.url, 'GET', '/api/userdetail', { token: erin })).status).toBe(200);
    } finally {
      await down.close().catch(() => undefined);
    }
  });
});
