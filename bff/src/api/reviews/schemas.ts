import Joi from 'joi';
import { messages, orderMessages, ratingRules } from '@swapstuff/contracts';
import { idSchema, pagingKeys } from '../../http';
import { compileField } from '../validation';

const object = (keys: Joi.PartialSchemaMap) => Joi.object(keys).messages({ 'object.base': messages.validationFailed });

/** Half stars from 0.5 to 5 (spec section 5). */
const stars = Joi.number()
  .min(0.5)
  .max(5)
  .custom((value: number, helpers) => (Number.isInteger(value * 2) ? value : helpers.error('number.base')))
  .required()
  .messages({ '*': orderMessages.ratingRequired });

/** The comment's length counts without the spaces around it (contracts' RATING_COMMENT). */
const comments = (compileField(ratingRules.comments) as Joi.StringSchema).trim();

export const rateUserSchema = object({
  orderId: idSchema(orderMessages.orderNotFound).required(),
  ratedStars: stars,
  comments,
});

export const buyNowReviewSchema = object({
  buyNowId: idSchema(orderMessages.orderNotFound).required(),
  rating: stars,
  comments,
});

export interface RatingInput {
  orderId: number;
  stars: number;
  comments: string;
}

export const ratingsSchema = object({ userId: idSchema(messages.notFound).required(), ...pagingKeys() });

export const voteSchema = object({
  rating_id: idSchema(orderMessages.reviewNotFound).required(),
  vote_type: Joi.valid('helpful', 'not_helpful').required().messages({ '*': orderMessages.voteFailed }),
});

export const reportSchema = object({
  rating_id: idSchema(orderMessages.reviewNotFound).required(),
  reason: Joi.string().trim().min(10).max(500).required().messages({ '*': orderMessages.reportReasonLength }),
});
