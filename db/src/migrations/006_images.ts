import type { Knex } from 'knex';

/**
 * Images uploaded on their own (POST /api/upload/image): a feedback photo, an avatar, dispute evidence.
 * Each upload is a row of its uploader, so that the feature that later uses an image can check it is the
 * user's own; the file is content-addressed (`images/<sha256>.jpg`), so two rows may share one file.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('images', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('file_name', 255).notNullable();
    t.integer('width').unsigned().notNullable();
    t.integer('height').unsigned().notNullable();
    t.integer('bytes').unsigned().notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['user_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('images');
}
