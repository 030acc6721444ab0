import type { HomeContent } from '@swapstuff/contracts';
import { api, useApiData } from '@swapstuff/sdk';

/** GET /api/home: the top-level categories and the freshest listings, in one call. */
export function useHome() {
  return useApiData((signal) => api.get<HomeContent>('/api/home', { silent: true, signal }), 'home');
}
