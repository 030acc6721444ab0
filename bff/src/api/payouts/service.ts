import { messages, Money, type PayoutAccount, type PayoutBalance } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import type { UserRow } from '../users';
import { HttpError } from '../../http';
import { PaymentProviderError } from '../../adapters/payments';
import { ledgerAccounts, userBalances } from '../ledger';
import { paidOutCents, payoutAccountsRepo, pendingSalesCents } from './repo';

/** Where a seller finishes setting up payouts: the Payouts part of the Payment Methods page. */
export const remediationLink = (deps: ApiDeps) => `${deps.publicUrl}/payment-methods#payouts`;

/** Spec section 4: an order whose seller cannot be paid yet carries action_required 3. */
const ACTION_REQUIRED_BANK_DETAILS = 3;

async function atProvider<T>(deps: ApiDeps, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    deps.logger.error({ err }, 'payment provider call failed');
    if (err instanceof PaymentProviderError && err.status < 500) throw new HttpError(409, err.message);
    throw new HttpError(503, messages.paymentsUnavailable);
  }
}

/**
 * The user's payouts as they stand. Until they are enabled the provider is asked again (the seller may be
 * back from its onboarding page before its account.updated event arrives); its answer is the state as of now.
 */
export async function status(deps: ApiDeps, userId: number): Promise<PayoutAccount> {
  let row = await payoutAccountsRepo.of(deps.db, userId);
  if (row && !row.payouts_enabled) {
    const account = await atProvider(deps, () => deps.payments.retrieveAccount(row!.account_id));
    const { details_submitted, payouts_enabled } = account;
    await payoutAccountsRepo.update(
      deps.db,
      account.id,
      { details_submitted, payouts_enabled },
      Math.floor(Date.now() / 1000),
    );
    row = await payoutAccountsRepo.of(deps.db, userId);
  }
  const enabled = Boolean(row?.payouts_enabled);
  return {
    details_submitted: row?.details_submitted ? 1 : 0,
    payouts_enabled: enabled ? 1 : 0,
    action_required: enabled ? 0 : ACTION_REQUIRED_BANK_DETAILS,
    remediation_link: enabled ? null : remediationLink(deps),
  };
}

/** The provider's onboarding page for the user's payouts, creating their connected account on first need. */
export async function onboardingLink(deps: ApiDeps, user: UserRow): Promise<string> {
  let row = await payoutAccountsRepo.of(deps.db, user.id);
  if (!row) {
    const account = await atProvider(deps, () =>
      deps.payments.createConnectedAccount({ userId: user.id, email: user.email }, `account:user:${user.id}`),
    );
    await payoutAccountsRepo.insert(deps.db, user.id, account.id);
    row = (await payoutAccountsRepo.of(deps.db, user.id))!;
  }
  const accountId = row.account_id;
  const { url } = await atProvider(deps, () =>
    deps.payments.onboardingLink({
      accountId,
      refreshUrl: `${deps.publicUrl}/payment-methods?payouts=refresh#payouts`,
      returnUrl: `${deps.publicUrl}/payment-methods?payouts=return#payouts`,
    }),
  );
  return url;
}

/** GET /api/payouts/balance: the seller's money as the ledger holds it. */
export async function balance(deps: ApiDeps, userId: number): Promise<PayoutBalance> {
  const dollars = (cents: number) => Money.toWire(Money.fromCents(cents));
  const balances = (await userBalances(deps.db, [userId])).get(userId);
  return {
    pending: dollars(await pendingSalesCents(deps.db, userId)),
    available: dollars(balances?.available ?? 0),
    on_the_way: dollars(balances?.payable ?? 0),
    paid_out: dollars(await paidOutCents(deps.db, ledgerAccounts.payable(userId))),
  };
}
