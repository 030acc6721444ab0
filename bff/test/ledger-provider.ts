/**
 * The provider's side of the ledger's tests, on the test api's own Stripe sandbox and real payments adapter
 * (the `stripe` package): a customer with a saved card, authorized payments, onboarded connected accounts,
 * the sandbox's own record of a payment, and faults.
 */
import type { PaymentsPort } from '../src/adapters/payments';
import { TEST_CARDS, tokenizeCard } from './cards';
import type { TestApi } from './harness';

const SECRET_KEY = 'sk_test_sandbox';
const RETURN_URL = 'http://localhost:3000/payments/return';

/** the adapter, and the sandbox's address (and its key, for a site's sandbox: the test api's is SECRET_KEY) */
export type Provider = Pick<TestApi, 'payments' | 'paymentsUrl'> & { secretKey?: string };

export interface PayingCustomer {
  customerId: string;
  paymentMethodId: string;
}

/** A customer with the 4242 card saved, as the cards feature saves one. */
export async function payingCustomer({ paymentsUrl, payments }: Provider, userId: number): Promise<PayingCustomer> {
  const { id: customerId } = await payments.createCustomer(
    { userId, email: `payer${userId}@example.com`, name: `Payer ${userId}` },
    `customer:${userId}`,
  );
  const paymentMethodId = await tokenizeCard(paymentsUrl, TEST_CARDS.visa);
  const setup = await payments.setupCard(
    { customerId, paymentMethodId, returnUrl: RETURN_URL },
    `setup:${paymentMethodId}`,
  );
  if (setup.status !== 'succeeded') throw new Error(`the card was not saved: ${setup.status}`);
  return { customerId, paymentMethodId };
}

let authorizations = 0;

/** A payment authorized on the customer's card, to be captured (manual capture): its pi_…. */
export async function authorizedPayment(
  payments: PaymentsPort,
  customer: PayingCustomer,
  amount: number,
): Promise<string> {
  authorizations += 1;
  const intent = await payments.authorize(
    { amount, ...customer, returnUrl: RETURN_URL },
    `authorize:${process.pid}:${authorizations}`,
  );
  if (intent.status !== 'requires_capture') throw new Error(`the payment was not authorized: ${intent.status}`);
  return intent.id;
}

/** A seller's connected account that finished the provider's onboarding (transfers and payouts enabled). */
export async function onboardedAccount({ payments }: Provider, userId: number): Promise<string> {
  const account = await payments.createConnectedAccount(
    { userId, email: `seller${userId}@example.com` },
    `account:${userId}`,
  );
  const { url } = await payments.onboardingLink({
    accountId: account.id,
    refreshUrl: RETURN_URL,
    returnUrl: RETURN_URL,
  });
  const page = await (await fetch(url)).text();
  const session = /name="session" value="([^"]*)"/.exec(page)?.[1];
  if (!session) throw new Error(`no onboarding form at ${url}`);
  const sent = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ session, holder: `Seller ${userId}`, routing: '110000000', account: '000123456789' }),
    redirect: 'manual',
  });
  if (sent.status !== 303) throw new Error(`onboarding answered ${sent.status}`);
  return account.id;
}

/** A connected account that never finished onboarding: the provider refuses transfers to it. */
export async function unfinishedAccount({ payments }: Provider, userId: number): Promise<string> {
  return (await payments.createConnectedAccount({ userId, email: `seller${userId}@example.com` }, `account:${userId}`))
    .id;
}

async function get<T>(url: string, secretKey = SECRET_KEY): Promise<T> {
  const response = await fetch(url, { headers: { Authorization: `Bearer ${secretKey}` } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** The sandbox's own record of a payment: its charge balance transactions (one, once captured). */
export async function capturesOf({ paymentsUrl: url, secretKey }: Provider, paymentIntentId: string): Promise<number> {
  const intent = await get<{ latest_charge: string | null }>(`${url}/v1/payment_intents/${paymentIntentId}`, secretKey);
  if (!intent.latest_charge) return 0;
  const lines = await get<{ data: unknown[] }>(
    `${url}/v1/balance_transactions?type=charge&source=${intent.latest_charge}&limit=100`,
    secretKey,
  );
  return lines.data.length;
}

/** What the provider has refunded of a payment's charge. */
export async function refundedAt({ paymentsUrl: url, secretKey }: Provider, paymentIntentId: string): Promise<number> {
  const intent = await get<{ latest_charge: string | null }>(`${url}/v1/payment_intents/${paymentIntentId}`, secretKey);
  if (!intent.latest_charge) return 0;
  const charge = await get<{ amount_refunded: number }>(`${url}/v1/charges/${intent.latest_charge}`, secretKey);
  return charge.amount_refunded;
}

/** What a process that dies between two steps looks like to its caller. */
export class Crash extends Error {
  constructor(readonly at: string) {
    super(`crashed ${at}`);
    this.name = 'Crash';
  }
}

type MoneyCall = 'capture' | 'refund' | 'transfer' | 'payout';

/**
 * The real adapter with a fault: the process "dies" just before the provider call (`before`) or just after
 * the provider answered and before anything else happens (`after`, the step aborted between the provider
 * call and the ledger write).
 */
export function crashing(payments: PaymentsPort, call: MoneyCall, when: 'before' | 'after'): PaymentsPort {
  const real = payments[call] as (...args: unknown[]) => Promise<unknown>;
  return {
    ...payments,
    [call]: async (...args: unknown[]) => {
      if (when === 'before') throw new Crash(`before ${call}`);
      await real(...args);
      throw new Crash(`after ${call}`);
    },
  };
}
