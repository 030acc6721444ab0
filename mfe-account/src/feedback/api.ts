import { endpoints, FEEDBACK_REASONS_ID, type InputOf } from '@swapstuff/contracts';
import { api } from '@swapstuff/sdk';
import { useApiMutation, useEndpointQuery } from '@swapstuff/sdk/query';

/** What feedback may be about; the last (Other) asks for a message. */
export const useFeedbackReasons = () => useEndpointQuery(endpoints.reportReasons, { id: FEEDBACK_REASONS_ID });

/** The user's own feedback, the newest first. */
export const useMyFeedback = (pageNumber: number, perPage: number) =>
  useEndpointQuery(endpoints.myFeedback, { pageNumber, perPage });

export type FeedbackInput = InputOf<typeof endpoints.sendFeedback>;

/** Sends the feedback with its photos in one request; the list reads again. */
export const useSendFeedback = () =>
  useApiMutation({
    mutationFn: (input: FeedbackInput) => api.call(endpoints.sendFeedback, input),
    invalidates: [endpoints.myFeedback],
  });
