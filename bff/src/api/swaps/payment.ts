import { createHash } from 'node:crypto';
import {
  messages,
  Money,
  orderMessages,
  routes,
  swapMessages,
  type SwapPaidAction,
  type SwapPayment,
} from '@swapstuff/contracts';
import { PaymentProviderError } from '../../adapters/payments';
import { HttpError } from '../../http';
import { crashPoint } from '../../runtime/crash-points';
import type { ApiDeps } from '../deps';
import { hold, isHoldRefused, LedgerRefusal, paymentEscrow, refund } from '../ledger';
import { atProvider, authorizeOwnCard, isOwnDollarPayment } from '../orders';
import type { UserRow } from '../users';
import type { SwapDeps } from './deps';
import { AlreadyApplied, type Paid } from './payment-ledger';
import { swapsRepo } from './repo';
import {
  acceptOffer,
  agreeToCounter,
  awaitedUser,
  cashCents,
  counterOffer,
  createOffer,
  payerOf,
  swapTransaction,
} from './service';

/**
 * Extra cash (issue 14): `/api/initialize/payment` authorizes it on the payer's card for one action (an offer, a
 * counter-offer, agreeing to or accepting one), its metadata naming the action; `/api/confirm/payment` captures
 * it into escrow through the ledger (`hold:<pi>`), then does the action with it in one transaction. An action
 * that can no longer be done (the listing went, the terms changed) gives the cash back at once; a payment
 * captured but never applied (the api died between) is given back by the `swaps.payments` schedule.
 */

/** The cash an action would make its actor pay now, worked out from the offer as it stands (checked again on confirm). */
async function owed(
  deps: SwapDeps,
  user: UserRow,
  action: SwapPaidAction,
): Promise<{ cents: number; version: number | null }> {
  if (action.action === 'offer') return { cents: cashCents(action.cash), version: null };
  const swap = await swapsRepo.byId(deps.db, action.requestId);
  if (!swap || (swap.sender_id !== user.id && swap.receiver_id !== user.id)) {
    throw new HttpError(404, swapMessages.offerNotFound);
  }
  if (action.action === 'counter') {
    return { cents: cashCents(action.cash), version: swap.version };
  }
  const latest = (await swapsRepo.version(deps.db, swap.id, swap.version))!;
  if (awaitedUser(swap, latest) !== user.id) throw new HttpError(409, swapMessages.notYourTurn);
  const payer = payerOf(swap, latest.cash_cents);
  const cents = payer === user.id && !latest.payment_intent_id ? Math.abs(latest.cash_cents) : 0;
  return { cents, version: swap.version };
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** POST /api/initialize/payment. */
export async function initializePayment(
  deps: ApiDeps,
  user: UserRow,
  input: SwapPaidAction & { paymentMethodId: string },
): Promise<SwapPayment> {
  const { paymentMethodId, ...action } = input;
  const { cents, version } = await owed(deps, user, action);
  if (cents <= 0) throw new HttpError(400, swapMessages.nothingToPay);
  const described = JSON.stringify({ ...action, version });
  // the same action asked twice (a double click, a retry before confirming) is the same authorization; once a
  // payment of the user's was confirmed (applied, or refused and given back) the next one is another
  const confirmed = await swapsRepo.paymentsOf(deps.db, user.id);
  const key = `swap:${user.id}:${hash(`${described}:${confirmed}`)}:${paymentMethodId}:${cents}`;
  const back = action.action === 'offer' ? routes.swapstuff(action.productId) : routes.swapRequests;
  const intent = await authorizeOwnCard(
    deps,
    user.id,
    {
      amount: cents,
      paymentMethodId,
      returnUrl: `${deps.publicUrl}${back}`,
      metadata: { kind: 'swap', payerId: String(user.id), action: described },
    },
    key,
  );
  return {
    paymentIntentId: intent.id,
    status: intent.status,
    redirectUrl: intent.redirectUrl,
    amount: Money.toWire(Money.fromCents(cents)),
  };
}

function actionOf(metadata: Record<string, string>, payerId: number): SwapPaidAction & { version: number | null } {
  if (metadata.kind !== 'swap' || Number(metadata.payerId) !== payerId) {
    throw new HttpError(404, orderMessages.paymentNotFound);
  }
  return JSON.parse(metadata.action);
}

/** Gives back a payment that will not be applied: marked so on its row (it can no longer be), then refunded. */
async function giveBack(deps: SwapDeps, paymentIntentId: string): Promise<void> {
  const marked = await swapTransaction(deps, async (trx) => {
    const row = await swapsRepo.lockPayment(trx, paymentIntentId);
    if (!row || row.applied_at !== null || row.refunded_at !== null) return false;
    await swapsRepo.updatePayment(trx, paymentIntentId, { refunded_at: new Date() });
    return true;
  });
  if (marked) await refundSwapPayment(deps, paymentIntentId);
}

/**
 * A swap payment back to its payer, whole, once (`swap:<pi>:refund`). One never captured is voided instead;
 * one already released (the swap completed) has nothing left to give back.
 */
export async function refundSwapPayment(deps: SwapDeps, paymentIntentId: string): Promise<void> {
  const row = await swapsRepo.payment(deps.db, paymentIntentId);
  if (!row) return;
  const held = await deps.db('ledger_payments').where({ payment_ref: paymentIntentId }).first('payment_ref');
  if (!held) {
    await deps.payments.cancelPayment(paymentIntentId, `void:${paymentIntentId}`).catch((err) => {
      // already captured after all (the capture's answer was lost): the next run finds it held
      if (!(err instanceof PaymentProviderError)) throw err;
    });
    return;
  }
  try {
    await refund(deps, { paymentIntentId, amountCents: row.amount_cents }, `swap:${paymentIntentId}:refund`);
  } catch (err) {
    // released already (the swap completed first): nothing is left to give back
    if (err instanceof LedgerRefusal && (await paymentEscrow(deps.db, paymentIntentId)) === 0) return;
    throw err;
  }
}

/** Does what a paid action is for, with its payment held. */
function perform(deps: SwapDeps, user: UserRow, action: SwapPaidAction & { version: number | null }, paid: Paid) {
  const same = async (requestId: number) => {
    const swap = await swapsRepo.byId(deps.db, requestId);
    if (swap && swap.version !== action.version) throw new HttpError(409, swapMessages.offerChanged);
  };
  switch (action.action) {
    case 'offer':
      return createOffer(deps, user, action, paid);
    case 'counter':
      return same(action.requestId).then(() => counterOffer(deps, user, action, paid));
    case 'agree':
      return same(action.requestId).then(() => agreeToCounter(deps, user, action.requestId, paid));
    case 'accept':
      return same(action.requestId).then(() => acceptOffer(deps, user, action, paid));
  }
}

/** POST /api/confirm/payment: the offer the payment was for, its cash held; once, however often it is asked. */
export async function confirmPayment(deps: ApiDeps, user: UserRow, paymentIntentId: string): Promise<number> {
  const known = await swapsRepo.payment(deps.db, paymentIntentId);
  if (known && known.payer_id !== user.id) throw new HttpError(404, orderMessages.paymentNotFound);
  if (known?.applied_at) return known.swap_request_id!;
  if (known?.refunded_at) throw new HttpError(409, swapMessages.paymentMismatch);
  const intent = await atProvider(deps, () => deps.payments.retrievePayment(paymentIntentId));
  const action = actionOf(intent.metadata, user.id);
  if (!(await isOwnDollarPayment(deps, intent, user.id))) {
    await atProvider(deps, () => deps.payments.cancelPayment(paymentIntentId, `void:${paymentIntentId}`));
    throw new HttpError(402, orderMessages.paymentNotAuthorized);
  }
  if (intent.status === 'requires_action') throw new HttpError(402, orderMessages.authenticationIncomplete);
  if (intent.status !== 'requires_capture' && intent.status !== 'succeeded') {
    throw new HttpError(402, orderMessages.paymentNotAuthorized);
  }
  const paid: Paid = { paymentIntentId, amountCents: intent.amount };
  await swapsRepo.recordPayment(deps.db, {
    payment_intent_id: paymentIntentId,
    payer_id: user.id,
    amount_cents: intent.amount,
    action: JSON.stringify(action),
  });
  try {
    await hold(
      { db: deps.db, payments: deps.payments },
      { paymentIntentId, payerId: user.id, amountCents: intent.amount },
      `hold:${paymentIntentId}`,
    );
  } catch (err) {
    if (!isHoldRefused(err)) {
      deps.logger.error(
        { err, paymentIntentId },
        'swap cash capture failed: the next confirm or the sweep finishes it',
      );
      throw new HttpError(503, messages.paymentsUnavailable);
    }
    await giveBack(deps, paymentIntentId);
    throw new HttpError(402, orderMessages.paymentNotAuthorized);
  }
  crashPoint(`swaps.confirm.${action.action}.captured`);
  try {
    return await perform(deps, user, action, paid);
  } catch (err) {
    if (err instanceof AlreadyApplied) return err.swapId;
    if (err instanceof HttpError && err.status < 500) await giveBack(deps, paymentIntentId);
    throw err;
  }
}

/** Payments captured but never applied after this long are given back (a confirm takes well under a minute). */
export const UNAPPLIED_AFTER_MS = 15 * 60_000;

export async function giveBackUnapplied(deps: SwapDeps, now = Date.now(), limit = 50): Promise<number> {
  const stale = await swapsRepo.unapplied(deps.db, new Date(now - UNAPPLIED_AFTER_MS), limit);
  for (const pi of stale) await giveBack(deps, pi);
  return stale.length;
}
