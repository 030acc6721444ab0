import { useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@swapstuff/contracts';
import { endpointKey, useEndpointMutation, useEndpointQuery } from '@swapstuff/sdk/query';

/** The top-level categories to pick from (what the header's dropdown lists). */
export const useTopCategories = () =>
  useEndpointQuery(
    endpoints.categories,
    { search: '', perPage: 30, pageNumber: 1 },
    { select: (content) => content.categories, staleTime: Infinity },
  );

/** The categories the user picked. */
export const useLikedCategories = () =>
  useEndpointQuery(endpoints.likedCategories, {}, { select: (content) => content.categories });

/**
 * Saves the picks: the answer (the list as saved) becomes the picks wherever they show, and home reads its
 * fresh listings again, the picked categories' first.
 */
export function useSaveLikedCategories() {
  const client = useQueryClient();
  return useEndpointMutation(endpoints.saveLikedCategories, {
    invalidates: [endpoints.home],
    onSuccess: (saved) => client.setQueryData(endpointKey(endpoints.likedCategories), saved),
  });
}
