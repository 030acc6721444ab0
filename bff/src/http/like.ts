import type { Knex } from '@swapstuff/db';

/**
 * `column` contains `text`, ignoring case, with % and _ in the text taken literally on both engines. The
 * escape character is named, and is not the backslash: SQLite has no default one, and a backslash would
 * have to be written differently in each engine's string literals.
 */
export function whereContains(query: Knex.QueryBuilder, column: string, text: string): Knex.QueryBuilder {
  const pattern = `%${text.toLowerCase().replace(/[!%_]/g, '!$&')}%`;
  return query.whereRaw(`lower(??) like ? escape '!'`, [column, pattern]);
}
