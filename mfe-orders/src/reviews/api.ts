import { useQueryClient } from '@tanstack/react-query';
import { endpoints, type Id, type Review, type UserRatings } from '@swapstuff/contracts';
import { endpointName, useEndpointMutation, useEndpointQuery } from '@swapstuff/sdk/query';

/** Reviews per page of a user's reviews. */
export const REVIEWS_PER_PAGE = 10;

/** A page of a user's reviews with their reputation as a seller and as a buyer (visitors too). */
export const useUserRatings = (userId: Id, pageNumber: number) =>
  useEndpointQuery(endpoints.userRatings, { userId, pageNumber, perPage: REVIEWS_PER_PAGE });

/** Puts what the api answered about a review into every page of reviews that shows it. */
function usePatchReview() {
  const client = useQueryClient();
  return (id: number, change: Partial<Review>) =>
    client.setQueriesData<UserRatings>(
      { queryKey: [endpointName(endpoints.userRatings)] },
      (page) =>
        page && {
          ...page,
          reviews: page.reviews.map((review) => (review.id === id ? { ...review, ...change } : review)),
        },
    );
}

/**
 * Helpful / not helpful (the same vote again takes it back). The card moves its counts at once and puts them
 * back when this fails; the counts the api answers become the review's.
 */
export function useReviewVote() {
  const patch = usePatchReview();
  return useEndpointMutation(endpoints.reviewVote, {
    onSuccess: ({ id, ...votes }) => patch(id, votes),
  });
}

/** Reports a review to support, once: the review then offers no Report. */
export function useReviewReport() {
  const patch = usePatchReview();
  return useEndpointMutation(endpoints.reviewReport, {
    onSuccess: ({ id, already_reported }) => patch(id, { already_reported }),
  });
}
