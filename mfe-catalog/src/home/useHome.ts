import { endpoints } from '@swapstuff/contracts';
import { api, useApiData } from '@swapstuff/sdk';

/** GET /api/home: the top-level categories and the freshest listings, in one call. */
export function useHome() {
  return useApiData((signal) => api.call(endpoints.home, {}, { signal }), 'home');
}
