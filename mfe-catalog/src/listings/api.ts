import { endpoints, type AnyEndpoint } from '@swapstuff/contracts';
import { useEndpointMutation } from '@swapstuff/sdk/query';

/**
 * Every query that shows listings, as cards or as the item page: a change to a listing (new, edited,
 * deleted, liked) asks them again wherever they show.
 */
export const LISTING_VIEWS: AnyEndpoint[] = [
  endpoints.home,
  endpoints.search,
  endpoints.myListings,
  endpoints.likedListings,
  endpoints.sellerListings,
  endpoints.product,
];

/** The heart: likes or unlikes (the api answers the new state); every listing view shows the viewer's like. */
export const useLikeListing = () =>
  useEndpointMutation(endpoints.like, { invalidates: LISTING_VIEWS, toastOnError: true });

/** The owner's Delete; a refusal is toasted with the api's words. */
export const useDeleteListing = () =>
  useEndpointMutation(endpoints.deleteListing, { invalidates: LISTING_VIEWS, toastOnError: true });
