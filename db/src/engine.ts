import type { Knex } from 'knex';

export function isSqlite(knex: Knex): boolean {
  return knex.client.config.client === 'better-sqlite3';
}

/** Dates come back as Date from mysql2 and as epoch milliseconds from SQLite. */
export function toDate(value: Date | number | string): Date {
  return value instanceof Date ? value : new Date(value);
}
