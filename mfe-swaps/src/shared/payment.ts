import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { endpoints, messages, type SwapOffer, type SwapPaidAction } from '@swapstuff/contracts';
import { api, ApiError, browser, webUrl } from '@swapstuff/sdk';
import { endpointName } from '@swapstuff/sdk/query';
import { SWAP_CHANGES } from './api';

/**
 * The swaps' payment flow (issue 14). An action that makes me pay extra cash (an offer or counter-offer where
 * I add it, agreeing to or accepting terms that ask me for it) is refused by its plain endpoint (402 "Please
 * pay the extra cash first"): it goes through POST /api/initialize/payment with my card instead, then
 * POST /api/confirm/payment, which holds the cash in escrow and does the action. A bank that wants the card
 * holder to authenticate (3-D Secure) first gets the browser; it sends it back to /swapstuff/{id} (an offer)
 * or /swap-requests with `?payment_intent=pi_…`, and the payment kept in the tab's storage is confirmed there.
 */

/** What an action came to: done (the offer as it is now), or the browser is on its way to the bank. */
export type Outcome = { kind: 'done'; offer: SwapOffer } | { kind: 'redirected' };

/** A payment sent to the bank's page: which action it pays for, to say it once it is back. */
export interface PendingPayment {
  paymentIntentId: string;
  action: SwapPaidAction['action'];
}

const PENDING_KEY = 'swapstuff:swap-payment';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // storage refused (a privacy setting): the return then confirms the payment the address names
    return null;
  }
}

export function readPending(): PendingPayment | null {
  try {
    const parsed = JSON.parse(storage()?.getItem(PENDING_KEY) ?? 'null') as PendingPayment | null;
    return parsed && typeof parsed.paymentIntentId === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

function writePending(pending: PendingPayment): void {
  try {
    storage()?.setItem(PENDING_KEY, JSON.stringify(pending));
  } catch {
    // full or refused: the address the bank returns to still names the payment
  }
}

export function clearPending(): void {
  try {
    storage()?.removeItem(PENDING_KEY);
  } catch {
    // nothing kept
  }
}

/**
 * Confirms on their way, by payment id: the page's effect that confirms on return from the bank may run twice
 * (strict mode mounts twice), and both runs get the one request.
 */
const confirming = new Map<string, Promise<SwapOffer>>();

export function confirmSwapPayment(paymentIntentId: string): Promise<SwapOffer> {
  let pending = confirming.get(paymentIntentId);
  if (!pending) {
    pending = api
      .call(endpoints.swapConfirmPayment, { paymentIntentId })
      .then((content) => content.offer)
      .finally(() => confirming.delete(paymentIntentId));
    confirming.set(paymentIntentId, pending);
  }
  return pending;
}

/** The action through its own endpoint (its body without the `action` the payment endpoints take): for one where I pay nothing. */
async function plain(action: SwapPaidAction): Promise<SwapOffer> {
  switch (action.action) {
    case 'offer': {
      const { productId, productIds, cash } = action;
      return (await api.call(endpoints.createSwapRequest, { productId, productIds, cash })).offer;
    }
    case 'counter': {
      const { requestId, productIds, cash } = action;
      return (await api.call(endpoints.swapCounter, { requestId, productIds, cash })).offer;
    }
    case 'agree':
      return (await api.call(endpoints.swapAgree, { requestId: action.requestId })).offer;
    case 'accept': {
      const { requestId, addressId } = action;
      return (await api.call(endpoints.swapAcceptReject, { requestId, status: '1', addressId })).offer;
    }
  }
}

/** The action paid for with my card: authorized, then (after the bank, if it asks) held and done. */
async function paid(action: SwapPaidAction, paymentMethodId: string): Promise<Outcome> {
  const { payment } = await api.call(endpoints.swapInitializePayment, { ...action, paymentMethodId });
  if (payment.status === 'requires_action') {
    const redirectUrl = webUrl(payment.redirectUrl);
    if (!redirectUrl) throw new ApiError(0, { Success: false, Description: messages.genericError, Content: null });
    writePending({ paymentIntentId: payment.paymentIntentId, action: action.action });
    browser.assign(redirectUrl);
    return { kind: 'redirected' };
  }
  return { kind: 'done', offer: await confirmSwapPayment(payment.paymentIntentId) };
}

/** Reads again every view of offers, listings and orders a swap action changed, in any remote. */
function useRefreshSwaps() {
  const client = useQueryClient();
  return useCallback(() => {
    for (const endpoint of SWAP_CHANGES) void client.invalidateQueries({ queryKey: [endpointName(endpoint)] });
  }, [client]);
}

/**
 * Runs a swap action: with `paymentMethodId` (the screen decided from the terms that I pay) through the
 * payment flow, else through its endpoint. Errors are thrown for the screen to show; `running` is true
 * meanwhile (and stays true once the browser is leaving for the bank).
 */
export function useSwapAction() {
  const refresh = useRefreshSwaps();
  const [running, setRunning] = useState(false);
  const run = useCallback(
    async (action: SwapPaidAction, paymentMethodId: string | null): Promise<Outcome> => {
      setRunning(true);
      try {
        const outcome = paymentMethodId
          ? await paid(action, paymentMethodId)
          : { kind: 'done' as const, offer: await plain(action) };
        if (outcome.kind === 'done') {
          refresh();
          setRunning(false);
        }
        return outcome;
      } catch (err) {
        // a stale page (the offer moved or went meanwhile) shows the offer as it is now
        if (err instanceof ApiError && (err.status === 404 || err.status === 409)) refresh();
        setRunning(false);
        throw err;
      }
    },
    [refresh],
  );
  return { run, running };
}

/** Confirms the payment a return from the bank names (once), and reads the swaps again. */
export function useConfirmReturn() {
  const refresh = useRefreshSwaps();
  return useCallback(
    async (paymentIntentId: string): Promise<SwapOffer> => {
      try {
        return await confirmSwapPayment(paymentIntentId);
      } finally {
        clearPending();
        refresh();
      }
    },
    [refresh],
  );
}
