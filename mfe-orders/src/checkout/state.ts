import type { CourierRateView, Order } from '@swapstuff/contracts';

/**
 * What the buyer chose on a listing's checkout, kept in sessionStorage under the listing's id: the
 * checkout is left for /address, /payment-methods and the bank's authentication page, which all come
 * back to the bare /checkout/:id, and the choices must still be there (one tab's, gone with it).
 */
export interface CheckoutChoices {
  /** the delivery address chosen in the dialog */
  addressId?: number;
  /** the courier chosen, with the address it was quoted for (a rate is good for that address only) */
  rate?: { addressId: number; rate: CourierRateView };
  /** the saved card chosen */
  cardId?: string;
  /** the addresses there were when the buyer left to add one: the new one is chosen on return */
  knownAddressIds?: number[];
  /** the cards there were when the buyer left to add one: the new one is chosen on return */
  knownCardIds?: string[];
  /** a payment sent to the bank's page: its amounts, for the choices they were for */
  pending?: { paymentIntentId: string; key: string; amounts: Order['amounts'] };
}

const keyOf = (listingId: string) => `swapstuff:checkout:${listingId}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // storage refused (a privacy setting): the choices live as long as the page
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The choices kept for a listing; nothing (never an error) when none or unreadable. */
export function readChoices(listingId: string): CheckoutChoices {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(keyOf(listingId)) ?? 'null');
    return isRecord(parsed) ? (parsed as CheckoutChoices) : {};
  } catch {
    return {};
  }
}

export function writeChoices(listingId: string, choices: CheckoutChoices): void {
  try {
    storage()?.setItem(keyOf(listingId), JSON.stringify(choices));
  } catch {
    // full or refused: the choices still hold for this page
  }
}

/** After the order is placed: the next checkout of anything starts afresh. */
export function clearChoices(listingId: string): void {
  try {
    storage()?.removeItem(keyOf(listingId));
  } catch {
    // nothing kept
  }
}

/**
 * The one of `list` to show chosen: one added since the buyer left to add one (`knownIds`), else the
 * one chosen before, else the default, else the first.
 */
export function pickChosen<T, Id>(
  list: readonly T[],
  idOf: (item: T) => Id,
  isDefault: (item: T) => boolean,
  chosenId: Id | undefined,
  knownIds: readonly Id[] | undefined,
  usable: (item: T) => boolean = () => true,
): T | undefined {
  const candidates = list.filter(usable);
  const added = knownIds ? candidates.find((item) => !knownIds.includes(idOf(item))) : undefined;
  return added ?? candidates.find((item) => idOf(item) === chosenId) ?? candidates.find(isDefault) ?? candidates[0];
}
