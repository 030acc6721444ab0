import type { Knex } from 'knex';

/**
 * Issue 33: an authorization asked for is written down before the provider is asked, by its idempotency key and
 * what it asked (`request`, JSON): one whose answer was lost (the database down when it came, the api killed
 * while it waited) is asked again later with the same key, which the provider answers with the authorization it
 * made, and that one is voided like any hold nobody claimed (`card_holds`). The row goes once its answer is kept.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('card_hold_requests', (t) => {
    t.string('idempotency_key', 190).primary();
    // no foreign key: as card_holds, a request outlives its user's row
    t.integer('user_id').unsigned().notNullable();
    t.text('request').notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('card_hold_requests');
}
