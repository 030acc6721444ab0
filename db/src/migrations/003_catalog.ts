import type { Knex } from 'knex';

/** The Report dialog's choices (spec section 2); the last, Other, needs at least 10 written characters. */
const productReportReasons = [
  'Prohibited or illegal item',
  'Counterfeit or replica',
  'Misleading description or photos',
  'Suspected scam or fraud',
  'Offensive content',
  'Other',
];
const userReportReasons = ['Harassment or abuse', 'Spam', 'Scam or fraud', 'Impersonation', 'Other'];

const isSqlite = (knex: Knex) => knex.client.config.client === 'better-sqlite3';

/**
 * The catalog (spec sections 3 and 4): listings with photos, videos and dimensions, likes, questions,
 * report reasons and reports. Money is integer cents. Dates are written by the application, as in
 * 001_foundation. Keyword search has an index of its own, search_terms (db/src/search.ts), the same on
 * both engines; the indexes on products serve browsing by category, newest (highest id) and price first.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    // an account suspended by staff: its listings leave search and detail until it is lifted
    t.datetime('blocked_at', { precision: 3 }).nullable();
  });

  await knex.schema.createTable('products', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    // the most specific category picked (a child when the form sent a subCategory)
    t.integer('category_id').unsigned().notNullable().references('id').inTable('categories');
    // its top-level category (itself when it has none): browsing a top-level category reads one index range
    t.integer('top_category_id').unsigned().notNullable().references('id').inTable('categories');
    t.string('title', 64).notNullable();
    t.text('description').notNullable();
    // 0 In Trade, 1 Active, 2 In Process, 3 Swapped, 4 Disputed, 5 Deleted
    t.tinyint('status').notNullable().defaultTo(1);
    t.integer('price_cents').unsigned().notNullable();
    t.boolean('is_buyable').notNullable().defaultTo(false);
    t.string('condition', 16).notNullable();
    t.integer('address_id').unsigned().nullable().references('id').inTable('addresses');
    t.string('city', 100).notNullable();
    t.string('state', 100).notNullable();
    t.string('zip', 20).notNullable();
    t.string('swap_product', 255).nullable();
    t.boolean('open_for_offer').notNullable().defaultTo(true);
    t.integer('reports_count').unsigned().notNullable().defaultTo(0);
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    // browsing active listings: newest first or by price, in all, a top-level category or a category.
    // Each ends with (id, user_id, is_buyable): a page reads it in id order, and the seller check, the buy /
    // swap filter and the capped count never read a listing's row
    const browsing = { all: [], top: ['top_category_id'], category: ['category_id'] };
    for (const [name, filter] of Object.entries(browsing)) {
      t.index(['status', ...filter, 'id', 'user_id', 'is_buyable'], `products_browse_${name}_newest`);
      t.index(['status', ...filter, 'price_cents', 'id', 'user_id', 'is_buyable'], `products_browse_${name}_price`);
    }
    t.index(['user_id', 'status']);
  });

  await knex.schema.createTable('product_images', (t) => {
    t.increments('id').primary();
    t.integer('product_id').unsigned().notNullable().references('id').inTable('products').onDelete('CASCADE');
    // the storage key; the api turns it into a URL
    t.string('file_name', 255).notNullable();
    t.integer('width').unsigned().notNullable();
    t.integer('height').unsigned().notNullable();
    t.integer('bytes').unsigned().notNullable();
    t.boolean('featured').notNullable().defaultTo(false);
    t.integer('sort_order').notNullable().defaultTo(0);
    t.index(['product_id', 'sort_order']);
  });

  await knex.schema.createTable('product_videos', (t) => {
    t.increments('id').primary();
    t.integer('product_id').unsigned().notNullable().references('id').inTable('products').onDelete('CASCADE');
    t.string('file_name', 255).notNullable();
    t.string('mime', 32).notNullable();
    t.integer('bytes').unsigned().notNullable();
    t.integer('sort_order').notNullable().defaultTo(0);
    t.index(['product_id', 'sort_order']);
  });

  // the spec's `productdimention`: only buyable listings have one; sizes in inches
  await knex.schema.createTable('product_dimensions', (t) => {
    t.integer('product_id').unsigned().primary().references('id').inTable('products').onDelete('CASCADE');
    t.decimal('length', 8, 2).notNullable();
    t.decimal('width', 8, 2).notNullable();
    t.decimal('height', 8, 2).notNullable();
    t.decimal('pounds', 8, 2).notNullable();
    t.decimal('ounces', 8, 2).notNullable().defaultTo(0);
    t.string('size_unit', 16).notNullable().defaultTo('inches');
  });

  await knex.schema.createTable('product_likes', (t) => {
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('product_id').unsigned().notNullable().references('id').inTable('products').onDelete('CASCADE');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.primary(['user_id', 'product_id']);
    t.index(['product_id']);
  });

  await knex.schema.createTable('product_questions', (t) => {
    t.increments('id').primary();
    t.integer('product_id').unsigned().notNullable().references('id').inTable('products').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('question', 500).notNullable();
    t.string('answer', 255).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.index(['product_id', 'created_at']);
  });

  // reasons for reporting a listing (kind 'product') or a user (kind 'user'); the last one of a kind
  // is "Other", which needs a written reason
  await knex.schema.createTable('report_reasons', (t) => {
    t.increments('id').primary();
    t.string('kind', 16).notNullable();
    t.string('name', 255).notNullable();
    t.boolean('needs_text').notNullable().defaultTo(false);
    t.integer('sort_order').notNullable().defaultTo(0);
    t.index(['kind', 'sort_order']);
  });

  // reference data that ships with the schema, so databases seeded before this migration get it too
  await knex('report_reasons').insert(
    [
      ...productReportReasons.map((name, i) => ({ kind: 'product', name, sort_order: i })),
      ...userReportReasons.map((name, i) => ({ kind: 'user', name, sort_order: i })),
    ].map((row, _i, all) => ({
      ...row,
      needs_text: all.filter((r) => r.kind === row.kind).at(-1) === row,
    })),
  );

  await knex.schema.createTable('product_reports', (t) => {
    t.increments('id').primary();
    t.integer('product_id').unsigned().notNullable().references('id').inTable('products').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('reason_id').unsigned().notNullable().references('id').inTable('report_reasons');
    t.string('reason_text', 1000).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.unique(['product_id', 'user_id']);
  });

  // the search index (db/src/search.ts): clustered by word, title matches and the newest last in a word's
  // range so a page is read backwards from there; (product_id, term) finds a listing's words
  if (isSqlite(knex)) {
    await knex.raw(`CREATE TABLE search_terms (
      term TEXT NOT NULL,
      product_id INTEGER NOT NULL,
      in_title INTEGER NOT NULL,
      top_category_id INTEGER NOT NULL,
      category_id INTEGER NOT NULL,
      is_buyable INTEGER NOT NULL,
      price_cents INTEGER NOT NULL,
      PRIMARY KEY (term, in_title, product_id)
    ) WITHOUT ROWID`);
  } else {
    await knex.schema.createTable('search_terms', (t) => {
      // compared byte for byte: words are folded by the application, identically for both engines
      t.string('term', 40).collate('utf8mb4_bin').notNullable();
      t.integer('product_id').unsigned().notNullable();
      t.boolean('in_title').notNullable();
      t.integer('top_category_id').unsigned().notNullable();
      t.integer('category_id').unsigned().notNullable();
      t.boolean('is_buyable').notNullable();
      t.integer('price_cents').unsigned().notNullable();
      t.primary(['term', 'in_title', 'product_id']);
    });
  }
  await knex.raw('CREATE INDEX search_terms_product_id_term_index ON search_terms (product_id, term)');
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'search_terms',
    'product_reports',
    'report_reasons',
    'product_questions',
    'product_likes',
    'product_dimensions',
    'product_videos',
    'product_images',
    'products',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.schema.alterTable('users', (t) => t.dropColumn('blocked_at'));
}
