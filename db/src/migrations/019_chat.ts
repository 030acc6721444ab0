import type { Knex } from 'knex';

/**
 * Issue 16, chat: a conversation between two users, about a listing or not (`subject`: `product:<id>` or
 * `direct`), one per pair and subject; each member's read position; the messages, one per sender and client id
 * so that a retried send never stores a second copy. Sending writes only its message row (the latest message is
 * read by (chat_id, id)), so the messages of a busy conversation never queue on one row's lock.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('chats', (t) => {
    t.increments('id').primary();
    // the pair in id order: one conversation per pair and subject, whoever starts it
    t.integer('user_low_id').unsigned().notNullable().references('id').inTable('users');
    t.integer('user_high_id').unsigned().notNullable().references('id').inTable('users');
    t.integer('product_id').unsigned().nullable().references('id').inTable('products');
    t.string('subject', 40).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.unique(['user_low_id', 'user_high_id', 'subject']);
  });

  await knex.schema.createTable('chat_members', (t) => {
    t.integer('chat_id').unsigned().notNullable().references('id').inTable('chats').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users');
    // the last message of the other user this member has read (message ids grow with time)
    t.integer('last_read_id').unsigned().notNullable().defaultTo(0);
    t.primary(['chat_id', 'user_id']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('chat_messages', (t) => {
    t.increments('id').primary();
    t.integer('chat_id').unsigned().notNullable().references('id').inTable('chats').onDelete('CASCADE');
    t.integer('sender_id').unsigned().notNullable().references('id').inTable('users');
    t.text('body').notNullable();
    t.string('client_id', 64).notNullable();
    t.boolean('off_platform').notNullable().defaultTo(false);
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.unique(['sender_id', 'client_id']);
    t.index(['chat_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('chat_messages');
  await knex.schema.dropTableIfExists('chat_members');
  await knex.schema.dropTableIfExists('chats');
}
