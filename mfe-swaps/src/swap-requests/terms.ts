import { Money, type SwapOffer, type SwapVersion } from '@swapstuff/contracts';

/** The latest version of an offer's terms (the only one that can be accepted). */
export function latestVersion(offer: SwapOffer): SwapVersion | undefined {
  return offer.versions.find((v) => v.version === offer.version) ?? offer.versions.at(-1);
}

/**
 * The cash I must pay to agree to or accept the latest terms, in cents (0: nothing). I pay when the terms
 * have me adding cash and the other side proposed them: cash I added in a counter-offer of mine was paid
 * when I sent it (the api answers 402 otherwise; the screen decides up front instead).
 */
export function cashToCommit(offer: SwapOffer): number {
  if (offer.extra_payer !== 'me') return 0;
  const latest = latestVersion(offer);
  if (latest && latest.proposed_by === 'me') return 0;
  return Money.parse(offer.extra_amount).cents;
}
