import { useState } from 'react';
import type { SwapPaidAction } from '@swapstuff/contracts';
import { toast } from '@swapstuff/sdk';
import { useCardChoice } from './CardPicker';
import { errorText } from './format';
import { useSwapAction } from './payment';

/**
 * What every screen of a swap action that may take my extra cash shares (the offer, Accept, Accept
 * counter-offer, Counter): the card to pay with while `cents` > 0, running the action (through the payment
 * flow when I pay), its error, and the wait for the bank's page.
 */
export function usePaidAction(cents: number, initialCardId?: string) {
  const pays = cents > 0;
  const card = useCardChoice(pays, initialCardId);
  const { run, running } = useSwapAction();
  const [error, setError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const busy = running || redirecting;

  /**
   * Runs `action`, paid for with the card chosen when I pay; once it is done says `done` and calls `onDone`.
   * False when it failed (its error is shown); true when done or on the way to the bank.
   */
  const submit = async (action: SwapPaidAction, done: string, onDone: () => void): Promise<boolean> => {
    setError(null);
    try {
      const outcome = await run(action, pays ? (card.card?.id ?? null) : null);
      if (outcome.kind === 'redirected') {
        setRedirecting(true);
        return true;
      }
      toast.success(done);
      onDone();
      return true;
    } catch (err) {
      setError(errorText(err));
      return false;
    }
  };

  return {
    /** what I pay now, in cents (0: nothing) */
    cents,
    pays,
    card,
    busy,
    /** nothing to pay, or a card to pay with */
    paymentReady: !pays || card.card !== undefined,
    error,
    clearError: () => setError(null),
    redirecting,
    submit,
  };
}

export type PaidAction = ReturnType<typeof usePaidAction>;
