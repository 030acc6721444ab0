/**
 * SetupIntents (saving a card), PaymentIntents (authorize, capture, cancel), their charges and refunds.
 * A confirmation does what the card's test number says (cards.ts): it succeeds, asks for 3D Secure on the
 * sandbox's authentication page (pages.ts), or is declined with Stripe's codes.
 */
import { Money } from '@swapstuff/contracts';
import { recordTransaction } from './balance';
import { outcomeOf, type Outcome } from './cards';
import { attach } from './customers';
import { cardError, invalidParam, invalidRequest, unexpectedState } from './errors';
import { allowOnly, bool, COMMON, currency, int, metadata, oneOf, str, strings, url, type Params } from './params';
import { seconds, type Call, type Routes, type Sandbox } from './sandbox';
import {
  newId,
  randomText,
  type Charge,
  type IntentError,
  type PaymentIntent,
  type PaymentMethod,
  type RedirectAction,
  type Refund,
  type SetupIntent,
} from './store';

type Declined = Extract<Outcome, { result: 'declines' }>;

const clientSecret = (id: string) => `${id}_secret_${randomText(25)}`;

/** The sandbox's 3D Secure page for the intent; the client secret in its address is what lets it act. */
function redirectTo(call: Call, intent: SetupIntent | PaymentIntent, returnUrl: string | null): RedirectAction {
  const url = `${call.publicUrl}/sandbox/authenticate/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret)}`;
  return { type: 'redirect_to_url', redirect_to_url: { url, return_url: returnUrl } };
}

function paymentMethodTypes(params: Params): string[] {
  const types = strings(params, 'payment_method_types') ?? ['card'];
  const other = types.find((type) => type !== 'card');
  if (other !== undefined)
    throw invalidParam(
      `The payment method type "${other}" is invalid in the sandbox: only card is.`,
      'payment_method_types',
    );
  return types;
}

/** The card to confirm with, checked against the intent's customer as Stripe does. */
function cardFor(sandbox: Sandbox, customer: string | null, id: string): PaymentMethod {
  const method = sandbox.store.get('paymentMethods', id, 'payment_method');
  if (method.customer && method.customer !== customer)
    throw invalidRequest(
      `The provided PaymentMethod ${method.id} belongs to a different Customer than the one given.`,
      'payment_method_invalid_parameter',
      'payment_method',
    );
  return method;
}

const declineError = (outcome: Declined, method: PaymentMethod, charge?: string): IntentError => ({
  type: 'card_error',
  code: outcome.code,
  decline_code: outcome.declineCode,
  message: outcome.message,
  doc_url: `https://stripe.com/docs/error-codes/${outcome.code.replace(/_/g, '-')}`,
  ...(charge && { charge }),
  payment_method: method,
});

// --- SetupIntents

function succeedSetup(sandbox: Sandbox, call: Call | null, intent: SetupIntent, method: PaymentMethod): void {
  if (intent.customer) attach(sandbox, method, sandbox.store.get('customers', intent.customer, 'customer'));
  sandbox.store.state.cards[method.id].setUp = true;
  intent.status = 'succeeded';
  intent.next_action = null;
  intent.last_setup_error = null;
  sandbox.webhooks.emit('setup_intent.succeeded', intent, { call });
}

function failSetup(sandbox: Sandbox, call: Call | null, intent: SetupIntent, error: IntentError): void {
  intent.status = 'requires_payment_method';
  intent.payment_method = null;
  intent.next_action = null;
  intent.last_setup_error = error;
  sandbox.webhooks.emit('setup_intent.setup_failed', intent, { call });
}

interface Confirmation {
  /** a card given with the confirmation, instead of the intent's */
  paymentMethod?: string;
  returnUrl: string | null;
  offSession: boolean;
}

function confirmation(params: Params): Confirmation {
  return {
    paymentMethod: str(params, 'payment_method'),
    returnUrl: url(params, 'return_url') ?? null,
    offSession: offSession(params),
  };
}

function confirmSetup(sandbox: Sandbox, call: Call, intent: SetupIntent, options: Confirmation): SetupIntent {
  if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status))
    throw unexpectedState(
      `You cannot confirm this SetupIntent because it has a status of ${intent.status}.`,
      'setup_intent_unexpected_state',
    );
  const methodId = options.paymentMethod ?? intent.payment_method;
  if (!methodId)
    throw unexpectedState(
      "You cannot confirm this SetupIntent because it's missing a payment method. Update the SetupIntent with a payment method and then confirm it again.",
      'setup_intent_unexpected_state',
    );
  const method = cardFor(sandbox, intent.customer, methodId);
  intent.payment_method = method.id;
  const card = sandbox.store.state.cards[method.id];
  const outcome = outcomeOf(card.behaviour, { setup: true, setUp: card.setUp, offSession: false });
  if (outcome.result === 'succeeds') succeedSetup(sandbox, call, intent, method);
  else if (outcome.result === 'authenticates') {
    intent.status = 'requires_action';
    intent.next_action = redirectTo(call, intent, options.returnUrl);
    sandbox.webhooks.emit('setup_intent.requires_action', intent, { call });
  } else {
    const error = declineError(outcome, method);
    failSetup(sandbox, call, intent, error);
    throw cardError({ ...error, setup_intent: intent });
  }
  return intent;
}

function createSetupIntent(sandbox: Sandbox, call: Call): SetupIntent {
  const { params } = call;
  allowOnly(params, [
    ...COMMON,
    'customer',
    'payment_method',
    'payment_method_types',
    'confirm',
    'usage',
    'return_url',
    'metadata',
    'description',
  ]);
  const customer = str(params, 'customer');
  if (customer !== undefined) sandbox.store.get('customers', customer, 'customer');
  const paymentMethod = str(params, 'payment_method');
  if (paymentMethod !== undefined) cardFor(sandbox, customer ?? null, paymentMethod);
  const confirm = bool(params, 'confirm') ?? false;
  const options = confirmation(params);
  const id = newId('seti');
  const intent: SetupIntent = {
    id,
    object: 'setup_intent',
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: clientSecret(id),
    created: seconds(sandbox),
    customer: customer ?? null,
    description: str(params, 'description', { max: 1000 }) ?? null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: metadata(params),
    next_action: null,
    on_behalf_of: null,
    payment_method: paymentMethod ?? null,
    payment_method_types: paymentMethodTypes(params),
    single_use_mandate: null,
    status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
    usage: oneOf(params, 'usage', ['off_session', 'on_session'] as const, 'off_session'),
  };
  sandbox.store.state.setupIntents[id] = intent;
  return confirm ? confirmSetup(sandbox, call, intent, options) : intent;
}

// --- PaymentIntents and charges

function newCharge(sandbox: Sandbox, intent: PaymentIntent, method: PaymentMethod, declined?: Declined): Charge {
  const charge: Charge = {
    id: newId('ch'),
    object: 'charge',
    amount: intent.amount,
    amount_captured: 0,
    amount_refunded: 0,
    balance_transaction: null,
    billing_details: method.billing_details,
    captured: false,
    created: seconds(sandbox),
    currency: intent.currency,
    customer: intent.customer,
    description: intent.description,
    failure_code: declined?.code ?? null,
    failure_message: declined?.message ?? null,
    livemode: false,
    metadata: { ...intent.metadata },
    outcome: declined
      ? {
          network_status: 'declined_by_network',
          reason: declined.declineCode,
          risk_level: 'normal',
          seller_message: 'The bank did not return any further details with this decline.',
          type: 'issuer_declined',
        }
      : {
          network_status: 'approved_by_network',
          reason: null,
          risk_level: 'normal',
          seller_message: 'Payment complete.',
          type: 'authorized',
        },
    paid: !declined,
    payment_intent: intent.id,
    payment_method: method.id,
    payment_method_details: {
      type: 'card',
      card: {
        amount_authorized: intent.amount,
        brand: method.card.brand,
        country: method.card.country,
        exp_month: method.card.exp_month,
        exp_year: method.card.exp_year,
        fingerprint: method.card.fingerprint,
        funding: method.card.funding,
        last4: method.card.last4,
      },
    },
    refunded: false,
    status: declined ? 'failed' : 'succeeded',
    transfer_group: intent.transfer_group,
  };
  sandbox.store.state.charges[charge.id] = charge;
  intent.latest_charge = charge.id;
  return charge;
}

/** The money is taken: the charge is captured (in part: the rest is released) and enters the balance. */
function captureCharge(sandbox: Sandbox, call: Call | null, intent: PaymentIntent, amount: number): void {
  const charge = sandbox.store.get('charges', intent.latest_charge!);
  charge.captured = true;
  charge.amount_captured = amount;
  // Stripe counts the released part of a partial capture as refunded
  charge.amount_refunded = charge.amount - amount;
  charge.balance_transaction = recordTransaction(sandbox, {
    owner: undefined,
    type: 'charge',
    amount,
    currency: charge.currency,
    source: charge.id,
  }).id;
  intent.amount_capturable = 0;
  intent.amount_received = amount;
  intent.status = 'succeeded';
  sandbox.webhooks.emit('payment_intent.succeeded', intent, { call });
}

/** The issuer approved: held for a manual capture, or captured at once. */
function authorize(sandbox: Sandbox, call: Call | null, intent: PaymentIntent, method: PaymentMethod): void {
  newCharge(sandbox, intent, method);
  intent.next_action = null;
  intent.last_payment_error = null;
  if (intent.capture_method !== 'manual') return captureCharge(sandbox, call, intent, intent.amount);
  intent.status = 'requires_capture';
  intent.amount_capturable = intent.amount;
  sandbox.webhooks.emit('payment_intent.amount_capturable_updated', intent, { call });
}

function failPayment(sandbox: Sandbox, call: Call | null, intent: PaymentIntent, error: IntentError): void {
  intent.status = 'requires_payment_method';
  intent.payment_method = null;
  intent.next_action = null;
  intent.last_payment_error = error;
  sandbox.webhooks.emit('payment_intent.payment_failed', intent, { call });
}

const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

function confirmPayment(sandbox: Sandbox, call: Call, intent: PaymentIntent, options: Confirmation): PaymentIntent {
  if (!CONFIRMABLE.includes(intent.status))
    throw unexpectedState(
      `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(', ')}.`,
    );
  const methodId = options.paymentMethod ?? intent.payment_method;
  if (!methodId)
    throw unexpectedState(
      "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
    );
  const method = cardFor(sandbox, intent.customer, methodId);
  intent.payment_method = method.id;
  const card = sandbox.store.state.cards[method.id];
  const outcome = outcomeOf(card.behaviour, { setup: false, setUp: card.setUp, offSession: options.offSession });
  if (outcome.result === 'succeeds') authorize(sandbox, call, intent, method);
  else if (outcome.result === 'authenticates') {
    intent.status = 'requires_action';
    intent.next_action = redirectTo(call, intent, options.returnUrl);
    sandbox.webhooks.emit('payment_intent.requires_action', intent, { call });
  } else {
    const charge = newCharge(sandbox, intent, method, outcome);
    const error = declineError(outcome, method, charge.id);
    failPayment(sandbox, call, intent, error);
    throw cardError({ ...error, payment_intent: intent });
  }
  return intent;
}

/** `off_session`: true, or Stripe's `one_off` / `recurring`. */
function offSession(params: Params): boolean {
  const value = str(params, 'off_session');
  if (value === undefined || value === 'false') return false;
  if (['true', 'one_off', 'recurring'].includes(value)) return true;
  throw invalidParam(`Invalid off_session: ${value}`, 'off_session');
}

/** Stripe's $0.50 minimum (for USD) and 8-digit maximum. */
function checkAmount(amount: number, currencyCode: string): void {
  if (currencyCode === 'usd' && amount < 50)
    throw invalidParam('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
  if (amount > 99_999_999) throw invalidParam('Amount must be no more than $999,999.99', 'amount', 'amount_too_large');
}

function createPaymentIntent(sandbox: Sandbox, call: Call): PaymentIntent {
  const { params } = call;
  allowOnly(params, [
    ...COMMON,
    'amount',
    'currency',
    'customer',
    'payment_method',
    'payment_method_types',
    'capture_method',
    'confirmation_method',
    'confirm',
    'off_session',
    'return_url',
    'metadata',
    'transfer_group',
    'description',
    'statement_descriptor',
    'receipt_email',
  ]);
  const amount = int(params, 'amount', { required: true, min: 1 })!;
  const code = currency(params);
  checkAmount(amount, code);
  const customer = str(params, 'customer');
  if (customer !== undefined) sandbox.store.get('customers', customer, 'customer');
  const paymentMethod = str(params, 'payment_method');
  if (paymentMethod !== undefined) cardFor(sandbox, customer ?? null, paymentMethod);
  const confirm = bool(params, 'confirm') ?? false;
  const options = confirmation(params);
  if (options.offSession && !confirm)
    throw invalidParam('off_session can only be used when confirm=true.', 'off_session', 'parameter_invalid_string');
  const id = newId('pi');
  const intent: PaymentIntent = {
    id,
    object: 'payment_intent',
    amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: oneOf(
      params,
      'capture_method',
      ['automatic', 'automatic_async', 'manual'] as const,
      'automatic_async',
    ),
    client_secret: clientSecret(id),
    confirmation_method: oneOf(params, 'confirmation_method', ['automatic', 'manual'] as const, 'automatic'),
    created: seconds(sandbox),
    currency: code,
    customer: customer ?? null,
    description: str(params, 'description', { max: 1000 }) ?? null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: metadata(params),
    next_action: null,
    on_behalf_of: null,
    payment_method: paymentMethod ?? null,
    payment_method_types: paymentMethodTypes(params),
    processing: null,
    receipt_email: str(params, 'receipt_email', { max: 800 }) ?? null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: str(params, 'statement_descriptor', { max: 22 }) ?? null,
    statement_descriptor_suffix: null,
    status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
    transfer_group: str(params, 'transfer_group', { max: 5000 }) ?? null,
  };
  sandbox.store.state.paymentIntents[id] = intent;
  return confirm ? confirmPayment(sandbox, call, intent, options) : intent;
}

function capture(sandbox: Sandbox, call: Call): PaymentIntent {
  const { params } = call;
  allowOnly(params, [...COMMON, 'amount_to_capture', 'metadata', 'final_capture']);
  const intent = sandbox.store.get('paymentIntents', call.path.id);
  if (intent.status !== 'requires_capture')
    throw unexpectedState(
      `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
    );
  if (bool(params, 'final_capture') === false)
    throw invalidParam('The sandbox captures once: final_capture must be true.', 'final_capture');
  const amount = int(params, 'amount_to_capture', { min: 1 }) ?? intent.amount_capturable;
  if (amount > intent.amount_capturable)
    throw invalidRequest(
      `The amount_to_capture must be less than or equal to the amount_capturable of ${intent.amount_capturable}.`,
      'amount_too_large',
      'amount_to_capture',
    );
  intent.metadata = metadata(params, intent.metadata);
  captureCharge(sandbox, call, intent, amount);
  return intent;
}

const CANCELABLE = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action'];

function cancel(sandbox: Sandbox, call: Call): PaymentIntent {
  const { params } = call;
  allowOnly(params, [...COMMON, 'cancellation_reason']);
  const intent = sandbox.store.get('paymentIntents', call.path.id);
  const reason = oneOf(params, 'cancellation_reason', [
    'duplicate',
    'fraudulent',
    'requested_by_customer',
    'abandoned',
  ] as const);
  if (!CANCELABLE.includes(intent.status))
    throw unexpectedState(
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}, processing.`,
    );
  if (intent.status === 'requires_capture') {
    // the held amount is released: Stripe shows it as refunded on the charge
    const charge = sandbox.store.get('charges', intent.latest_charge!);
    charge.amount_refunded = charge.amount;
    charge.refunded = true;
  }
  intent.status = 'canceled';
  intent.canceled_at = seconds(sandbox);
  intent.cancellation_reason = reason ?? null;
  intent.amount_capturable = 0;
  intent.next_action = null;
  sandbox.webhooks.emit('payment_intent.canceled', intent, { call });
  return intent;
}

// --- refunds

/** An amount as Stripe's messages write it: $12.50 for dollars, minor units otherwise. */
const shown = (amount: number, code: string) =>
  code === 'usd' ? Money.format(Money.fromCents(amount)) : `${amount} ${code}`;

function chargeToRefund(sandbox: Sandbox, params: Params): Charge {
  const intentId = str(params, 'payment_intent');
  const chargeId = str(params, 'charge');
  if (intentId === undefined && chargeId === undefined)
    throw invalidParam(
      'One of the following params should be provided for this request: payment_intent or charge.',
      'payment_intent',
      'parameter_missing',
    );
  if (chargeId !== undefined) return sandbox.store.get('charges', chargeId, 'charge');
  const intent = sandbox.store.get('paymentIntents', intentId, 'payment_intent');
  if (intent.status !== 'succeeded' || !intent.latest_charge)
    throw invalidRequest(
      `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      'charge_not_refundable',
      'payment_intent',
    );
  return sandbox.store.get('charges', intent.latest_charge);
}

function createRefund(sandbox: Sandbox, call: Call): Refund {
  const { params } = call;
  allowOnly(params, [...COMMON, 'payment_intent', 'charge', 'amount', 'reason', 'metadata']);
  const charge = chargeToRefund(sandbox, params);
  if (!charge.captured || charge.status !== 'succeeded')
    throw invalidRequest(
      `Charge ${charge.id} has not been captured: cancel its PaymentIntent to release it.`,
      'charge_not_refundable',
    );
  const left = charge.amount - charge.amount_refunded;
  if (left === 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, 'charge_already_refunded');
  const amount = int(params, 'amount', { min: 1 }) ?? left;
  if (amount > left)
    throw invalidRequest(
      `Refund amount (${shown(amount, charge.currency)}) is greater than unrefunded amount on charge (${shown(left, charge.currency)})`,
      'amount_too_large',
      'amount',
    );
  const reason = oneOf(params, 'reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null;
  const refund: Refund = {
    id: newId('re'),
    object: 'refund',
    amount,
    balance_transaction: '',
    charge: charge.id,
    created: seconds(sandbox),
    currency: charge.currency,
    metadata: metadata(params),
    payment_intent: charge.payment_intent,
    reason,
    status: 'succeeded',
  };
  refund.balance_transaction = recordTransaction(sandbox, {
    owner: undefined,
    type: 'refund',
    amount: -amount,
    currency: charge.currency,
    source: refund.id,
  }).id;
  sandbox.store.state.refunds[refund.id] = refund;
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  sandbox.webhooks.emit('refund.created', refund, { call });
  sandbox.webhooks.emit('charge.refunded', charge, { call, previous });
  return refund;
}

// --- 3D Secure, from the authentication page

export type AuthenticatedIntent = SetupIntent | PaymentIntent;

/** The intent waiting on the page, when `clientSecret` is its own. */
export function pendingIntent(sandbox: Sandbox, id: string, secret: unknown): AuthenticatedIntent | undefined {
  const { setupIntents, paymentIntents } = sandbox.store.state;
  const intent = setupIntents[id] ?? paymentIntents[id];
  return intent && intent.client_secret === secret ? intent : undefined;
}

/** The card holder completed (or failed) 3D Secure on the page. */
export function authenticate(sandbox: Sandbox, intent: AuthenticatedIntent, completed: boolean): void {
  if (intent.status !== 'requires_action') return;
  const method = sandbox.store.get('paymentMethods', intent.payment_method!);
  if (intent.object === 'setup_intent') {
    if (completed) return succeedSetup(sandbox, null, intent, method);
    return failSetup(sandbox, null, intent, {
      type: 'invalid_request_error',
      code: 'setup_intent_authentication_failure',
      message:
        'The latest attempt to set up the payment method has failed because authentication failed. Provide a new payment method to attempt to set it up again.',
      payment_method: method,
    });
  }
  if (completed) return authorize(sandbox, null, intent, method);
  failPayment(sandbox, null, intent, {
    type: 'invalid_request_error',
    code: 'payment_intent_authentication_failure',
    message:
      'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
    payment_method: method,
  });
}

export function intentRoutes(routes: Routes, sandbox: Sandbox): void {
  const { store } = sandbox;

  routes.post('/v1/setup_intents', (call) => createSetupIntent(sandbox, call));
  routes.get('/v1/setup_intents/:id', ({ path }) => store.get('setupIntents', path.id));
  routes.post('/v1/setup_intents/:id/confirm', (call) => {
    const { params } = call;
    allowOnly(params, [...COMMON, 'payment_method', 'return_url']);
    return confirmSetup(sandbox, call, store.get('setupIntents', call.path.id), confirmation(params));
  });

  routes.post('/v1/payment_intents', (call) => createPaymentIntent(sandbox, call));
  routes.get('/v1/payment_intents/:id', ({ path }) => store.get('paymentIntents', path.id));
  routes.post('/v1/payment_intents/:id/confirm', (call) => {
    const { params } = call;
    allowOnly(params, [...COMMON, 'payment_method', 'return_url', 'off_session']);
    return confirmPayment(sandbox, call, store.get('paymentIntents', call.path.id), confirmation(params));
  });
  routes.post('/v1/payment_intents/:id/capture', (call) => capture(sandbox, call));
  routes.post('/v1/payment_intents/:id/cancel', (call) => cancel(sandbox, call));

  routes.get('/v1/charges/:id', ({ path }) => store.get('charges', path.id));
  routes.post('/v1/refunds', (call) => createRefund(sandbox, call));
  routes.get('/v1/refunds/:id', ({ path }) => store.get('refunds', path.id));
}
