import { api, useApiData } from '@swapstuff/sdk';
import { endpoints } from '@swapstuff/contracts';

/** A listing's questions, newest first (GET /api/product/questionaire/{id}). */
export function useQuestions(productId: number) {
  return useApiData(
    (signal) => api.call(endpoints.questions, { id: productId }, { signal }).then((content) => content.questions),
    String(productId),
  );
}
