import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { endpoints, type Id, type Order } from '@swapstuff/contracts';
import { api } from '@swapstuff/sdk';
import { endpointKey, endpointName, useEndpointMutation, useEndpointQuery } from '@swapstuff/sdk/query';

/** The listing being bought, as its page shows it. */
export const useCheckoutProduct = (id: string) =>
  useEndpointQuery(endpoints.product, { id }, { select: (content) => content.product });

/** The fee quote of the listing's price (spec sections 3 and 9), asked once the listing is known. */
export const useFeeQuote = (price: string | undefined) =>
  useEndpointQuery(endpoints.feeQuote, { price: price ?? '' }, { enabled: price !== undefined });

/**
 * Every courier's rate for the listing to one of the user's addresses, the cheapest first. Asked when the
 * courier panel first opens for that address (each address is a quote of its own), then kept a while:
 * the api keeps a quoted rate valid for a day, and a checkout that finds one expired asks again.
 */
export const useCouriers = (productId: Id, addressId: number | undefined, enabled: boolean) =>
  useEndpointQuery(
    endpoints.couriers,
    { productId, addressId: addressId ?? 0 },
    { enabled: enabled && addressId !== undefined, select: (content) => content.rates, staleTime: 10 * 60_000 },
  );

export const couriersKey = (productId: Id, addressId: number) =>
  endpointKey(endpoints.couriers, { productId, addressId });

/** Authorizes the payment of the listing with its courier on a saved card (errors are shown by the page). */
export const useInitializePayment = () => useEndpointMutation(endpoints.buyNowInitialize);

/**
 * Confirms of a payment on their way, by payment id: the page's effect that confirms on return from the
 * bank may run twice (React's strict mode mounts twice), and both runs get the one request.
 */
const confirming = new Map<string, Promise<Order>>();

export function confirmPayment(paymentIntentId: string): Promise<Order> {
  let pending = confirming.get(paymentIntentId);
  if (!pending) {
    pending = api
      .call(endpoints.buyNowConfirm, { paymentIntentId })
      .then((content) => content.order)
      .finally(() => confirming.delete(paymentIntentId));
    confirming.set(paymentIntentId, pending);
  }
  return pending;
}

/**
 * Places the order of an authorized payment (POST /api/buynow/confirm-payment, once however often it is
 * asked). The purchases, and the listing (now In Process), are read again wherever they show.
 */
export function usePlaceOrder(): (paymentIntentId: string) => Promise<Order> {
  const client = useQueryClient();
  return useCallback(
    async (paymentIntentId: string) => {
      const order = await confirmPayment(paymentIntentId);
      for (const endpoint of [endpoints.buyNowOrders, endpoints.product]) {
        void client.invalidateQueries({ queryKey: [endpointName(endpoint)] });
      }
      return order;
    },
    [client],
  );
}
