import { endpoints, messages } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { created, ok } from '../../http';
import { authOf } from '../auth';
import { productIdParam } from '../products';
import type { ApiRouter } from '../router';
import { answerSchema, askSchema, type AnswerBody, type AskBody } from './schemas';
import * as questions from './service';

/** Spec sections 2, 5 and 6: ask (not empty), list (newest first), and only the owner answers (≤ 255). */
export function questionsRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle(endpoints.questions, {}, async ({ req, res }) => {
    ok(res, { questions: await questions.ofListing(deps, productIdParam(req.params.id)) });
  });

  api.handle<AskBody>(endpoints.askQuestion, { schema: askSchema }, async ({ input, res }) => {
    const question = await questions.ask(deps, authOf(res).user.id, input);
    created(res, { question }, messages.questionPosted);
  });

  api.handle<AnswerBody>(endpoints.answerQuestion, { schema: answerSchema }, async ({ input, res }) => {
    const question = await questions.answer(deps, authOf(res).user.id, input);
    ok(res, { question }, messages.answerPosted);
  });
}
