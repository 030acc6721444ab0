import { endpoints } from '@swapstuff/contracts';
import { useEndpointQuery } from '@swapstuff/sdk/query';

/** A page of the listings the user likes, the newest like first. */
export const useLikedListings = (pageNumber: number, perPage: number) =>
  useEndpointQuery(endpoints.likedListings, { pageNumber, perPage });
