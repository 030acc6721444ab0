import type { Knex } from 'knex';

/**
 * The top-level categories a user cares about (spec section 7, Liked: GET /api/categories/user, POST
 * /api/user/savecategories), picked after sign-up and in the account menu; home shows their fresh listings
 * first.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_categories', (t) => {
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('category_id').unsigned().notNullable().references('id').inTable('categories').onDelete('CASCADE');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.primary(['user_id', 'category_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('user_categories');
}
