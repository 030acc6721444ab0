import Joi from 'joi';
import { messages } from '@swapstuff/contracts';
import { idSchema } from '../../http';

/** POST /api/user/savecategories: the whole list, each id once (an empty list clears it). */
export const saveSchema = Joi.object({
  categoryIds: Joi.array().items(idSchema(messages.likedCategoriesUnknown)).max(100).unique().required().messages({
    'array.base': messages.likedCategoriesUnknown,
    'array.max': messages.likedCategoriesUnknown,
    'array.unique': messages.likedCategoriesUnknown,
    'any.required': messages.likedCategoriesUnknown,
  }),
});

export interface SaveBody {
  categoryIds: number[];
}
