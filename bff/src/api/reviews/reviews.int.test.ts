import { orderMessages, type Review, type UserRatings } from '@swapstuff/contracts';
import { call, startTestApi, type TestApi } from '../../../test/harness';
import { AUSTIN, completedOrder, deliveredOrder, member, orderDetail, type Member } from '../../../test/orders';

let api: TestApi;
let seller: Member;
let buyer: Member;
let orderId: number;

beforeAll(async () => {
  api = await startTestApi();
  seller = await member(api, 'rosa_reviewed', AUSTIN);
  buyer = await member(api, 'ron_reviewer');
  orderId = (await completedOrder(api, seller, buyer)).id;
});
afterAll(() => api.close());

const rate = (user: Member, body: Record<string, unknown>) =>
  call<{ review: Review }>(api.url, 'POST', '/api/v2/rate/user', { token: user.token, body });
const review = (user: Member, body: Record<string, unknown>) =>
  call<{ review: Review }>(api.url, 'POST', '/api/buynow/review', { token: user.token, body });
const ratingsOf = (userId: number, token?: string) =>
  call<UserRatings>(api.url, 'POST', '/api/user/ratings', { token, body: { userId } });
const vote = (user: Member, ratingId: number, voteType: string) =>
  call<Review>(api.url, 'POST', '/api/review/vote', {
    token: user.token,
    body: { rating_id: ratingId, vote_type: voteType },
  });

describe('rating the other side', () => {
  it('checks stars in half steps from 0.5 to 5 and the comment’s length', async () => {
    for (const stars of [0, 0.25, 5.5, 'five', null]) {
      const res = await review(buyer, { buyNowId: orderId, rating: stars, comments: 'Lovely lamp, well packed' });
      expect(res.status).toBe(400);
      expect(res.body.Description).toBe(orderMessages.ratingRequired);
    }
    for (const comments of ['ok', `   ok${' '.repeat(12)}`]) {
      const short = await review(buyer, { buyNowId: orderId, rating: 4, comments });
      expect(short.body.Description).toBe(orderMessages.ratingCommentLength);
    }
    const missing = await review(buyer, { buyNowId: orderId, rating: 4 });
    expect(missing.body.Description).toBe(orderMessages.ratingCommentRequired);
  });

  it('is not open before the order is completed', async () => {
    const other = await member(api, 'early_bird');
    const delivered = await deliveredOrder(api, seller, other);
    const res = await rate(other, { orderId: delivered.id, ratedStars: 5, comments: 'Arrived quickly, thanks' });
    expect(res.status).toBe(409);
    expect(res.body.Description).toBe(orderMessages.notRateable);
  });

  it('takes one rating per side, both ways, and shows them as seller and buyer reputation', async () => {
    const [first, second] = await Promise.all([
      review(buyer, { buyNowId: orderId, rating: 4.5, comments: 'Lovely lamp, well packed' }),
      review(buyer, { buyNowId: orderId, rating: 1, comments: 'Changed my mind about it' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    expect([first, second].find((r) => r.status === 409)!.body.Description).toBe(orderMessages.alreadyRated);
    const back = await rate(seller, { orderId, ratedStars: 5, comments: 'Paid at once, great buyer' });
    expect(back.status).toBe(201);
    expect(back.body.Description).toBe(orderMessages.rated);

    expect((await orderDetail(api, buyer, orderId)).body.Content.order.user_rate_count).toBe(1);
    const sellers = (await ratingsOf(seller.id)).body.Content;
    expect(sellers.user).toMatchObject({ id: seller.id, first_name: 'Test' });
    const nobody = await ratingsOf(999999);
    expect(nobody.status).toBe(404);
    expect(nobody.body.Description).toBe(orderMessages.userNotFound);
    expect(sellers.as_seller).toEqual({ average: expect.any(Number), count: 1 });
    expect(sellers.as_buyer).toEqual({ average: null, count: 0 });
    expect(sellers.reviews[0]).toMatchObject({ as: 'buyer', rated_by: { id: buyer.id } });
    expect([4.5, 1]).toContain(sellers.reviews[0].rating);
    const buyers = (await ratingsOf(buyer.id)).body.Content;
    expect(buyers.as_buyer).toEqual({ average: 5, count: 1 });
    expect(buyers.reviews[0]).toMatchObject({ rating: 5, as: 'seller' });
  });
});

describe('votes and reports', () => {
  let ratingId: number;
  let third: Member;
  beforeAll(async () => {
    ratingId = (await ratingsOf(seller.id)).body.Content.reviews[0].id;
    third = await member(api, 'vic_voter');
  });

  it('counts a helpful vote, moves it, and removes it when cast again', async () => {
    const helpful = await vote(third, ratingId, 'helpful');
    expect(helpful.body.Content).toMatchObject({ helpful_count: 1, not_helpful_count: 0, voted_helpful: 1 });
    const changed = await vote(third, ratingId, 'not_helpful');
    expect(changed.body.Content).toMatchObject({
      helpful_count: 0,
      not_helpful_count: 1,
      voted_not_helpful: 1,
      voted_helpful: 0,
    });
    const removed = await vote(third, ratingId, 'not_helpful');
    expect(removed.body.Content).toMatchObject({ helpful_count: 0, not_helpful_count: 0, voted_not_helpful: 0 });
    // a double click counts once
    await Promise.all([vote(third, ratingId, 'helpful'), vote(third, ratingId, 'helpful')]);
    const seen = (await ratingsOf(seller.id, third.token)).body.Content.reviews.find((r) => r.id === ratingId)!;
    expect(seen.helpful_count + seen.not_helpful_count).toBeLessThanOrEqual(1);
    expect(await api.db('review_votes').where({ rating_id: ratingId }).count({ n: '*' })).toEqual([
      { n: seen.helpful_count },
    ]);
  });

  it('refuses votes and reports on a review by or about the voter', async () => {
    for (const user of [buyer, seller]) {
      const res = await vote(user, ratingId, 'helpful');
      expect(res.status).toBe(403);
      expect(res.body.Description).toBe(orderMessages.ownReview);
    }
    expect((await vote(third, 999999, 'helpful')).status).toBe(404);
    expect((await vote(third, ratingId, 'love')).body.Description).toBe(orderMessages.voteFailed);
  });

  it('takes a report once and says so on the review', async () => {
    const short = await call(api.url, 'POST', '/api/review/report', {
      token: third.token,
      body: { rating_id: ratingId, reason: 'rude' },
    });
    expect(short.body.Description).toBe(orderMessages.reportReasonLength);
    for (let i = 0; i < 2; i += 1) {
      const res = await call(api.url, 'POST', '/api/review/report', {
        token: third.token,
        body: { rating_id: ratingId, reason: 'This review is about another item' },
      });
      expect(res.status).toBe(200);
    }
    const seen = (await ratingsOf(seller.id, third.token)).body.Content.reviews.find((r) => r.id === ratingId)!;
    expect(seen.already_reported).toBe(1);
    const visitor = (await ratingsOf(seller.id)).body.Content.reviews.find((r) => r.id === ratingId)!;
    expect(visitor.already_reported).toBe(0);
    expect(await api.db('review_reports').where({ rating_id: ratingId }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });
});
