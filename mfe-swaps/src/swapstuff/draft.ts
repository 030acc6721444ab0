import { NO_CASH, type CashChoice } from '../shared/cash';
import type { SwapItem } from '../shared/items';

/**
 * An offer being made, kept in sessionStorage under the wanted listing's id: "Add a new card" leaves for
 * /payment-methods, which comes back to /swapstuff/{id}, and the items and cash chosen must still be there
 * (one tab's, gone with it).
 */
export interface SwapDraft {
  items: SwapItem[];
  cash: CashChoice;
  cardId?: string;
}

const EMPTY: SwapDraft = { items: [], cash: NO_CASH };
const keyOf = (listingId: string) => `swapstuff:swap-draft:${listingId}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // storage refused (a privacy setting): the draft lives as long as the page
    return null;
  }
}

export function readDraft(listingId: string): SwapDraft {
  try {
    const parsed = JSON.parse(storage()?.getItem(keyOf(listingId)) ?? 'null') as Partial<SwapDraft> | null;
    if (!parsed || !Array.isArray(parsed.items) || !parsed.cash) return EMPTY;
    return { items: parsed.items, cash: parsed.cash, cardId: parsed.cardId };
  } catch {
    return EMPTY;
  }
}

export function writeDraft(listingId: string, draft: SwapDraft): void {
  try {
    storage()?.setItem(keyOf(listingId), JSON.stringify(draft));
  } catch {
    // full or refused: the draft still holds for this page
  }
}

/** Once the offer is sent: the next one starts afresh. */
export function clearDraft(listingId: string): void {
  try {
    storage()?.removeItem(keyOf(listingId));
  } catch {
    // nothing kept
  }
}
