/**
 * The payments port: features charge, refund and pay out through it and never know which provider is behind
 * it. One adapter implements it (stripe.ts, the official `stripe` package), pointed either at Stripe
 * (STRIPE_SECRET_KEY) or at our Stripe sandbox (bff/src/sandboxes/stripe, the default), so the code the tests
 * run is the code production runs. Amounts are integer cents of USD, as Stripe's are.
 *
 * Every call that moves money or creates an object takes an idempotency key: the provider answers a repeated
 * key with the first answer, so a step that crashed after the provider call and before our ledger write is
 * safe to repeat with the same key.
 */

/** What the browser needs to tokenize a card itself (the card never reaches our api). */
export interface BrowserPaymentsConfig {
  provider: 'stripe';
  publishableKey: string;
  /** where the browser posts the card: https://api.stripe.com, or the sandbox's public address */
  apiBase: string;
}

export interface SavedCard {
  /** pm_… */
  id: string;
  /** Stripe's brand names: visa, mastercard, amex, discover, diners, jcb, unionpay, unknown */
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** the card holder's name as given when the card was added */
  name: string | null;
}

/** A SetupIntent (saving a card) or a PaymentIntent after confirmation, as far as we act on it. */
export interface IntentState {
  id: string;
  /** Stripe's statuses: succeeded, requires_action, requires_capture, requires_payment_method, canceled, processing … */
  status: string;
  /** set when status is requires_action: the page where the card holder authenticates */
  redirectUrl: string | null;
  /** Stripe's decline or error code when the last attempt failed (card_declined …) */
  errorCode: string | null;
  /** Stripe's message for that failure, shown to the user */
  errorMessage: string | null;
  payment_method: string | null;
}

export interface PaymentState extends IntentState {
  /** the charge (ch_…) a capture made: what the provider's balance transactions name */
  chargeId: string | null;
  amount: number;
  /** three letters, lower case (usd) */
  currency: string;
  amount_capturable: number;
  amount_received: number;
  customer: string | null;
  metadata: Record<string, string>;
}

export interface ConnectedAccount {
  /** acct_… */
  id: string;
  details_submitted: boolean;
  payouts_enabled: boolean;
}

/** One line of the provider's own record of money moving (Stripe's balance transactions). */
export interface ProviderBalanceTransaction {
  id: string;
  /** charge, refund, transfer, payout, payment_refund … */
  type: string;
  /** signed cents, as seen by the platform's balance */
  amount: number;
  /** the object it belongs to: ch_…, re_…, tr_…, po_… */
  source: string | null;
  /** unix seconds */
  created: number;
}

/** A verified webhook event. */
export interface ProviderEvent {
  id: string;
  type: string;
  created: number;
  /** the object the event is about (a PaymentIntent, a SetupIntent, an Account …) */
  object: { id: string; object: string; [field: string]: unknown };
}

/** A failure the provider reported about the card or the request (Stripe's error, by its code). */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    /** card_declined, incorrect_number, resource_missing, idempotency_error … */
    readonly code: string | null,
    /** the provider's HTTP status: 402 for a card error, 400, 404 … */
    readonly status: number,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export interface PaymentsPort {
  browserConfig(): BrowserPaymentsConfig;

  // --- customers and cards
  createCustomer(
    input: { userId: number; email: string; name: string },
    idempotencyKey: string,
  ): Promise<{ id: string }>;
  updateCustomer(customerId: string, input: { email?: string; name?: string }): Promise<void>;
  listCards(customerId: string): Promise<{ cards: SavedCard[]; defaultCardId: string | null }>;
  /** Saves a tokenized card to the customer (a confirmed SetupIntent): it may need the holder's authentication. */
  setupCard(
    input: { customerId: string; paymentMethodId: string; returnUrl: string },
    idempotencyKey: string,
  ): Promise<IntentState>;
  retrieveSetup(setupIntentId: string): Promise<IntentState & { customer: string | null }>;
  setDefaultCard(customerId: string, paymentMethodId: string): Promise<void>;
  /** the customer a saved card belongs to (null when detached), to check ownership before acting on it */
  cardOwner(paymentMethodId: string): Promise<string | null>;
  detachCard(paymentMethodId: string): Promise<void>;

  // --- payments (authorized, then captured: the money is only taken when we hold it in escrow)
  authorize(
    input: {
      amount: number;
      customerId: string;
      paymentMethodId: string;
      returnUrl: string;
      metadata?: Record<string, string>;
    },
    idempotencyKey: string,
  ): Promise<PaymentState>;
  retrievePayment(paymentIntentId: string): Promise<PaymentState>;
  capture(paymentIntentId: string, amount: number, idempotencyKey: string): Promise<PaymentState>;
  cancelPayment(paymentIntentId: string, idempotencyKey: string): Promise<PaymentState>;
  refund(
    input: { paymentIntentId: string; amount: number },
    idempotencyKey: string,
  ): Promise<{ id: string; amount: number; status: string }>;

  // --- seller payouts (Stripe Connect, Express-like)
  createConnectedAccount(input: { userId: number; email: string }, idempotencyKey: string): Promise<ConnectedAccount>;
  retrieveAccount(accountId: string): Promise<ConnectedAccount>;
  /** the provider's onboarding page for the seller (single use, short-lived) */
  onboardingLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string }>;
  transfer(
    input: { accountId: string; amount: number; group?: string },
    idempotencyKey: string,
  ): Promise<{ id: string }>;
  payout(input: { accountId: string; amount: number }, idempotencyKey: string): Promise<{ id: string; status: string }>;

  // --- the provider's record, for reconciliation
  /** Those created in [createdFrom, createdBefore) (unix seconds; either bound left out: open), newest first. */
  balanceTransactions(options?: {
    createdFrom?: number;
    createdBefore?: number;
  }): AsyncIterable<ProviderBalanceTransaction>;

  // --- webhooks
  /** The event, when the signature header is valid for this raw body; throws PaymentProviderError otherwise. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent;
}
