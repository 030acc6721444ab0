import Joi from 'joi';
import { messages } from '@swapstuff/contracts';
import { pagingKeys } from '../../http';

/**
 * Spec: category list body search, perPage (30 from the search bar), pageNumber, fetchcategories
 * ("all" for the upload form); categoryId picks the children of one category.
 */
export const categoryListSchema = Joi.object({
  categoryId: Joi.number().integer().min(1).allow(null, ''),
  search: Joi.string().max(100).allow('', null),
  ...pagingKeys(),
  fetchcategories: Joi.string().allow('', null),
}).messages({ '*': messages.validationFailed });

export interface CategoryListBody {
  categoryId?: number | '' | null;
  search?: string | null;
  perPage: number;
  pageNumber: number;
  fetchcategories?: string | null;
}
