import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { SwapOffer, SwapPaidAction } from '@swapstuff/contracts';
import { errorText } from './format';
import { readPending, useConfirmReturn } from './payment';

/** How a return from the bank ended: the action done (and which, when this tab started it), or why not. */
export type ReturnOutcome = { offer: SwapOffer; action: SwapPaidAction['action'] | null } | { error: unknown };

/** Where a page stands with a return from the bank (PaymentReturnAlerts shows it). */
export interface PaymentReturn {
  /** the page is such a return: the payment is being confirmed */
  returning: boolean;
  /** why the last return failed, until dismissed */
  error: string | null;
  dismiss(): void;
}

/**
 * Back from the bank's page (`?payment_intent=pi_…&redirect_status=…`): confirms the pending payment kept in
 * the tab's storage (the address's id when the storage has none, or another) once, however often the effect
 * runs, keeps why it failed, and tells `settle` how it went.
 */
export function usePaymentReturn(settle: (outcome: ReturnOutcome) => void): PaymentReturn {
  const [params] = useSearchParams();
  const named = params.get('payment_intent');
  const returning = named !== null || params.has('redirect_status');
  const confirm = useConfirmReturn();
  const [error, setError] = useState<string | null>(null);
  const onSettled = useEffectEvent((outcome: ReturnOutcome) => {
    if ('error' in outcome) setError(errorText(outcome.error));
    settle(outcome);
  });

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

  return { returning, error, dismiss: () => setError(null) };
}
