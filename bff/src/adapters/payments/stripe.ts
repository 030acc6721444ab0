import Stripe from 'stripe';
import {
  PaymentProviderError,
  type ConnectedAccount,
  type IntentState,
  type PaymentState,
  type PaymentsPort,
  type ProviderEvent,
  type SavedCard,
} from './types';

export interface StripeOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /**
   * Where the api reaches the provider: undefined is Stripe itself; our sandbox's address otherwise
   * (http://127.0.0.1:3002), given to the `stripe` package as host, port and protocol.
   */
  apiUrl?: string;
  /** Where the browser sends cards: Stripe's api, or the sandbox's public address. */
  browserApiBase: string;
  /** Each call's deadline. */
  timeoutMs?: number;
}

/** Stripe's errors, by their code, as the port's (the message is Stripe's, shown to the user). */
async function provider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) {
      const code = err.code ?? err.type ?? null;
      throw new PaymentProviderError(err.message, code, err.statusCode ?? 503);
    }
    throw err;
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

function intentState(intent: Stripe.SetupIntent | Stripe.PaymentIntent): IntentState {
  const error =
    'last_setup_error' in intent ? intent.last_setup_error : (intent as Stripe.PaymentIntent).last_payment_error;
  const redirect = intent.next_action?.type === 'redirect_to_url' ? intent.next_action.redirect_to_url : null;
  return {
    id: intent.id,
    status: intent.status,
    redirectUrl: redirect?.url ?? null,
    errorCode: error ? (error.decline_code ?? error.code ?? null) : null,
    errorMessage: error?.message ?? null,
    payment_method: idOf(intent.payment_method),
  };
}

function paymentState(intent: Stripe.PaymentIntent): PaymentState {
  return {
    ...intentState(intent),
    chargeId: idOf(intent.latest_charge),
    amount: intent.amount,
    currency: intent.currency,
    amount_capturable: intent.amount_capturable,
    amount_received: intent.amount_received,
    customer: idOf(intent.customer),
    metadata: { ...intent.metadata },
  };
}

const accountOf = (account: Stripe.Account): ConnectedAccount => ({
  id: account.id,
  details_submitted: account.details_submitted ?? false,
  payouts_enabled: account.payouts_enabled ?? false,
});

function savedCard(method: Stripe.PaymentMethod): SavedCard {
  const card = method.card;
  return {
    id: method.id,
    brand: card?.brand ?? 'unknown',
    last4: card?.last4 ?? '',
    exp_month: card?.exp_month ?? 0,
    exp_year: card?.exp_year ?? 0,
    name: method.billing_details?.name ?? null,
  };
}

/** The payments port over the official `stripe` package: Stripe itself, or our sandbox speaking its API. */
export function stripePayments(options: StripeOptions): PaymentsPort {
  const target = options.apiUrl ? new URL(options.apiUrl) : undefined;
  const stripe = new Stripe(options.secretKey, {
    // the package retries a failed call with the same idempotency key: safe, and what a flaky network needs
    maxNetworkRetries: 2,
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
    ...(target && {
      host: target.hostname,
      port: target.port || (target.protocol === 'https:' ? 443 : 80),
      protocol: target.protocol === 'https:' ? 'https' : 'http',
    }),
  });

  return {
    browserConfig: () => ({
      provider: 'stripe',
      publishableKey: options.publishableKey,
      apiBase: options.browserApiBase,
    }),

    createCustomer: ({ userId, email, name }, idempotencyKey) =>
      provider(async () => {
        const customer = await stripe.customers.create(
          { email, name, metadata: { user_id: String(userId) } },
          { idempotencyKey },
        );
        return { id: customer.id };
      }),

    updateCustomer: (customerId, input) =>
      provider(async () => {
        await stripe.customers.update(customerId, input);
      }),

    listCards: (customerId) =>
      provider(async () => {
        const customer = await stripe.customers.retrieve(customerId);
        if (customer.deleted) return { cards: [], defaultCardId: null };
        const cards: SavedCard[] = [];
        for await (const method of stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 100 }))
          cards.push(savedCard(method));
        return { cards, defaultCardId: idOf(customer.invoice_settings?.default_payment_method) };
      }),

    setupCard: ({ customerId, paymentMethodId, returnUrl }, idempotencyKey) =>
      provider(async () => {
        const intent = await stripe.setupIntents.create(
          {
            customer: customerId,
            payment_method: paymentMethodId,
            confirm: true,
            usage: 'off_session',
            return_url: returnUrl,
          },
          { idempotencyKey },
        );
        return intentState(intent);
      }),

    retrieveSetup: (setupIntentId) =>
      provider(async () => {
        const intent = await stripe.setupIntents.retrieve(setupIntentId);
        return { ...intentState(intent), customer: idOf(intent.customer) };
      }),

    setDefaultCard: (customerId, paymentMethodId) =>
      provider(async () => {
        await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } });
      }),

    cardOwner: (paymentMethodId) =>
      provider(async () => {
        try {
          return idOf((await stripe.paymentMethods.retrieve(paymentMethodId)).customer);
        } catch (err) {
          // a card id that does not exist belongs to nobody
          if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
          throw err;
        }
      }),

    detachCard: (paymentMethodId) =>
      provider(async () => {
        await stripe.paymentMethods.detach(paymentMethodId);
      }),

    authorize: ({ amount, customerId, paymentMethodId, returnUrl, metadata }, idempotencyKey) =>
      provider(async () => {
        const intent = await stripe.paymentIntents.create(
          {
            amount,
            currency: 'usd',
            customer: customerId,
            payment_method: paymentMethodId,
            capture_method: 'manual',
            confirm: true,
            return_url: returnUrl,
            metadata,
          },
          { idempotencyKey },
        );
        return paymentState(intent);
      }),

    retrievePayment: (paymentIntentId) =>
      provider(async () => paymentState(await stripe.paymentIntents.retrieve(paymentIntentId))),

    capture: (paymentIntentId, amount, idempotencyKey) =>
      provider(async () =>
        paymentState(
          await stripe.paymentIntents.capture(paymentIntentId, { amount_to_capture: amount }, { idempotencyKey }),
        ),
      ),

    cancelPayment: (paymentIntentId, idempotencyKey) =>
      provider(async () => paymentState(await stripe.paymentIntents.cancel(paymentIntentId, {}, { idempotencyKey }))),

    refund: ({ paymentIntentId, amount }, idempotencyKey) =>
      provider(async () => {
        const refund = await stripe.refunds.create({ payment_intent: paymentIntentId, amount }, { idempotencyKey });
        return { id: refund.id, amount: refund.amount, status: refund.status ?? 'pending' };
      }),

    createConnectedAccount: ({ userId, email }, idempotencyKey) =>
      provider(async () =>
        accountOf(
          await stripe.accounts.create(
            {
              type: 'express',
              email,
              capabilities: { transfers: { requested: true } },
              metadata: { user_id: String(userId) },
            },
            { idempotencyKey },
          ),
        ),
      ),

    retrieveAccount: (accountId) => provider(async () => accountOf(await stripe.accounts.retrieve(accountId))),

    onboardingLink: ({ accountId, refreshUrl, returnUrl }) =>
      provider(async () => {
        const link = await stripe.accountLinks.create({
          account: accountId,
          refresh_url: refreshUrl,
          return_url: returnUrl,
          type: 'account_onboarding',
        });
        return { url: link.url };
      }),

    transfer: ({ accountId, amount, group }, idempotencyKey) =>
      provider(async () => {
        const transfer = await stripe.transfers.create(
          { amount, currency: 'usd', destination: accountId, ...(group && { transfer_group: group }) },
          { idempotencyKey },
        );
        return { id: transfer.id };
      }),

    payout: ({ accountId, amount }, idempotencyKey) =>
      provider(async () => {
        const payout = await stripe.payouts.create(
          { amount, currency: 'usd' },
          { idempotencyKey, stripeAccount: accountId },
        );
        return { id: payout.id, status: payout.status };
      }),

    async *balanceTransactions(options = {}) {
      const list = stripe.balanceTransactions.list({
        limit: 100,
        created: { gte: options.createdFrom, lt: options.createdBefore },
      });
      try {
        for await (const line of list)
          yield { id: line.id, type: line.type, amount: line.amount, source: idOf(line.source), created: line.created };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeError)
          throw new PaymentProviderError(err.message, err.code ?? null, err.statusCode ?? 503);
        throw err;
      }
    },

    verifyWebhook(rawBody, signatureHeader) {
      try {
        const event = stripe.webhooks.constructEvent(rawBody, signatureHeader ?? '', options.webhookSecret);
        return {
          id: event.id,
          type: event.type,
          created: event.created,
          object: event.data.object as unknown as ProviderEvent['object'],
        };
      } catch (err) {
        throw new PaymentProviderError((err as Error).message, 'signature_verification_failed', 400);
      }
    },
  };
}
