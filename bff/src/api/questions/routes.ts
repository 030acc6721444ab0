import { Router } from 'express';
import Joi from 'joi';
import { answerRules, ListingStatus, messages, questionRules, type Question } from '@swapstuff/contracts';
import { toDate, type Knex } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { created, HttpError, ok } from '../http';
import { compileForm, parse } from '../validation';
import { authOf, requireAuth } from '../auth/middleware';
import { productQuery } from '../products/repo';
import { productIdParam } from '../products/service';

const idOf = (message: string) =>
  Joi.number().integer().positive().max(2147483647).required().messages({
    'any.required': message,
    'number.base': message,
    'number.integer': message,
    'number.positive': message,
    'number.max': message,
  });

const askSchema = compileForm(questionRules, { productId: idOf(messages.productNotFound) });
const answerSchema = compileForm(answerRules, { questionId: idOf(messages.notFound) });

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

function questionsOf(db: Knex): Knex.QueryBuilder {
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

function toQuestion(row: QuestionRow): Question {
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

/** The listing, if anyone may see it: not deleted, seller neither blocked nor deleted. */
async function visibleOwner(db: Knex, productId: number): Promise<number> {
  const row = await productQuery(db, null)
    .where('p.id', productId)
    .whereNot('p.status', ListingStatus.Deleted)
    .first('p.user_id');
  if (!row) throw new HttpError(404, messages.productNotFound);
  return row.user_id;
}

/** Spec sections 2, 5 and 6: ask (not empty), list (newest first), and only the owner answers (≤ 255). */
export function questionsRoutes(deps: ApiDeps): Router {
  const router = Router();
  const requireUser = requireAuth(deps.db);

  router.get(['/api/product/questionaire/:id', '/api/v2/product/questionaire/:id'], async (req, res) => {
    const productId = productIdParam(req.params.id);
    await visibleOwner(deps.db, productId);
    const rows: QuestionRow[] = await questionsOf(deps.db)
      .where('q.product_id', productId)
      .orderBy([
        { column: 'q.created_at', order: 'desc' },
        { column: 'q.id', order: 'desc' },
      ]);
    ok(res, { questions: rows.map(toQuestion) });
  });

  router.post(['/api/product/questionaire', '/api/product/qa'], requireUser, async (req, res) => {
    const body = parse<{ productId: number; question: string }>(askSchema, req.body);
    const userId = authOf(res).user.id;
    if ((await visibleOwner(deps.db, body.productId)) === userId) throw new HttpError(403, messages.ownQuestion);
    const now = new Date();
    const [id] = await deps.db('product_questions').insert({
      product_id: body.productId,
      user_id: userId,
      question: body.question.trim(),
      created_at: now,
      updated_at: now,
    });
    const row: QuestionRow = await questionsOf(deps.db).where('q.id', Number(id)).first();
    created(res, { question: toQuestion(row) }, messages.questionPosted);
  });

  router.post('/api/product/qa/answer', requireUser, async (req, res) => {
    const body = parse<{ questionId: number; answer: string }>(answerSchema, req.body);
    const userId = authOf(res).user.id;
    const question = await deps.db('product_questions').where({ id: body.questionId }).first('product_id');
    if (!question) throw new HttpError(404, messages.notFound);
    if ((await visibleOwner(deps.db, question.product_id)) !== userId) {
      throw new HttpError(403, messages.onlyOwnerAnswers);
    }
    await deps
      .db('product_questions')
      .where({ id: body.questionId })
      .update({ answer: body.answer.trim(), updated_at: new Date() });
    const row: QuestionRow = await questionsOf(deps.db).where('q.id', body.questionId).first();
    ok(res, { question: toQuestion(row) }, messages.answerPosted);
  });

  return router;
}
