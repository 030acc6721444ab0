import type { Knex } from 'knex';

/**
 * What a user is told (spec section 7, Other: the header's unread badge, /api/notification/count): one row
 * per notification, unread until read_at. The chat and notifications issue writes and lists them; the count
 * is served from the start, so that clients are built against the real call.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notifications', (t) => {
    t.bigIncrements('id').primary();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('kind', 32).notNullable();
    t.string('title', 200).notNullable();
    t.string('body', 1000).notNullable();
    // where the notification leads (a browser route), when it leads somewhere
    t.string('link', 255).nullable();
    t.datetime('read_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    // the unread count reads this range alone
    t.index(['user_id', 'read_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('notifications');
}
