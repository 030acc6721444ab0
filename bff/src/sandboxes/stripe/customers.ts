/** Customers and their cards (PaymentMethods): tokenization, attach, detach, the default card, lists. */
import { tokenize } from './cards';
import { cardError, invalidRequest, missingParam } from './errors';
import { allowOnly, COMMON, has, metadata, oneOf, str, type Params } from './params';
import { seconds, type Routes, type Sandbox } from './sandbox';
import { newestFirst, newId, page, randomText, type BillingDetails, type Customer, type PaymentMethod } from './store';

/** What Stripe.js adds to a tokenization besides the card: accepted and not kept. */
const STRIPE_JS_FIELDS = [
  'payment_user_agent',
  'time_on_page',
  'guid',
  'muid',
  'sid',
  'referrer',
  'pasted_fields',
  '_stripe_version',
  'client_attribution_metadata',
  'radar_options',
  'allow_redisplay',
];

function billingDetails(params: Params): BillingDetails {
  const field = (name: string) => str(params, `billing_details.${name}`, { max: 5000 }) ?? null;
  return {
    address: {
      city: field('address.city'),
      country: field('address.country'),
      line1: field('address.line1'),
      line2: field('address.line2'),
      postal_code: field('address.postal_code'),
      state: field('address.state'),
    },
    email: field('email'),
    name: field('name'),
    phone: field('phone'),
  };
}

function createPaymentMethod(sandbox: Sandbox, params: Params): PaymentMethod {
  allowOnly(params, [...COMMON, 'type', 'card', 'billing_details', 'metadata', ...STRIPE_JS_FIELDS]);
  if (!has(params, 'type')) throw missingParam('type');
  oneOf(params, 'type', ['card'] as const);
  if (typeof params.card !== 'object' || params.card === null) throw missingParam('card');
  allowOnly(params.card as Params, ['number', 'exp_month', 'exp_year', 'cvc']);
  const facts = tokenize(
    {
      number: str(params, 'card.number'),
      exp_month: str(params, 'card.exp_month'),
      exp_year: str(params, 'card.exp_year'),
      cvc: str(params, 'card.cvc'),
    },
    sandbox.fingerprintKey,
    new Date(sandbox.clock()),
  );
  const method: PaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: billingDetails(params),
    card: {
      brand: facts.brand,
      checks: {
        address_line1_check: null,
        address_postal_code_check: null,
        cvc_check: has(params, 'card.cvc') ? 'pass' : null,
      },
      country: facts.country,
      display_brand: facts.brand,
      exp_month: facts.exp_month,
      exp_year: facts.exp_year,
      fingerprint: facts.fingerprint,
      funding: facts.funding,
      generated_from: null,
      last4: facts.last4,
      networks: { available: [facts.brand], preferred: null },
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: seconds(sandbox),
    customer: null,
    livemode: false,
    metadata: metadata(params),
    type: 'card',
  };
  sandbox.store.state.paymentMethods[method.id] = method;
  sandbox.store.state.cards[method.id] = { behaviour: facts.behaviour, setUp: false };
  return method;
}

/** Attaches a card to a customer, as a succeeded SetupIntent or an attach call does. */
export function attach(sandbox: Sandbox, method: PaymentMethod, customer: Customer): void {
  if (method.customer && method.customer !== customer.id)
    throw invalidRequest(
      'The payment method you provided has already been attached to a customer.',
      'payment_method_unexpected_state',
      'payment_method',
    );
  method.customer = customer.id;
}

const nullable = (params: Params, name: string, current: string | null) =>
  has(params, name) ? (str(params, name, { max: 5000 }) ?? null) : current;

/** `invoice_settings[default_payment_method]`: a card attached to this customer ('' unsets it). */
function defaultPaymentMethod(sandbox: Sandbox, params: Params, customer: Customer): string | null {
  const name = 'invoice_settings.default_payment_method';
  if (!has(params, name)) return customer.invoice_settings.default_payment_method;
  const id = str(params, name);
  if (id === undefined) return null;
  const method = sandbox.store.get('paymentMethods', id, 'invoice_settings[default_payment_method]');
  if (method.customer !== customer.id)
    throw invalidRequest(
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
      'resource_missing',
      'invoice_settings[default_payment_method]',
    );
  return id;
}

const CUSTOMER_FIELDS = [
  ...COMMON,
  'email',
  'name',
  'description',
  'phone',
  'metadata',
  'invoice_settings',
  'payment_method',
];

function updateCustomer(sandbox: Sandbox, customer: Customer, params: Params): void {
  if (has(params, 'invoice_settings')) allowOnly(params.invoice_settings as Params, ['default_payment_method']);
  customer.email = nullable(params, 'email', customer.email);
  customer.name = nullable(params, 'name', customer.name);
  customer.description = nullable(params, 'description', customer.description);
  customer.phone = nullable(params, 'phone', customer.phone);
  customer.metadata = metadata(params, customer.metadata);
  customer.invoice_settings.default_payment_method = defaultPaymentMethod(sandbox, params, customer);
}

function createCustomer(sandbox: Sandbox, params: Params): Customer {
  allowOnly(params, CUSTOMER_FIELDS);
  const customer: Customer = {
    id: newId('cus'),
    object: 'customer',
    address: null,
    balance: 0,
    created: seconds(sandbox),
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    email: null,
    invoice_prefix: randomText(8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: {},
    name: null,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
  const cardId = str(params, 'payment_method');
  // validated before the customer exists, so a refused card leaves nothing behind
  const card = cardId === undefined ? undefined : sandbox.store.get('paymentMethods', cardId, 'payment_method');
  if (card) attach(sandbox, card, customer);
  updateCustomer(sandbox, customer, params);
  sandbox.store.state.customers[customer.id] = customer;
  return customer;
}

function cardsOf(sandbox: Sandbox, customerId: string | undefined, params: Params, url: string) {
  allowOnly(params, [...COMMON, 'customer', 'type', 'limit', 'starting_after', 'ending_before', 'allow_redisplay']);
  const type = str(params, 'type');
  const methods = newestFirst(sandbox.store.state.paymentMethods).filter(
    (method) =>
      customerId !== undefined && method.customer === customerId && (type === undefined || method.type === type),
  );
  return page(methods, params, url);
}

export function customerRoutes(routes: Routes, sandbox: Sandbox): void {
  const { store } = sandbox;

  routes.post('/v1/customers', ({ params }) => createCustomer(sandbox, params));
  routes.get('/v1/customers/:id', ({ path }) => store.get('customers', path.id));
  routes.post('/v1/customers/:id', ({ path, params }) => {
    const customer = store.get('customers', path.id);
    allowOnly(
      params,
      CUSTOMER_FIELDS.filter((name) => name !== 'payment_method'),
    );
    // checked on a copy: a refused update changes nothing
    const updated = structuredClone(customer);
    updateCustomer(sandbox, updated, params);
    return Object.assign(customer, updated);
  });
  routes.get('/v1/customers/:id/payment_methods', ({ path, params }) => {
    const customer = store.get('customers', path.id);
    return cardsOf(sandbox, customer.id, params, `/v1/customers/${customer.id}/payment_methods`);
  });

  routes.post('/v1/payment_methods', ({ params }) => createPaymentMethod(sandbox, params), { publishable: true });
  routes.get('/v1/payment_methods', ({ params }) => {
    const customer = str(params, 'customer');
    if (customer !== undefined) store.get('customers', customer, 'customer');
    return cardsOf(sandbox, customer, params, '/v1/payment_methods');
  });
  routes.get('/v1/payment_methods/:id', ({ path }) => store.get('paymentMethods', path.id));

  routes.post('/v1/payment_methods/:id/attach', ({ path, params }) => {
    allowOnly(params, [...COMMON, 'customer']);
    const method = store.get('paymentMethods', path.id);
    const customer = store.get('customers', str(params, 'customer', { required: true }), 'customer');
    // like Stripe, attaching checks the card with its issuer: a declining test card is refused here
    const { behaviour } = store.state.cards[method.id];
    if (behaviour.kind === 'declines')
      throw cardError({ code: behaviour.code, decline_code: behaviour.declineCode, message: behaviour.message });
    attach(sandbox, method, customer);
    return method;
  });

  routes.post('/v1/payment_methods/:id/detach', ({ path, params }) => {
    allowOnly(params, COMMON);
    const method = store.get('paymentMethods', path.id);
    if (!method.customer)
      throw invalidRequest(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
        'payment_method_unexpected_state',
      );
    const customer = store.state.customers[method.customer];
    // Stripe forgets a customer's default card when it is detached
    if (customer?.invoice_settings.default_payment_method === method.id)
      customer.invoice_settings.default_payment_method = null;
    method.customer = null;
    return method;
  });
}
