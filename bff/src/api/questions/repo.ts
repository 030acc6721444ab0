import type { Question } from '@swapstuff/contracts';
import { toDate, type Knex } from '@swapstuff/db';

interface QuestionRow {
  id: number;
  question: string;
  answer: string | null;
  created_at: Date | number;
  updated_at: Date | number;
  user_id: number;
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
  is_business: number | boolean;
}

function withAskers(db: Knex): Knex.QueryBuilder {
  return db('product_questions as q')
    .join('users as u', 'u.id', 'q.user_id')
    .select(
      'q.id',
      'q.question',
      'q.answer',
      'q.created_at',
      'q.updated_at',
      'q.user_id',
      'u.first_name',
      'u.last_name',
      'u.avatar',
      'u.is_business',
    );
}

export function toQuestion(row: QuestionRow): Question {
  return {
    id: row.id,
    user: {
      id: row.user_id,
      first_name: row.first_name ?? '',
      last_name: row.last_name ?? '',
      avatar: row.avatar,
      is_business: row.is_business ? 1 : 0,
    },
    question: row.question,
    answer: row.answer,
    created_at: toDate(row.created_at).toISOString(),
    updated_at: toDate(row.updated_at).toISOString(),
  };
}

export const questionsRepo = {
  /** A listing's questions, the newest first. */
  async ofListing(db: Knex, productId: number): Promise<Question[]> {
    const rows: QuestionRow[] = await withAskers(db)
      .where('q.product_id', productId)
      .orderBy([
        { column: 'q.created_at', order: 'desc' },
        { column: 'q.id', order: 'desc' },
      ]);
    return rows.map(toQuestion);
  },

  async byId(db: Knex, id: number): Promise<Question | undefined> {
    const row: QuestionRow | undefined = await withAskers(db).where('q.id', id).first();
    return row && toQuestion(row);
  },

  async listingOf(db: Knex, id: number): Promise<number | undefined> {
    const row = await db('product_questions').where({ id }).first('product_id');
    return row?.product_id;
  },

  async insert(db: Knex, productId: number, userId: number, question: string): Promise<number> {
    const now = new Date();
    const [id] = await db('product_questions').insert({
      product_id: productId,
      user_id: userId,
      question,
      created_at: now,
      updated_at: now,
    });
    return Number(id);
  },

  async setAnswer(db: Knex, id: number, answer: string): Promise<void> {
    await db('product_questions').where({ id }).update({ answer, updated_at: new Date() });
  },
};
