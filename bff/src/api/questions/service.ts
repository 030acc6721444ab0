import { messages, type Question } from '@swapstuff/contracts';
import { withTransaction } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { HttpError } from '../../http';
import { findViewable } from '../catalog';
import { questionsRepo } from './repo';
import type { AnswerBody, AskBody } from './schemas';
import { requireNoBlock } from '../blocks';

/** The owner of a listing anyone may see (not deleted, seller neither blocked nor deleted). */
async function viewableOwner(deps: ApiDeps, productId: number): Promise<number> {
  const listing = await findViewable(deps.db, productId);
  if (!listing) throw new HttpError(404, messages.productNotFound);
  return listing.user_id;
}

async function reload(deps: ApiDeps, id: number): Promise<Question> {
  const question = await questionsRepo.byId(deps.db, id);
  if (!question) throw new HttpError(404, messages.notFound);
  return question;
}

export async function ofListing(deps: ApiDeps, productId: number): Promise<Question[]> {
  await viewableOwner(deps, productId);
  return questionsRepo.ofListing(deps.db, productId);
}

/** Anyone but the owner asks, unless one of the two blocks the other. */
export async function ask(deps: ApiDeps, userId: number, body: AskBody): Promise<Question> {
  const ownerId = await viewableOwner(deps, body.productId);
  if (ownerId === userId) throw new HttpError(403, messages.ownQuestion);
  await requireNoBlock(deps.db, userId, ownerId);
  const id = await withTransaction(deps.db, async (trx) => {
    const questionId = await questionsRepo.insert(trx, body.productId, userId, body.question.trim());
    await deps.events.emit(trx, 'question.asked', { questionId, listingId: body.productId });
    return questionId;
  });
  return reload(deps, id);
}

/** Only the owner answers (spec section 6). */
export async function answer(deps: ApiDeps, userId: number, body: AnswerBody): Promise<Question> {
  const productId = await questionsRepo.listingOf(deps.db, body.questionId);
  if (productId === undefined) throw new HttpError(404, messages.notFound);
  if ((await viewableOwner(deps, productId)) !== userId) throw new HttpError(403, messages.onlyOwnerAnswers);
  await withTransaction(deps.db, async (trx) => {
    await questionsRepo.setAnswer(trx, body.questionId, body.answer.trim());
    await deps.events.emit(trx, 'question.answered', { questionId: body.questionId, listingId: productId });
  });
  return reload(deps, body.questionId);
}
