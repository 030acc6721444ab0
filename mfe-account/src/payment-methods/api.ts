import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { endpoints, type PaymentCard, type PaymentsConfig } from '@swapstuff/contracts';
import { api, useSession } from '@swapstuff/sdk';
import { endpointKey, useEndpointMutation, useEndpointQuery } from '@swapstuff/sdk/query';

/** `/api/{card-provider}/cards`: the one provider there is. */
export const CARDS_INPUT = { cardProvider: 'stripe' } as const;
const cardsKey = endpointKey(endpoints.cards, CARDS_INPUT);

/** The api lists the default first; kept so here too whatever order a caller hands in. */
const defaultFirst = (cards: PaymentCard[]) => [...cards].sort((a, b) => b.is_default - a.is_default);

/**
 * The cards as the api answered a change: they become the list, and a load of it still on its way (begun
 * before the change) is dropped, so that its older answer cannot replace them.
 */
async function showCards(client: QueryClient, cards: PaymentCard[]) {
  await client.cancelQueries({ queryKey: cardsKey });
  client.setQueryData(cardsKey, { cards });
}

/** The user's saved cards, the default first. */
export const useCards = () =>
  useEndpointQuery(endpoints.cards, CARDS_INPUT, { select: (content) => defaultFirst(content.cards) });

/**
 * Set Default and Delete answer with the cards as they now are: that answer becomes the list, with no
 * second request. A refusal is toasted with the api's words.
 */
function useCardsChange(endpoint: typeof endpoints.setDefaultCard | typeof endpoints.deleteCard) {
  const client = useQueryClient();
  return useEndpointMutation(endpoint, {
    toastOnError: true,
    onSuccess: (content) => showCards(client, content.cards),
  });
}

export const useSetDefaultCard = () => useCardsChange(endpoints.setDefaultCard);
export const useDeleteCard = () => useCardsChange(endpoints.deleteCard);

/**
 * Saves a tokenized card (`paymentMethodId`), or finishes saving one after the provider's authentication
 * page (`setupIntentId`). A saved card comes back with the cards as they now are: they become the list.
 */
export function useAttachCard() {
  const client = useQueryClient();
  return useEndpointMutation(endpoints.attachCard, {
    onSuccess: async (setup) => {
      if (setup.status !== 'succeeded') return;
      if (Array.isArray(setup.cards)) await showCards(client, setup.cards);
      else await client.invalidateQueries({ queryKey: cardsKey });
    },
  });
}

/** Where the browser sends a card, kept for a while: one request per visit, not per card. */
export function usePaymentsConfig(): () => Promise<PaymentsConfig> {
  const client = useQueryClient();
  return () =>
    client.fetchQuery({
      queryKey: endpointKey(endpoints.paymentsConfig),
      queryFn: ({ signal }) => api.call(endpoints.paymentsConfig, {}, { signal }),
      staleTime: 5 * 60_000,
    });
}

/**
 * Before the first card: the user's customer at the provider (the api creates it once, then answers the
 * same one), kept in the session store's profile (spec section 3). Nothing is asked when the profile has it.
 */
export async function ensureCustomer(): Promise<string> {
  const known = useSession.getState().profile?.customerId;
  if (known) return known;
  const { customer_id } = await api.call(endpoints.createCustomer);
  // zustand's own setState, not a new store method: this remote must also run on a shell whose SDK is older
  useSession.setState((s) => (s.profile ? { profile: { ...s.profile, customerId: customer_id } } : {}));
  return customer_id;
}

/** The user's payouts as a seller (spec section 4's Add Bank Details). */
export const usePayoutAccount = () =>
  useEndpointQuery(endpoints.payoutAccount, {}, { select: (content) => content.payouts });

/** The provider's single-use onboarding page: asked for when the seller presses Add Bank Details. */
export const usePayoutOnboarding = () => useEndpointMutation(endpoints.payoutOnboarding, { toastOnError: true });
