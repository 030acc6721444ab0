import type { Knex } from '@swapstuff/db';

/**
 * `column` contains `text`, ignoring case, with % and _ in the text taken literally on both engines. The
 * escape character is named, and is not the backslash: SQLite has no default one, and a backslash would
 * have to be written differently in each engine's string literals.
 */
export function whereContains(query: Knex.QueryBuilder, column: string, text: string): Knex.QueryBuilder {
  return query.whereRaw(`lower(??) like ? escape '!'`, [column, `%${literal(text)}%`]);
}

/** One of `columns` starts with `text`, the same way (the support console's search of e-mails and usernames). */
export function whereAnyStartsWith(query: Knex.QueryBuilder, columns: string[], text: string): Knex.QueryBuilder {
  return query.where((any) => {
    for (const column of columns) any.orWhereRaw(`lower(??) like ? escape '!'`, [column, `${literal(text)}%`]);
  });
}

const literal = (text: string) => text.toLowerCase().replace(/[!%_]/g, '!$&');
