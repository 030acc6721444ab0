import { endpoints, orderMessages, type VoteType } from '@swapstuff/contracts';
import { ok, created } from '../../http';
import { authOf, viewerOf } from '../auth';
import type { ApiDeps } from '../deps';
import type { ApiRouter } from '../router';
import { buyNowReviewSchema, rateUserSchema, ratingsSchema, reportSchema, voteSchema } from './schemas';
import * as reviews from './service';

/** Spec section 7: rating the other side of an order, a user's reviews, votes and reports. */
export function reviewsRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle<{ orderId: number; ratedStars: number; comments: string }>(
    endpoints.rateUser,
    { schema: rateUserSchema },
    async ({ input, res }) => {
      const review = await reviews.rate(deps, authOf(res).user, {
        orderId: input.orderId,
        stars: input.ratedStars,
        comments: input.comments,
      });
      created(res, { review }, orderMessages.rated);
    },
  );

  api.handle<{ buyNowId: number; rating: number; comments: string }>(
    endpoints.buyNowReview,
    { schema: buyNowReviewSchema },
    async ({ input, res }) => {
      const review = await reviews.rate(deps, authOf(res).user, {
        orderId: input.buyNowId,
        stars: input.rating,
        comments: input.comments,
      });
      created(res, { review }, orderMessages.rated);
    },
  );

  api.handle<{ userId: number; pageNumber: number; perPage: number }>(
    endpoints.userRatings,
    { schema: ratingsSchema },
    async ({ input, res }) => {
      ok(res, await reviews.ratingsOf(deps, viewerOf(res), input));
    },
  );

  api.handle<{ rating_id: number; vote_type: VoteType }>(
    endpoints.reviewVote,
    { schema: voteSchema },
    async ({ input, res }) => {
      ok(res, await reviews.vote(deps, authOf(res).user, input.rating_id, input.vote_type));
    },
  );

  api.handle<{ rating_id: number; reason: string }>(
    endpoints.reviewReport,
    { schema: reportSchema },
    async ({ input, res }) => {
      ok(
        res,
        await reviews.report(deps, authOf(res).user, input.rating_id, input.reason),
        orderMessages.reviewReported,
      );
    },
  );
}
