/**
 * Stripe Connect as an Express platform uses it: connected accounts, their onboarding links (the page is
 * in pages.ts), transfers from the platform's balance to an account's, and the account's payouts to its
 * bank (pending, then paid a moment later with a `payout.paid` event).
 */
import { createHmac } from 'node:crypto';
import { availableBalance, recordTransaction } from './balance';
import { invalidRequest, missingParam, noSuch, StripeError } from './errors';
import { allowOnly, COMMON, currency, int, metadata, oneOf, str, url, type Params } from './params';
import { seconds, type Call, type Routes, type Sandbox } from './sandbox';
import {
  newId,
  randomText,
  type Account,
  type AccountLinkState,
  type BankAccount,
  type Payout,
  type Transfer,
} from './store';

/** An onboarding link works for this long after it is made, as Stripe's do (a few minutes). */
export const LINK_LIFETIME_S = 300;
/** Once opened, its form may be sent for this long. */
export const FORM_LIFETIME_S = 3600;

const DUE = [
  'business_type',
  'external_account',
  'individual.first_name',
  'individual.last_name',
  'tos_acceptance.date',
];

function createAccount(sandbox: Sandbox, params: Params): Account {
  allowOnly(params, [
    ...COMMON,
    'type',
    'email',
    'country',
    'metadata',
    'business_type',
    'capabilities',
    'default_currency',
  ]);
  const type = oneOf(params, 'type', ['express', 'standard', 'custom'] as const);
  if (type === undefined) throw missingParam('type');
  const requested = params.capabilities;
  const capabilities: Account['capabilities'] = {};
  if (typeof requested === 'object' && requested !== null)
    for (const name of Object.keys(requested)) capabilities[name] = 'inactive';
  const id = newId('acct').slice(0, 21);
  const account: Account = {
    id,
    object: 'account',
    business_profile: { mcc: null, name: null, product_description: null, support_email: null, url: null },
    business_type:
      oneOf(params, 'business_type', ['individual', 'company', 'non_profit', 'government_entity'] as const) ?? null,
    capabilities,
    charges_enabled: false,
    country: (str(params, 'country') ?? 'US').toUpperCase(),
    created: seconds(sandbox),
    default_currency: str(params, 'default_currency')?.toLowerCase() ?? 'usd',
    details_submitted: false,
    email: str(params, 'email', { max: 800 }) ?? null,
    external_accounts: { object: 'list', data: [], has_more: false, url: `/v1/accounts/${id}/external_accounts` },
    metadata: metadata(params),
    payouts_enabled: false,
    requirements: {
      currently_due: [...DUE],
      disabled_reason: 'requirements.past_due',
      eventually_due: [...DUE],
      past_due: [...DUE],
      pending_verification: [],
    },
    type,
  };
  sandbox.store.state.accounts[id] = account;
  return account;
}

function createAccountLink(sandbox: Sandbox, call: Call) {
  const { params } = call;
  allowOnly(params, [...COMMON, 'account', 'refresh_url', 'return_url', 'type', 'collect', 'collection_options']);
  const account = sandbox.store.get('accounts', str(params, 'account', { required: true }), 'account');
  const type = oneOf(params, 'type', ['account_onboarding', 'account_update'] as const);
  if (type === undefined) throw missingParam('type');
  const link: AccountLinkState = {
    account: account.id,
    refresh_url: url(params, 'refresh_url', { required: true })!,
    return_url: url(params, 'return_url', { required: true })!,
    created: seconds(sandbox),
    expires_at: seconds(sandbox) + LINK_LIFETIME_S,
    session: null,
    completed: false,
  };
  const token = randomText(32);
  sandbox.store.state.accountLinks[token] = link;
  return {
    object: 'account_link',
    created: link.created,
    expires_at: link.expires_at,
    url: `${call.publicUrl}/sandbox/onboarding/${token}`,
  };
}

export interface BankDetails {
  holder: string | null;
  routing: string;
  account: string;
}

/**
 * The onboarding form was sent: the account can take transfers and be paid out to its bank account. The
 * account number is kept as its last 4 and a fingerprint, as Stripe shows a bank account.
 */
export function completeOnboarding(sandbox: Sandbox, account: Account, bank: BankDetails): void {
  const previous = {
    details_submitted: account.details_submitted,
    charges_enabled: account.charges_enabled,
    payouts_enabled: account.payouts_enabled,
  };
  const external: BankAccount = {
    id: newId('ba'),
    object: 'bank_account',
    account: account.id,
    account_holder_name: bank.holder,
    account_holder_type: 'individual',
    bank_name: 'STRIPE TEST BANK',
    country: 'US',
    currency: 'usd',
    default_for_currency: true,
    fingerprint: createHmac('sha256', sandbox.fingerprintKey)
      .update(`${bank.routing}/${bank.account}`)
      .digest('base64url')
      .slice(0, 16),
    last4: bank.account.slice(-4),
    routing_number: bank.routing,
    status: 'new',
  };
  account.external_accounts.data = [external];
  account.details_submitted = true;
  account.charges_enabled = true;
  account.payouts_enabled = true;
  account.business_type ??= 'individual';
  for (const name of Object.keys(account.capabilities)) account.capabilities[name] = 'active';
  account.capabilities.transfers = 'active';
  account.requirements = {
    currently_due: [],
    disabled_reason: null,
    eventually_due: [],
    past_due: [],
    pending_verification: [],
  };
  sandbox.webhooks.emit('account.updated', account, { account: account.id, previous });
}

function insufficientFunds(message: string): StripeError {
  return invalidRequest(message, 'balance_insufficient');
}

function createTransfer(sandbox: Sandbox, call: Call): Transfer {
  const { params } = call;
  allowOnly(params, [...COMMON, 'amount', 'currency', 'destination', 'transfer_group', 'metadata', 'description']);
  const amount = int(params, 'amount', { required: true, min: 1 })!;
  const code = currency(params);
  const destination = sandbox.store.get('accounts', str(params, 'destination', { required: true }), 'destination');
  if (destination.capabilities.transfers !== 'active')
    throw invalidRequest(
      'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
      'insufficient_capabilities_for_transfer',
      'destination',
    );
  if (availableBalance(sandbox.store, undefined, code) < amount)
    throw insufficientFunds(
      'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.',
    );
  const transfer: Transfer = {
    id: newId('tr'),
    object: 'transfer',
    amount,
    amount_reversed: 0,
    balance_transaction: '',
    created: seconds(sandbox),
    currency: code,
    description: str(params, 'description', { max: 1000 }) ?? null,
    destination: destination.id,
    livemode: false,
    metadata: metadata(params),
    reversals: { object: 'list', data: [], has_more: false, url: '' },
    reversed: false,
    source_transaction: null,
    source_type: 'card',
    transfer_group: str(params, 'transfer_group', { max: 5000 }) ?? null,
  };
  transfer.reversals.url = `/v1/transfers/${transfer.id}/reversals`;
  const line = { type: 'transfer', currency: code, source: transfer.id } as const;
  transfer.balance_transaction = recordTransaction(sandbox, { ...line, owner: undefined, amount: -amount }).id;
  recordTransaction(sandbox, { ...line, owner: destination.id, amount });
  sandbox.store.state.transfers[transfer.id] = transfer;
  sandbox.webhooks.emit('transfer.created', transfer, { call });
  return transfer;
}

/** A payout becomes paid a moment after it is made (at once on Stripe's test bank). */
export function schedulePaid(sandbox: Sandbox, payout: Payout): void {
  const timer = setTimeout(() => {
    sandbox.timers.delete(timer);
    if (payout.status !== 'pending') return;
    payout.status = 'paid';
    sandbox.webhooks.emit('payout.paid', payout, { account: sandbox.store.ownerOf(payout.id) });
    sandbox.store.save().catch(() => undefined);
  }, sandbox.payoutDelayMs);
  timer.unref();
  sandbox.timers.add(timer);
}

function createPayout(sandbox: Sandbox, call: Call): Payout {
  const { params, account: owner } = call;
  allowOnly(params, [...COMMON, 'amount', 'currency', 'description', 'metadata', 'method', 'statement_descriptor']);
  const amount = int(params, 'amount', { required: true, min: 1 })!;
  const code = currency(params);
  oneOf(params, 'method', ['standard'] as const);
  const account = owner ? sandbox.store.get('accounts', owner) : undefined;
  if (account && !account.payouts_enabled)
    throw invalidRequest(
      'Payouts are not enabled for this account: it has not finished onboarding.',
      'payouts_not_allowed',
    );
  if (availableBalance(sandbox.store, owner, code) < amount)
    throw insufficientFunds(
      'You have insufficient funds in your Stripe account for this payout. Your balance is lower than the amount of the payout.',
    );
  const created = seconds(sandbox);
  const payout: Payout = {
    id: newId('po'),
    object: 'payout',
    amount,
    arrival_date: created,
    automatic: false,
    balance_transaction: '',
    created,
    currency: code,
    description: str(params, 'description', { max: 1000 }) ?? null,
    destination: account?.external_accounts.data[0]?.id ?? null,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: metadata(params),
    method: 'standard',
    source_type: 'card',
    statement_descriptor: null,
    status: 'pending',
    type: 'bank_account',
  };
  payout.balance_transaction = recordTransaction(sandbox, {
    owner,
    type: 'payout',
    amount: -amount,
    currency: code,
    source: payout.id,
  }).id;
  sandbox.store.state.payouts[payout.id] = payout;
  if (owner) sandbox.store.state.owners[payout.id] = owner;
  schedulePaid(sandbox, payout);
  return payout;
}

export function connectRoutes(routes: Routes, sandbox: Sandbox): void {
  const { store } = sandbox;

  routes.post('/v1/accounts', ({ params }) => createAccount(sandbox, params));
  routes.get('/v1/accounts/:id', ({ path }) => store.get('accounts', path.id));
  routes.post('/v1/account_links', (call) => createAccountLink(sandbox, call));

  routes.post('/v1/transfers', (call) => createTransfer(sandbox, call));
  routes.get('/v1/transfers/:id', ({ path }) => store.get('transfers', path.id));

  routes.post('/v1/payouts', (call) => createPayout(sandbox, call), { connect: true });
  routes.get(
    '/v1/payouts/:id',
    ({ path, account }) => {
      const payout = store.get('payouts', path.id);
      if (store.ownerOf(payout.id) !== account) throw noSuch('payout', path.id);
      return payout;
    },
    { connect: true },
  );
}

/** After a restart: the payouts still pending are paid as they would have been. */
export function resumePayouts(sandbox: Sandbox): void {
  for (const payout of Object.values(sandbox.store.state.payouts))
    if (payout.status === 'pending') schedulePaid(sandbox, payout);
}
