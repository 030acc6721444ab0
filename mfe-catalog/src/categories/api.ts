import { endpoints } from '@swapstuff/contracts';
import { useEndpointQuery } from '@swapstuff/sdk/query';

/**
 * Every category at once (57 rows, parents and children): the upload's picker and the search filter.
 * Categories change with a release, not while a page is open: read once per page.
 */
export const useAllCategories = () =>
  useEndpointQuery(
    endpoints.categories,
    { fetchcategories: 'all', perPage: 100, pageNumber: 1 },
    { select: (content) => content.categories, staleTime: Infinity },
  );
