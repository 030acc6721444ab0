/**
 * The sandbox's objects, kept as Stripe returns them (a subset of each object's fields, the ones we read or
 * a client may), in memory and, with a state file, on disk: written after each change (a temp file renamed
 * over the old one, one write at a time) and read at start, so a restart keeps customers, cards and money.
 */
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { JsonStateFile } from '../common/state-file';
import type { Behaviour, Brand } from './cards';
import { invalidParam, noSuch } from './errors';
import { int, str, type Params } from './params';

type Metadata = Record<string, string>;

export interface Address {
  city: string | null;
  country: string | null;
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  state: string | null;
}

export interface BillingDetails {
  address: Address;
  email: string | null;
  name: string | null;
  phone: string | null;
}

export interface Customer {
  id: string;
  object: 'customer';
  address: null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: {
    custom_fields: null;
    default_payment_method: string | null;
    footer: null;
    rendering_options: null;
  };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: null;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  allow_redisplay: 'unspecified';
  billing_details: BillingDetails;
  card: {
    brand: Brand;
    checks: { address_line1_check: null; address_postal_code_check: null; cvc_check: 'pass' | null };
    country: string;
    display_brand: Brand;
    exp_month: number;
    exp_year: number;
    fingerprint: string;
    funding: string;
    generated_from: null;
    last4: string;
    networks: { available: Brand[]; preferred: null };
    three_d_secure_usage: { supported: true };
    wallet: null;
  };
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Metadata;
  type: 'card';
}

/** What Stripe knows of a card beyond its PaymentMethod: what the test number does, and whether it was set up. */
export interface CardState {
  behaviour: Behaviour;
  /** a SetupIntent succeeded with it (3D Secure done when asked): later payments need no authentication */
  setUp: boolean;
}

export interface IntentError {
  type: 'card_error' | 'invalid_request_error';
  code: string;
  decline_code?: string;
  message: string;
  doc_url?: string;
  charge?: string;
  payment_method: PaymentMethod | null;
}

export interface RedirectAction {
  type: 'redirect_to_url';
  redirect_to_url: { url: string; return_url: string | null };
}

export interface SetupIntent {
  id: string;
  object: 'setup_intent';
  application: null;
  automatic_payment_methods: null;
  cancellation_reason: string | null;
  client_secret: string;
  created: number;
  customer: string | null;
  description: string | null;
  flow_directions: null;
  last_setup_error: IntentError | null;
  latest_attempt: null;
  livemode: false;
  mandate: null;
  metadata: Metadata;
  next_action: RedirectAction | null;
  on_behalf_of: null;
  payment_method: string | null;
  payment_method_types: string[];
  single_use_mandate: null;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'succeeded' | 'canceled';
  usage: 'off_session' | 'on_session';
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  application: null;
  application_fee_amount: null;
  automatic_payment_methods: null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic' | 'automatic_async' | 'manual';
  client_secret: string;
  confirmation_method: 'automatic' | 'manual';
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: IntentError | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Metadata;
  next_action: RedirectAction | null;
  on_behalf_of: null;
  payment_method: string | null;
  payment_method_types: string[];
  processing: null;
  receipt_email: string | null;
  review: null;
  setup_future_usage: null;
  shipping: null;
  source: null;
  statement_descriptor: string | null;
  statement_descriptor_suffix: null;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'requires_capture'
    | 'succeeded'
    | 'canceled';
  transfer_group: string | null;
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  balance_transaction: string | null;
  billing_details: BillingDetails;
  captured: boolean;
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  failure_code: string | null;
  failure_message: string | null;
  livemode: false;
  metadata: Metadata;
  outcome: {
    network_status: 'approved_by_network' | 'declined_by_network';
    reason: string | null;
    risk_level: 'normal';
    seller_message: string;
    type: 'authorized' | 'issuer_declined';
  };
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  payment_method_details: {
    type: 'card';
    card: {
      amount_authorized: number;
      brand: Brand;
      country: string;
      exp_month: number;
      exp_year: number;
      fingerprint: string;
      funding: string;
      last4: string;
    };
  };
  refunded: boolean;
  status: 'succeeded' | 'failed';
  transfer_group: string | null;
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string;
  charge: string;
  created: number;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
}

export interface BankAccount {
  id: string;
  object: 'bank_account';
  account: string;
  account_holder_name: string | null;
  account_holder_type: 'individual';
  bank_name: string;
  country: 'US';
  currency: 'usd';
  default_for_currency: true;
  fingerprint: string;
  last4: string;
  routing_number: string;
  status: 'new';
}

export interface Account {
  id: string;
  object: 'account';
  business_profile: { mcc: null; name: string | null; product_description: null; support_email: null; url: null };
  business_type: string | null;
  capabilities: Record<string, 'active' | 'inactive' | 'pending'>;
  charges_enabled: boolean;
  country: string;
  created: number;
  default_currency: string;
  details_submitted: boolean;
  email: string | null;
  external_accounts: { object: 'list'; data: BankAccount[]; has_more: false; url: string };
  metadata: Metadata;
  payouts_enabled: boolean;
  requirements: {
    currently_due: string[];
    disabled_reason: string | null;
    eventually_due: string[];
    past_due: string[];
    pending_verification: string[];
  };
  type: 'express' | 'standard' | 'custom';
}

/** An onboarding link: single use, short-lived (its page, once opened, posts a form with `session`). */
export interface AccountLinkState {
  account: string;
  refresh_url: string;
  return_url: string;
  created: number;
  expires_at: number;
  /** set when the page is opened: the link is spent, the form it rendered carries this */
  session: string | null;
  completed: boolean;
}

export interface Transfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  balance_transaction: string;
  created: number;
  currency: string;
  description: string | null;
  destination: string;
  livemode: false;
  metadata: Metadata;
  reversals: { object: 'list'; data: []; has_more: false; url: string };
  reversed: boolean;
  source_transaction: null;
  source_type: 'card';
  transfer_group: string | null;
}

export interface Payout {
  id: string;
  object: 'payout';
  amount: number;
  arrival_date: number;
  automatic: false;
  balance_transaction: string;
  created: number;
  currency: string;
  description: string | null;
  destination: string | null;
  failure_code: null;
  failure_message: null;
  livemode: false;
  metadata: Metadata;
  method: 'standard';
  source_type: 'card';
  statement_descriptor: null;
  status: 'pending' | 'paid';
  type: 'bank_account';
}

export type TransactionType = 'charge' | 'refund' | 'transfer' | 'payout';

export interface BalanceTransaction {
  id: string;
  object: 'balance_transaction';
  amount: number;
  available_on: number;
  balance_type: 'payments';
  created: number;
  currency: string;
  description: string | null;
  exchange_rate: null;
  fee: 0;
  fee_details: [];
  net: number;
  reporting_category: TransactionType;
  source: string;
  status: 'available';
  type: TransactionType;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  /** the connected account an event is about (Connect events), absent for the platform's own */
  account?: string;
  api_version: string;
  created: number;
  data: { object: { id: string; object: string }; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** The first answer to an idempotent request, replayed to the same key for 24 hours. */
export interface KeptAnswer {
  fingerprint: string;
  status: number;
  body: string;
  requestId: string;
  /** epoch ms */
  at: number;
}

export interface State {
  version: 1;
  customers: Record<string, Customer>;
  paymentMethods: Record<string, PaymentMethod>;
  cards: Record<string, CardState>;
  setupIntents: Record<string, SetupIntent>;
  paymentIntents: Record<string, PaymentIntent>;
  charges: Record<string, Charge>;
  refunds: Record<string, Refund>;
  accounts: Record<string, Account>;
  /** by the link's token */
  accountLinks: Record<string, AccountLinkState>;
  transfers: Record<string, Transfer>;
  payouts: Record<string, Payout>;
  balanceTransactions: Record<string, BalanceTransaction>;
  events: Record<string, StripeEvent>;
  /**
   * The connected account each payout, balance transaction and event belongs to (what `Stripe-Account`
   * selects); one that is not here is the platform's.
   */
  owners: Record<string, string>;
  /** by `<account or platform> <Idempotency-Key>` */
  idempotency: Record<string, KeptAnswer>;
}

const COLLECTIONS = [
  'customers',
  'paymentMethods',
  'cards',
  'setupIntents',
  'paymentIntents',
  'charges',
  'refunds',
  'accounts',
  'accountLinks',
  'transfers',
  'payouts',
  'balanceTransactions',
  'events',
  'owners',
  'idempotency',
] as const satisfies ReadonlyArray<keyof State>;

function emptyState(): State {
  const state = { version: 1 } as State;
  for (const name of COLLECTIONS) (state as unknown as Record<string, object>)[name] = {};
  return state;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random base-62 text, as Stripe's ids and secrets are written. */
export function randomText(length: number): string {
  let text = '';
  for (const byte of randomBytes(length)) text += ALPHABET[byte % ALPHABET.length];
  return text;
}

/** `cus_…`, `pi_…`: Stripe's prefix and 24 random characters. */
export const newId = (prefix: string) => `${prefix}_${randomText(24)}`;

/** The collections an id's prefix names, for `expand` and the generic look-ups. */
const BY_PREFIX: Record<string, keyof State> = {
  cus: 'customers',
  pm: 'paymentMethods',
  seti: 'setupIntents',
  pi: 'paymentIntents',
  ch: 'charges',
  re: 'refunds',
  acct: 'accounts',
  tr: 'transfers',
  po: 'payouts',
  txn: 'balanceTransactions',
  evt: 'events',
};

/** The Stripe-shaped state, in its state file (common/state-file.ts), and its lookups. */
export class Store extends JsonStateFile<State> {
  constructor(file: string | undefined, logger: Logger) {
    super(file, emptyState, logger, 'stripe sandbox');
  }

  /** Any object of ours by its id, for `expand`. */
  find(id: string): { id: string } | undefined {
    const collection = BY_PREFIX[id.slice(0, id.indexOf('_'))];
    if (!collection) return undefined;
    return (this.state[collection] as Record<string, { id: string }>)[id];
  }

  /** The object, or Stripe's 404 naming it ("No such payment_intent: 'pi_…'"). */
  get<K extends keyof typeof BY_NAME>(collection: K, id: string | undefined, param = 'id'): CollectionItem<K> {
    const item = (this.state[collection] as Record<string, CollectionItem<K>>)[id ?? ''];
    if (!item) throw noSuch(BY_NAME[collection], id ?? '', param);
    return item;
  }

  /** Whose object it is: the connected account's id, or undefined for the platform. */
  ownerOf(id: string): string | undefined {
    return this.state.owners[id];
  }
}

/** The name Stripe's 404 gives each kind of object. */
const BY_NAME = {
  customers: 'customer',
  paymentMethods: 'PaymentMethod',
  setupIntents: 'setup_intent',
  paymentIntents: 'payment_intent',
  charges: 'charge',
  refunds: 'refund',
  accounts: 'account',
  transfers: 'transfer',
  payouts: 'payout',
  balanceTransactions: 'balance transaction',
  events: 'event',
} as const;

type CollectionItem<K extends keyof State> = State[K] extends Record<string, infer T> ? T : never;

export interface List<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/**
 * One page of `items` (newest first) as Stripe's list object: `limit` (1–100, 10 by default), and
 * `starting_after` / `ending_before` an id of the list, as the `stripe` package's auto-pagination sends them.
 */
export function page<T extends { id: string }>(items: T[], params: Params, url: string): List<T> {
  const limit = int(params, 'limit', { min: 1 }) ?? 10;
  if (limit > 100) throw invalidParam('This value must be less than or equal to 100.', 'limit');
  const after = str(params, 'starting_after');
  const before = str(params, 'ending_before');
  const indexOf = (id: string, param: string) => {
    const index = items.findIndex((item) => item.id === id);
    if (index < 0) throw noSuch('object', id, param);
    return index;
  };
  if (before !== undefined) {
    const end = indexOf(before, 'ending_before');
    const start = Math.max(0, end - limit);
    return { object: 'list', data: items.slice(start, end), has_more: start > 0, url };
  }
  const start = after !== undefined ? indexOf(after, 'starting_after') + 1 : 0;
  return { object: 'list', data: items.slice(start, start + limit), has_more: start + limit < items.length, url };
}

/** Newest first: the order objects were created in, reversed (a record keeps its keys' insertion order). */
export const newestFirst = <T>(collection: Record<string, T>) => Object.values(collection).reverse();

/** Stripe's `created` filter: an exact time, or any of `gt`, `gte`, `lt`, `lte`. */
export function createdFilter(params: Params): (item: { created: number }) => boolean {
  if (params.created === undefined) return () => true;
  if (typeof params.created === 'string') {
    const exact = int(params, 'created');
    return (item) => item.created === exact;
  }
  const bounds = {
    gt: int(params, 'created.gt'),
    gte: int(params, 'created.gte'),
    lt: int(params, 'created.lt'),
    lte: int(params, 'created.lte'),
  };
  return ({ created }) =>
    (bounds.gt === undefined || created > bounds.gt) &&
    (bounds.gte === undefined || created >= bounds.gte) &&
    (bounds.lt === undefined || created < bounds.lt) &&
    (bounds.lte === undefined || created <= bounds.lte);
}

/**
 * Stripe's `expand[]`: each path (`latest_charge`, `data.source`, `latest_charge.balance_transaction`)
 * replaces an id with its object, through lists' `data`.
 */
export function expand(value: unknown, paths: string[], find: (id: string) => unknown): unknown {
  let result = value;
  for (const name of paths) result = expandPath(result, name.split('.'), find);
  return result;
}

function expandPath(value: unknown, parts: string[], find: (id: string) => unknown): unknown {
  if (parts.length === 0 || typeof value !== 'object' || value === null) return value;
  const [head, ...rest] = parts;
  const object = value as Record<string, unknown>;
  const field = object[head];
  if (Array.isArray(field)) return { ...object, [head]: field.map((item) => expandPath(item, rest, find)) };
  const found = typeof field === 'string' ? (find(field) ?? field) : field;
  return { ...object, [head]: expandPath(found, rest, find) };
}
