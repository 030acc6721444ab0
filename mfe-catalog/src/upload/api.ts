import { endpoints, type InputOf } from '@swapstuff/contracts';
import { api } from '@swapstuff/sdk';
import { useApiMutation, useEndpointQuery } from '@swapstuff/sdk/query';
import { LISTING_VIEWS } from '../listings/api';

/** A listing's multipart body: the fields, kept photos and videos by id, new files. */
export type ListingInput = InputOf<typeof endpoints.updateListing>;

/** The user's addresses for the form's picker (the account's address book: added there or here, it shows). */
export const useAddresses = () => useEndpointQuery(endpoints.addresses, {}, { select: (content) => content.address });

/**
 * Uploads a new listing, or saves an edit (with `productId`), reporting the upload's progress. Resolves
 * the whole envelope: the result dialog shows the api's Description. Every listing view is read again,
 * wherever it shows (the page under the sheet included).
 */
export function useSaveListing(onProgress: (share: number) => void) {
  return useApiMutation({
    mutationFn: (input: ListingInput) =>
      input.productId
        ? api.upload(endpoints.updateListing, input, { onProgress })
        : api.upload(endpoints.uploadListing, input, { onProgress }),
    invalidates: LISTING_VIEWS,
  });
}
