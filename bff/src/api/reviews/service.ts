import { isUniqueViolation, isSqlite, toDate, withTransaction, type Knex } from '@swapstuff/db';
import { orderMessages, type Reputation, type Review, type UserRatings, type VoteType } from '@swapstuff/contracts';
import { HttpError } from '../../http';
import type { ApiDeps } from '../deps';
import { DELETED_USER, ownOrder, partiesOf } from '../orders';
import type { UserRow } from '../users';
import { reviewsRepo, type RatingRow } from './repo';
import type { RatingInput } from './schemas';

/**
 * Ratings and reviews (issue 13): each side of an order rates the other once, after the order is completed
 * or disputed (spec: Add Ratings "when status is above 5"). A review shows on the rated user's profile, with
 * its helpful / not helpful votes; the reputation is kept apart as a seller and as a buyer.
 */

/** POST /api/v2/rate/user and /api/buynow/review. */
export async function rate(deps: ApiDeps, user: UserRow, input: RatingInput): Promise<Review> {
  const order = await ownOrder(deps, user.id, input.orderId);
  if (Number(order.status) <= 5) throw new HttpError(409, orderMessages.notRateable);
  const asBuyer = order.buyer_id === user.id;
  let id: number;
  try {
    id = await withTransaction(deps.db, async (trx) => {
      const reviewId = await reviewsRepo.insert(trx, {
        order_id: order.id,
        rater_id: user.id,
        ratee_id: asBuyer ? order.seller_id : order.buyer_id,
        rater_role: asBuyer ? 'buyer' : 'seller',
        half_stars: Math.round(input.stars * 2),
        comments: input.comments,
      });
      await deps.events.emit(trx, 'review.posted', { reviewId });
      return reviewId;
    });
  } catch (err) {
    // one rating per order and side: a second (or a racing double submit) is refused
    if (isUniqueViolation(err)) throw new HttpError(409, orderMessages.alreadyRated);
    throw err;
  }
  const [review] = await reviewViews(deps, [(await reviewsRepo.byId(deps.db, id))!], user.id);
  return review;
}

async function reviewViews(deps: ApiDeps, rows: RatingRow[], viewerId: number | null): Promise<Review[]> {
  const ids = rows.map((row) => row.id);
  const [votes, reported, raters] = await Promise.all([
    reviewsRepo.votes(deps.db, ids),
    viewerId === null ? Promise.resolve([] as number[]) : reviewsRepo.reportedBy(deps.db, viewerId, ids),
    partiesOf(
      deps.db,
      rows.map((row) => row.rater_id),
    ),
  ]);
  return rows.map((row) => {
    const mine = votes.filter((v) => v.rating_id === row.id);
    const count = (vote: VoteType) => mine.filter((v) => v.vote === vote).length;
    const voted = (vote: VoteType) => (mine.some((v) => v.vote === vote && v.user_id === viewerId) ? 1 : 0);
    return {
      id: row.id,
      rating: row.half_stars / 2,
      comments: row.comments,
      created_at: toDate(row.created_at).toISOString(),
      rated_by: raters.get(row.rater_id) ?? DELETED_USER,
      as: row.rater_role,
      helpful_count: count('helpful'),
      not_helpful_count: count('not_helpful'),
      voted_helpful: voted('helpful'),
      voted_not_helpful: voted('not_helpful'),
      already_reported: reported.includes(row.id) ? 1 : 0,
    };
  });
}

/** A user's average stars (to one decimal) and count, as a seller and as a buyer. */
export async function reputationOf(db: Knex, userId: number): Promise<{ as_seller: Reputation; as_buyer: Reputation }> {
  const sums = await reviewsRepo.reputation(db, userId);
  const reputation = (role: 'buyer' | 'seller'): Reputation => {
    const row = sums.find((s) => s.rater_role === role);
    const n = Number(row?.n ?? 0);
    return { count: n, average: n === 0 ? null : Math.round((Number(row!.sum) / 2 / n) * 10) / 10 };
  };
  // rated by buyers: how they were as a seller, and the other way round
  return { as_seller: reputation('buyer'), as_buyer: reputation('seller') };
}

/** POST /api/user/ratings: a user's reviews and reputation, for anyone (the viewer's votes when signed in). */
export async function ratingsOf(
  deps: ApiDeps,
  viewerId: number | null,
  input: { userId: number; pageNumber: number; perPage: number },
): Promise<UserRatings> {
  const user = (await partiesOf(deps.db, [input.userId])).get(input.userId);
  if (!user) throw new HttpError(404, orderMessages.userNotFound);
  const { rows, total } = await reviewsRepo.pageOf(
    deps.db,
    input.userId,
    (input.pageNumber - 1) * input.perPage,
    input.perPage,
  );
  return {
    user,
    reviews: await reviewViews(deps, rows, viewerId),
    ...(await reputationOf(deps.db, input.userId)),
    total,
    pageNumber: input.pageNumber,
    perPage: input.perPage,
  };
}

async function othersReview(deps: ApiDeps, user: UserRow, ratingId: number): Promise<RatingRow> {
  const review = await reviewsRepo.byId(deps.db, ratingId);
  if (!review) throw new HttpError(404, orderMessages.reviewNotFound);
  if (review.rater_id === user.id || review.ratee_id === user.id) throw new HttpError(403, orderMessages.ownReview);
  return review;
}

/**
 * POST /api/review/vote: helpful or not; the same vote again removes it, the other one replaces it (spec
 * section 4). Under the review's lock, so a double click counts once.
 */
export async function vote(deps: ApiDeps, user: UserRow, ratingId: number, type: VoteType) {
  const review = await othersReview(deps, user, ratingId);
  await withTransaction(deps.db, async (trx) => {
    const lock = trx('ratings').where({ id: review.id }).first('id');
    await (isSqlite(trx) ? lock : lock.forUpdate());
    const current = await reviewsRepo.vote(trx, review.id, user.id);
    await reviewsRepo.setVote(trx, review.id, user.id, current === type ? null : type);
  });
  const [view] = await reviewViews(deps, [review], user.id);
  const { id, helpful_count, not_helpful_count, voted_helpful, voted_not_helpful } = view;
  return { id, helpful_count, not_helpful_count, voted_helpful, voted_not_helpful };
}

/** POST /api/review/report: once per user and review. */
export async function report(deps: ApiDeps, user: UserRow, ratingId: number, reason: string) {
  const review = await othersReview(deps, user, ratingId);
  try {
    await reviewsRepo.report(deps.db, review.id, user.id, reason);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  return { id: review.id, already_reported: 1 as const };
}
