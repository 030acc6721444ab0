import type { Knex } from 'knex';

/**
 * Issue 15: the accounts people sign in to with a provider (OpenID Connect): the provider's stable id of the
 * person (`sub`) points at one of our users; one user may have several (Google and Apple).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('social_identities', (t) => {
    t.increments('id').primary();
    t.string('provider', 16).notNullable();
    t.string('subject', 255).notNullable();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.unique(['provider', 'subject']);
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('social_identities');
}
