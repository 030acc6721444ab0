import type { Knex } from 'knex';

/**
 * Issue 16, notifications: each is written by the outbox row of the event it tells of (`event_id`), at most once
 * per user, so an event worked off again (a retry, a replay) tells no one twice; `due_at` is a deadline it
 * announces (a swap's details). The list reads a user's newest first. Which important events a user also wants by
 * e-mail: a row per topic they changed (none: all on).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (t) => {
    t.bigInteger('event_id').unsigned().nullable();
    t.datetime('due_at', { precision: 3 }).nullable();
    t.unique(['event_id', 'user_id']);
    t.index(['user_id', 'id']);
  });
  await knex.schema.createTable('email_preferences', (t) => {
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('topic', 16).notNullable();
    t.boolean('enabled').notNullable();
    t.primary(['user_id', 'topic']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('email_preferences');
  await knex.schema.alterTable('notifications', (t) => {
    t.dropIndex(['user_id', 'id']);
    t.dropUnique(['event_id', 'user_id']);
    t.dropColumn('due_at');
    t.dropColumn('event_id');
  });
}
