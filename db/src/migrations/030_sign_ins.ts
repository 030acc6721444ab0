import type { Knex } from 'knex';

/**
 * Issue 34: every sign-in (password, social, staff) with the address it came from, for support's page of a member
 * ("signed in from an address abroad an hour before the dispute?"). Read newest first, 20 at a time.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sign_ins', (t) => {
    t.bigIncrements('id').primary();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('kind', 8).notNullable(); // web | mobile | staff
    t.string('ip', 64).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['user_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('sign_ins');
}
