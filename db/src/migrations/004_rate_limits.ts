import type { Knex } from 'knex';

/**
 * Rate limits as one counter row per key, incremented atomically before the attempt it counts is tried
 * (bff/src/api/auth/rate-limit.ts). It replaces login_attempts, a row per attempt counted before the
 * attempt was recorded, which 200 parallel requests could all pass. Keys are SHA-256 hex: the table holds
 * no e-mail or address in clear. Times are epoch milliseconds on both engines.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limits', (t) => {
    t.specificType('key_hash', 'char(64)').primary();
    t.integer('points').notNullable();
    t.bigInteger('reset_at').notNullable().index();
  });
  await knex.schema.dropTableIfExists('login_attempts');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rate_limits');
  await knex.schema.createTable('login_attempts', (t) => {
    t.increments('id').primary();
    t.string('key', 300).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['key', 'created_at']);
    t.index(['created_at']);
  });
}
