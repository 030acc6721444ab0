import type { SwapOffer } from '@swapstuff/contracts';
import { Countdown } from '@swapstuff/sdk/ui';

/**
 * What is left of the 72 hours both sides have to give their swap details (spec section 9), ticking every
 * second: "Details due in 71:59:58". Nothing once no details are due.
 */
export function DetailsCountdown({ offer }: { offer: Pick<SwapOffer, 'details_due_at' | 'time_remaining'> }) {
  return <Countdown label="Details due" endsAt={offer.details_due_at} left={offer.time_remaining} />;
}
