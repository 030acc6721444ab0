import { endpoints } from '@swapstuff/contracts';
import { useEndpointQuery } from '@swapstuff/sdk/query';

/** GET /api/home: the top-level categories and the freshest listings, in one call. */
export const useHome = () => useEndpointQuery(endpoints.home);
