import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { SwapOffer, SwapPaidAction } from '@swapstuff/contracts';
import { readPending, useConfirmReturn } from './payment';

/** How a return from the bank ended: the action done (and which, when this tab started it), or why not. */
export type ReturnOutcome = { offer: SwapOffer; action: SwapPaidAction['action'] | null } | { error: unknown };

/**
 * Back from the bank's page (`?payment_intent=pi_…&redirect_status=…`): confirms the pending payment kept in
 * the tab's storage (the address's id when the storage has none, or another) once, however often the effect
 * runs, and tells `settle` how it went. True while the page is such a return.
 */
export function usePaymentReturn(settle: (outcome: ReturnOutcome) => void): boolean {
  const [params] = useSearchParams();
  const named = params.get('payment_intent');
  const returning = named !== null || params.has('redirect_status');
  const confirm = useConfirmReturn();
  const onSettled = useEffectEvent(settle);

  useEffect(() => {
    if (!returning) return;
    const pending = readPending();
    const paymentIntentId = named ?? pending?.paymentIntentId ?? null;
    if (!paymentIntentId) {
      onSettled({ error: null });
      return;
    }
    const action = pending?.paymentIntentId === paymentIntentId ? pending.action : null;
    let live = true;
    confirm(paymentIntentId).then(
      (offer) => live && onSettled({ offer, action }),
      (error: unknown) => live && onSettled({ error }),
    );
    return () => {
      live = false;
    };
  }, [returning, named, confirm]);

  return returning;
}
