import type { Knex } from 'knex';

/**
 * Issue 15: one user blocking another, one user reporting another, and what an account's deletion leaves
 * behind for support (the reason and when; nothing that names the person).
 */
export async function up(knex: Knex): Promise<void> {
  // a block hides each from the other (search, home, likes) and stops offers, questions and messages both ways;
  // (blocked_id, blocker_id) answers "is there a block between these two" from either side
  await knex.schema.createTable('user_blocks', (t) => {
    t.integer('blocker_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('blocked_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.primary(['blocker_id', 'blocked_id']);
    t.index(['blocked_id', 'blocker_id']);
  });

  // one report per reporter and user, read by the support queue (a later issue) oldest unhandled first
  await knex.schema.createTable('user_reports', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('reporter_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('reason_id').unsigned().notNullable().references('id').inTable('report_reasons');
    t.string('reason_text', 1000).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('handled_at', { precision: 3 }).nullable();
    t.unique(['user_id', 'reporter_id']);
    t.index(['handled_at', 'created_at']);
  });

  await knex.schema.createTable('account_deletions', (t) => {
    t.increments('id').primary();
    // the erased account's row stays (orders, reviews and questions point at it)
    t.integer('user_id').unsigned().notNullable().unique().references('id').inTable('users');
    t.integer('reason_id').unsigned().notNullable().references('id').inTable('delete_account_reasons');
    t.datetime('created_at', { precision: 3 }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('account_deletions');
  await knex.schema.dropTableIfExists('user_reports');
  await knex.schema.dropTableIfExists('user_blocks');
}
