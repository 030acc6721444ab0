import Joi from 'joi';
import { SUGGESTIONS } from '@swapstuff/contracts';
import { pagingKeys, type Paging } from '../../http';
import type { SearchSort, SearchType } from './repo';

/** The deepest page a search reaches: offsets past it cost more than anyone reads. */
const MAX_PAGE = 10000;

export const searchSchema = Joi.object({
  keyword: Joi.string().trim().max(100).allow('', null),
  search: Joi.string().trim().max(100).allow('', null),
  categoryId: Joi.number().integer().positive().empty(['', 'all', null]),
  category: Joi.number().integer().positive().empty(['', 'all', null]),
  sort: Joi.valid('relevance', 'newest', 'price_asc', 'price_desc').default('relevance'),
  type: Joi.valid('all', 'buy', 'swap').default('all'),
  ...pagingKeys(MAX_PAGE),
});

export interface SearchBody extends Paging {
  keyword?: string | null;
  search?: string | null;
  categoryId?: number;
  category?: number;
  sort: SearchSort;
  type: SearchType;
}

export const suggestionSchema = Joi.object({
  keyword: Joi.string().trim().max(100).allow('', null),
  limit: Joi.number().integer().min(1).max(SUGGESTIONS.limit).default(SUGGESTIONS.limit),
});

export interface SuggestionBody {
  keyword?: string | null;
  limit: number;
}
