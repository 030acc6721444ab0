import { useQueryClient } from '@tanstack/react-query';
import { endpoints, type Address } from '@swapstuff/contracts';
import { endpointKey, useEndpointMutation, useEndpointQuery } from '@swapstuff/sdk/query';

/** The api lists the default first; kept so here too whatever order a caller hands in. */
const defaultFirst = (addresses: Address[]) => [...addresses].sort((a, b) => b.featured - a.featured);

/** The user's addresses, the default first. */
export const useAddresses = () =>
  useEndpointQuery(endpoints.addresses, {}, { select: (content) => defaultFirst(content.address) });

/**
 * Adds an address, or edits one (with addressId). The address book is read again wherever it shows: this
 * page, and the listing form's picker in mfe_catalog.
 */
export const useSaveAddress = () => useEndpointMutation(endpoints.saveAddress, { invalidates: [endpoints.addresses] });

/**
 * Make Default and Delete answer with the whole book as it now is: that answer becomes the book wherever
 * it shows, with no second request. A refusal is toasted with the api's words.
 */
function useBookChange(endpoint: typeof endpoints.defaultAddress | typeof endpoints.deleteAddress) {
  const client = useQueryClient();
  return useEndpointMutation(endpoint, {
    toastOnError: true,
    onSuccess: (book) => client.setQueryData(endpointKey(endpoints.addresses), book),
  });
}

export const useMakeDefaultAddress = () => useBookChange(endpoints.defaultAddress);
export const useDeleteAddress = () => useBookChange(endpoints.deleteAddress);
