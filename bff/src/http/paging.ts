import Joi from 'joi';
import type { Knex } from '@swapstuff/db';

export interface Paging {
  pageNumber: number;
  perPage: number;
}

/** Page sizes: 30 unless asked, never more than 100 (the search bar asks for 30, the spec's default). */
export const PER_PAGE_DEFAULT = 30;
export const PER_PAGE_MAX = 100;

/** pageNumber and perPage of a list body; `maxPage` bounds how deep an offset may reach. */
export function pagingKeys(maxPage?: number): { pageNumber: Joi.NumberSchema; perPage: Joi.NumberSchema } {
  const pageNumber = Joi.number().integer().min(1).default(1);
  return {
    pageNumber: maxPage === undefined ? pageNumber : pageNumber.max(maxPage),
    perPage: Joi.number().integer().min(1).max(PER_PAGE_MAX).default(PER_PAGE_DEFAULT),
  };
}

/**
 * A page of `query` and the number of its rows: the count drops the select list, the page keeps the
 * query's order. For lists a user keeps (their listings, their likes), which stay small; catalogue search
 * counts up to a cap instead (search/repo.ts).
 */
export async function countedPage<Row>(
  query: Knex.QueryBuilder,
  order: Parameters<Knex.QueryBuilder['orderBy']>[0],
  { pageNumber, perPage }: Paging,
): Promise<{ rows: Row[]; total: number }> {
  const [{ total }] = await query.clone().clearSelect().count({ total: '*' });
  const rows: Row[] = await query
    .orderBy(order)
    .limit(perPage)
    .offset((pageNumber - 1) * perPage);
  return { rows, total: Number(total) };
}
