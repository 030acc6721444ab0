import { api, useApiData } from '@swapstuff/sdk';
import type { Question } from '@swapstuff/contracts';

/** A listing's questions, newest first (GET /api/product/questionaire/{id}). */
export function useQuestions(productId: number) {
  return useApiData(
    (signal) =>
      api
        .get<{ questions: Question[] }>(`/api/product/questionaire/${productId}`, { silent: true, signal })
        .then((content) => content.questions),
    String(productId),
  );
}
