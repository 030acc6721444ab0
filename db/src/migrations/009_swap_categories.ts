import type { Knex } from 'knex';

/**
 * What a listing's owner would swap it for, by category (ours, beside the spec's free-text swapProduct):
 * top-level categories, shown on the item page.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('product_swap_categories', (t) => {
    t.integer('product_id').unsigned().notNullable().references('id').inTable('products').onDelete('CASCADE');
    t.integer('category_id').unsigned().notNullable().references('id').inTable('categories').onDelete('CASCADE');
    t.primary(['product_id', 'category_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('product_swap_categories');
}
