import type { Knex } from 'knex';

/**
 * Issue 16, chat's second part: a message may carry one photo (an image its sender uploaded through the image
 * pipeline; the text may then be empty), and a member may mute a conversation (no badge, no notification for it).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chat_messages', (t) => {
    t.integer('image_id').unsigned().nullable().references('id').inTable('images');
  });
  await knex.schema.alterTable('chat_members', (t) => {
    t.boolean('muted').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chat_members', (t) => t.dropColumn('muted'));
  await knex.schema.alterTable('chat_messages', (t) => {
    t.dropForeign(['image_id']);
    t.dropColumn('image_id');
  });
}
