import type { Knex } from 'knex';

/** What a member may say their feedback is about; the last, Other, asks for a message (spec section 5). */
const feedbackReasons = [
  'Something is not working',
  'An idea to make Swapstuff better',
  'Buying or selling',
  'Swaps',
  'Other',
];

/**
 * Feedback (issue 15): a member's rating of their experience, a reason (report_reasons of kind 'feedback', whose
 * last one needs text), a message and up to three photos (the images a user uploads on their own). Support
 * reads it later; the member sees their own.
 */
export async function up(knex: Knex): Promise<void> {
  await knex('report_reasons').insert(
    feedbackReasons.map((name, i) => ({
      kind: 'feedback',
      name,
      sort_order: i,
      needs_text: i === feedbackReasons.length - 1,
    })),
  );
  await knex.schema.createTable('feedback', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    // whole stars, 1 to 5
    t.tinyint('rating').notNullable();
    t.integer('reason_id').unsigned().notNullable().references('id').inTable('report_reasons');
    t.string('message', 1000).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['user_id', 'created_at']);
  });
  await knex.schema.createTable('feedback_images', (t) => {
    t.increments('id').primary();
    t.integer('feedback_id').unsigned().notNullable().references('id').inTable('feedback').onDelete('CASCADE');
    t.string('file_name', 255).notNullable();
    t.integer('width').unsigned().notNullable();
    t.integer('height').unsigned().notNullable();
    t.tinyint('position').notNullable();
    t.index(['feedback_id', 'position']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('feedback_images');
  await knex.schema.dropTableIfExists('feedback');
  await knex('report_reasons').where({ kind: 'feedback' }).delete();
}
