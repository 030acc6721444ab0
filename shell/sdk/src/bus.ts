import type { Address, Product } from '@swapstuff/contracts';

/**
 * A tiny typed event bus for what crosses the shell and the remotes without shared state: toasts,
 * "please sign in" prompts, unread-count refreshes, and the UI one remote owns and others open (the
 * upload sheet, the address modal), which the shell mounts over the page.
 */
export interface BusEvents {
  toast: { type: 'success' | 'error' | 'info' | 'warning'; content: string };
  /** a remote asks the shell to open the login popup; after sign-in the page reloads */
  'login:open': { callbackUrl?: string };
  /** the api said the session was revoked ("407"): the shell ends the session */
  'session:ended': Record<string, never>;
  /**
   * opens the upload sheet (spec section 2): empty for a new listing, with `product` to edit it, with
   * `swapFor` (a listing id) when the user lists something to offer in a swap, whose screen the result
   * dialog's OK then opens
   */
  'upload:open': { product?: Product; swapFor?: number };
  /**
   * opens mfe_account's Add Address modal over any page (the listing form's Add address), or Edit Address
   * with `address`; `onSaved` gets the address as stored, once the modal has closed
   */
  'address:open': { address?: Address; onSaved?: (address: Address) => void };
  /** opens mfe_catalog's Report dialog (spec section 2) over any page: a listing, or a user (a chat's menu) */
  'report:open': { subject: { listingId: number } | { userId: number } };
}

type Handler<K extends keyof BusEvents> = (payload: BusEvents[K]) => void;

const handlers = new Map<keyof BusEvents, Set<Handler<never>>>();

export const bus = {
  on<K extends keyof BusEvents>(event: K, handler: Handler<K>): () => void {
    let set = handlers.get(event);
    if (!set) handlers.set(event, (set = new Set()));
    set.add(handler as Handler<never>);
    return () => set!.delete(handler as Handler<never>);
  },
  emit<K extends keyof BusEvents>(event: K, payload: BusEvents[K]): void {
    handlers.get(event)?.forEach((h) => (h as Handler<K>)(payload));
  },
};

export const toast = {
  success: (content: string) => bus.emit('toast', { type: 'success', content }),
  error: (content: string) => bus.emit('toast', { type: 'error', content }),
  info: (content: string) => bus.emit('toast', { type: 'info', content }),
};
