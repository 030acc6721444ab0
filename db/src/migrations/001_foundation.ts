import type { Knex } from 'knex';

/**
 * Foundation tables. Dates are always written by the application as JS Dates (mysql2 with timezone 'Z'
 * stores UTC; better-sqlite3 stores epoch milliseconds), never as database defaults, so comparisons behave
 * the same on both engines. Read them back through `toDate` in db/src/index.ts.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.string('first_name', 50).nullable();
    t.string('last_name', 50).nullable();
    // business accounts keep their businessUsername here too, so both kinds share one namespace
    t.string('username', 20).notNullable().unique();
    t.string('email', 254).notNullable().unique();
    t.string('phone_no', 32).nullable();
    t.string('avatar', 512).nullable();
    t.string('customer_id', 64).nullable();
    t.boolean('is_business').notNullable().defaultTo(false);
    t.string('businessName', 50).nullable();
    t.string('businessUsername', 20).nullable();
    t.string('businessEINNumber', 9).nullable();
    t.string('businessEmail', 254).nullable();
    t.string('address', 255).nullable();
    t.string('city', 100).nullable();
    t.string('state', 100).nullable();
    t.string('zip', 20).nullable();
    t.string('role', 16).notNullable().defaultTo('user');
    t.string('password_hash', 255).notNullable();
    t.datetime('password_changed_at', { precision: 3 }).nullable();
    t.datetime('deleted_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
  });

  await knex.schema.createTable('auth_tokens', (t) => {
    t.increments('id').primary();
    // sha256 hex of the bearer token: a database leak does not hand out sessions
    t.string('token_hash', 64).notNullable().unique();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('kind', 8).notNullable().defaultTo('mobile');
    t.string('push_token', 512).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('last_used_at', { precision: 3 }).notNullable();
    t.datetime('revoked_at', { precision: 3 }).nullable();
    t.index(['user_id']);
  });

  // The shape connect-session-knex expects (it would create it itself; we own the schema instead).
  await knex.schema.createTable('sessions', (t) => {
    t.string('sid', 255).primary();
    t.text('sess').notNullable();
    t.datetime('expired').notNullable().index();
  });

  await knex.schema.createTable('password_resets', (t) => {
    t.increments('id').primary();
    t.string('token_hash', 64).notNullable().unique();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.datetime('expires_at', { precision: 3 }).notNullable();
    t.datetime('used_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['user_id']);
  });

  await knex.schema.createTable('login_attempts', (t) => {
    t.increments('id').primary();
    t.string('key', 300).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['key', 'created_at']);
    t.index(['created_at']);
  });

  await knex.schema.createTable('categories', (t) => {
    t.increments('id').primary();
    t.string('name', 100).notNullable();
    t.string('slug', 100).notNullable().unique();
    t.string('image', 512).nullable();
    t.integer('parent_id').unsigned().nullable().references('id').inTable('categories').onDelete('CASCADE');
    t.integer('sort_order').notNullable().defaultTo(0);
    t.index(['parent_id', 'sort_order']);
  });

  await knex.schema.createTable('delete_account_reasons', (t) => {
    t.increments('id').primary();
    t.string('name', 255).notNullable();
    t.integer('sort_order').notNullable().defaultTo(0);
  });

  // One row per seed that ran: its primary key makes concurrent seeders agree on a single winner.
  await knex.schema.createTable('seed_runs', (t) => {
    t.string('name', 100).primary();
    t.datetime('ran_at', { precision: 3 }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'seed_runs',
    'delete_account_reasons',
    'categories',
    'login_attempts',
    'password_resets',
    'sessions',
    'auth_tokens',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
