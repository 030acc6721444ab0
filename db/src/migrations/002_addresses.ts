import type { Knex } from 'knex';

/**
 * Addresses of a user (spec section 3): the listing form, swaps and shipping pick from them. `featured` = 1
 * marks the user's default; deleted addresses stay (soft delete) because listings and orders point at them.
 * Dates are written by the application, as in 001_foundation.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('addresses', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('street_1', 255).notNullable();
    t.string('street_2', 255).nullable();
    t.string('formatted_street_1', 512).notNullable();
    t.string('city', 100).notNullable();
    t.string('state', 100).notNullable();
    t.string('zip', 20).notNullable();
    t.string('country', 100).notNullable().defaultTo('United States');
    t.boolean('featured').notNullable().defaultTo(false);
    t.decimal('lat', 10, 7).nullable();
    t.decimal('lng', 10, 7).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.datetime('deleted_at', { precision: 3 }).nullable();
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('addresses');
}
