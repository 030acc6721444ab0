import { answerRules, messages, questionRules } from '@swapstuff/contracts';
import { idSchema } from '../../http';
import { compileForm } from '../validation';

export const askSchema = compileForm(questionRules, { productId: idSchema(messages.productNotFound).required() });
export const answerSchema = compileForm(answerRules, { questionId: idSchema(messages.notFound).required() });

export interface AskBody {
  productId: number;
  question: string;
}

export interface AnswerBody {
  questionId: number;
  answer: string;
}
