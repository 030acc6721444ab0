import { Router } from 'express';
import { messages } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { created, ok } from '../../http';
import { parse } from '../validation';
import { authOf, requireAuth } from '../auth';
import { productIdParam } from '../products';
import { answerSchema, askSchema, type AnswerBody, type AskBody } from './schemas';
import * as questions from './service';

/** Spec sections 2, 5 and 6: ask (not empty), list (newest first), and only the owner answers (≤ 255). */
export function questionsRoutes(deps: ApiDeps): Router {
  const router = Router();
  const requireUser = requireAuth(deps.db);

  router.get(['/api/product/questionaire/:id', '/api/v2/product/questionaire/:id'], async (req, res) => {
    ok(res, { questions: await questions.ofListing(deps, productIdParam(req.params.id)) });
  });

  router.post(['/api/product/questionaire', '/api/product/qa'], requireUser, async (req, res) => {
    const question = await questions.ask(deps, authOf(res).user.id, parse<AskBody>(askSchema, req.body));
    created(res, { question }, messages.questionPosted);
  });

  router.post('/api/product/qa/answer', requireUser, async (req, res) => {
    const question = await questions.answer(deps, authOf(res).user.id, parse<AnswerBody>(answerSchema, req.body));
    ok(res, { question }, messages.answerPosted);
  });

  return router;
}
