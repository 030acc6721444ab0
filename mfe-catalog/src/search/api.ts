import { endpoints, type SearchInput } from '@swapstuff/contracts';
import { useEndpointQuery } from '@swapstuff/sdk/query';

/** A page of search results. */
export const useSearch = (input: SearchInput) => useEndpointQuery(endpoints.search, input);
