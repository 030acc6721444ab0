import { endpoints } from '@swapstuff/contracts';
import { useEndpointMutation, useEndpointQuery } from '@swapstuff/sdk/query';

/** A listing's questions, newest first. */
export const useQuestions = (productId: number) =>
  useEndpointQuery(endpoints.questions, { id: productId }, { select: (content) => content.questions });

/** Asks about someone else's listing; its questions are read again wherever they show. */
export const useAskQuestion = () => useEndpointMutation(endpoints.askQuestion, { invalidates: [endpoints.questions] });

/** The owner's answer (sent again to correct it); a refusal is toasted with the api's words. */
export const useAnswerQuestion = () =>
  useEndpointMutation(endpoints.answerQuestion, { invalidates: [endpoints.questions], toastOnError: true });
