import { endpoints } from '@swapstuff/contracts';
import { api, useApiData } from '@swapstuff/sdk';

/** Every category at once (57 rows, parents and children): the upload's picker and the search filter. */
export function useAllCategories() {
  return useApiData(
    (signal) =>
      api
        .call(endpoints.categories, { fetchcategories: 'all', perPage: 100, pageNumber: 1 }, { signal })
        .then((content) => content.categories),
    'all-categories',
  );
}
