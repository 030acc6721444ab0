import { call, startTestApi, type TestApi } from '../../../test/harness';
import { registerUser } from '../../../test/listings';
import { pressProviderButton } from '../../../test/cards';
import { authorizedPayment, payingCustomer } from '../../../test/ledger-provider';
import { hold, release, userBalances } from '../ledger';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
  // the runner's first round sees its schedules for the first time (and records them)
  await api.jobs.runSchedules();
});
afterAll(() => api.close());

async function userId(username: string): Promise<number> {
  return (await api.db('users').where({ username }).first('id')).id;
}

/** A seller through the api, with payouts set up at the provider when `onboarded`. */
async function seller(username: string, onboarded: boolean): Promise<number> {
  const token = await registerUser(api, username);
  const link = await call<{ url: string }>(api.url, 'POST', '/api/payouts/onboarding', { token });
  if (onboarded) {
    await pressProviderButton(link.body.Content.url, 'Submit', { holder: 'Sam Seller' });
    await call(api.url, 'GET', '/api/payouts/account', { token });
  }
  return userId(username);
}

/** A sale of `amount` cents released to the seller, less `fee`. */
async function sale(sellerId: number, payerId: number, amount: number, fee: number): Promise<void> {
  const customer = await payingCustomer(api, payerId);
  const paymentIntentId = await authorizedPayment(api.payments, customer, amount);
  await hold(api, { paymentIntentId, payerId, amountCents: amount }, `hold:${paymentIntentId}`);
  await release(api.db, { paymentIntentId, sellerId, feeCents: fee }, `release:${paymentIntentId}`);
}

const payoutsOf = (sellerId: number) =>
  api.db('ledger_transactions').where('idempotency_key', 'like', `payout:user:${sellerId}:%`).orderBy('id').select();

/** A run of the payouts schedule on the api's own job runner, made due now. */
async function runPayouts(): Promise<void> {
  await api.db('scheduled_jobs').where({ name: 'payouts.run' }).update({ next_run_at: 0 });
  await api.jobs.runSchedules();
}

it("pays each set-up seller's available balance to their account, once, and leaves the others' waiting", async () => {
  await registerUser(api, 'buyer_payouts');
  const buyer = await userId('buyer_payouts');
  const ready = await seller('seller_ready', true);
  const waiting = await seller('seller_waiting', false);
  await sale(ready, buyer, 10_000, 500);
  await sale(waiting, buyer, 4_000, 200);

  await runPayouts();
  const [paid] = await payoutsOf(ready);
  expect((await payoutsOf(ready)).map((t) => t.kind)).toEqual(['payout_reserve', 'payout_settle']);
  const settled = (await payoutsOf(ready))[1];
  expect(settled.provider_object).toMatch(/^tr_/);
  expect(settled.provider_payout).toMatch(/^po_/);
  expect(paid.idempotency_key).toBe(`payout:user:${ready}:1:reserve`);
  const balances = await userBalances(api.db, [ready, waiting], 'postings');
  expect(balances.get(ready)).toMatchObject({ available: 0, payable: 0 });
  // not set up: the money waits in the ledger
  expect(balances.get(waiting)).toMatchObject({ available: 3_800 });
  expect(await payoutsOf(waiting)).toEqual([]);

  // the connected account received the transfer and paid it out
  const account = (await api.db('payout_accounts').where({ user_id: ready }).first('account_id')).account_id;
  const lines = await fetch(`${api.paymentsUrl}/v1/balance_transactions?limit=100`, {
    headers: { Authorization: 'Bearer sk_test_sandbox', 'Stripe-Account': account },
  }).then((r) => r.json() as Promise<{ data: { type: string; amount: number }[] }>);
  expect(lines.data.map((l) => [l.type, l.amount]).sort()).toEqual([
    ['payout', -9_500],
    ['transfer', 9_500],
  ]);

  // nothing new to pay: the next run writes nothing; the next sale is the seller's payout 2
  await runPayouts();
  expect(await payoutsOf(ready)).toHaveLength(2);
  await sale(ready, buyer, 2_000, 100);
  await runPayouts();
  expect((await payoutsOf(ready)).map((t) => t.idempotency_key)).toEqual([
    `payout:user:${ready}:1:reserve`,
    `payout:user:${ready}:1:settle`,
    `payout:user:${ready}:2:reserve`,
    `payout:user:${ready}:2:settle`,
  ]);
});
