import type { Knex } from '@swapstuff/db';

export interface RatingRow {
  id: number;
  order_id: number;
  rater_id: number;
  ratee_id: number;
  rater_role: 'buyer' | 'seller';
  half_stars: number;
  comments: string;
  created_at: Date | number;
}

export const reviewsRepo = {
  async insert(trx: Knex.Transaction, row: Omit<RatingRow, 'id' | 'created_at'>): Promise<number> {
    const [id] = await trx('ratings').insert({ ...row, created_at: new Date() });
    return Number(id);
  },

  async byId(db: Knex, id: number): Promise<RatingRow | undefined> {
    return db('ratings').where({ id }).first();
  },

  async byOrderAndRater(db: Knex, orderId: number, raterId: number): Promise<RatingRow | undefined> {
    return db('ratings').where({ order_id: orderId, rater_id: raterId }).first();
  },

  async pageOf(
    db: Knex,
    rateeId: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: RatingRow[]; total: number }> {
    // a review staff hid (moderation) is shown to no one, and counts for nothing
    const [{ n }] = await db('ratings').where({ ratee_id: rateeId }).whereNull('hidden_at').count({ n: '*' });
    const rows = await db('ratings')
      .where({ ratee_id: rateeId })
      .whereNull('hidden_at')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit);
    return { rows, total: Number(n) };
  },

  /** Average half stars and count, as a seller (rated by buyers) and as a buyer (rated by sellers). */
  async reputation(db: Knex, rateeId: number): Promise<{ rater_role: string; n: number; sum: number }[]> {
    return db('ratings')
      .where({ ratee_id: rateeId })
      .whereNull('hidden_at')
      .groupBy('rater_role')
      .select('rater_role')
      .count({ n: '*' })
      .sum({ sum: 'half_stars' });
  },

  async votes(db: Knex, ratingIds: number[]): Promise<{ rating_id: number; user_id: number; vote: string }[]> {
    if (ratingIds.length === 0) return [];
    return db('review_votes').whereIn('rating_id', ratingIds).select('rating_id', 'user_id', 'vote');
  },

  async reportedBy(db: Knex, userId: number, ratingIds: number[]): Promise<number[]> {
    if (ratingIds.length === 0) return [];
    return (
      await db('review_reports').where({ user_id: userId }).whereIn('rating_id', ratingIds).pluck('rating_id')
    ).map(Number);
  },

  async vote(trx: Knex.Transaction, ratingId: number, userId: number): Promise<string | undefined> {
    const row = await trx('review_votes').where({ rating_id: ratingId, user_id: userId }).first('vote');
    return row?.vote;
  },

  async setVote(trx: Knex.Transaction, ratingId: number, userId: number, vote: string | null): Promise<void> {
    await trx('review_votes').where({ rating_id: ratingId, user_id: userId }).delete();
    if (vote) await trx('review_votes').insert({ rating_id: ratingId, user_id: userId, vote });
  },

  async report(db: Knex, ratingId: number, userId: number, reason: string): Promise<void> {
    await db('review_reports').insert({ rating_id: ratingId, user_id: userId, reason, created_at: new Date() });
  },
};
