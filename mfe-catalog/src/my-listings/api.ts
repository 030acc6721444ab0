import { endpoints, type MyListingsInput } from '@swapstuff/contracts';
import { useEndpointQuery } from '@swapstuff/sdk/query';

/** A page of the user's own listings, filtered. */
export const useMyListings = (input: MyListingsInput) => useEndpointQuery(endpoints.myListings, input);
