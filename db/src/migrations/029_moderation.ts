import type { Knex } from 'knex';

/**
 * Issue 34: moderation. Staff hide a reported listing (it leaves search, home, likes and its page for everyone but
 * its owner, through the visible-listing rule) or a reported review, and restore it; or dismiss the reports.
 * Each report keeps how it was handled, so that its reporter can be told. A suspended account (`users.blocked_at`,
 * there since the catalogue) now keeps the reason its owner is shown.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('suspension_reason', 500).nullable();
  });
  await knex.schema.alterTable('products', (t) => {
    t.datetime('hidden_at', { precision: 3 }).nullable();
  });
  await knex.schema.alterTable('ratings', (t) => {
    t.datetime('hidden_at', { precision: 3 }).nullable();
  });
  for (const table of ['product_reports', 'review_reports']) {
    await knex.schema.alterTable(table, (t) => {
      t.datetime('handled_at', { precision: 3 }).nullable();
    });
  }
  // how a report was handled: hidden (the target was hidden, or its user suspended) or dismissed
  for (const table of ['product_reports', 'review_reports', 'user_reports']) {
    await knex.schema.alterTable(table, (t) => {
      t.string('outcome', 16).nullable();
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['product_reports', 'review_reports', 'user_reports']) {
    await knex.schema.alterTable(table, (t) => t.dropColumn('outcome'));
  }
  for (const table of ['product_reports', 'review_reports']) {
    await knex.schema.alterTable(table, (t) => t.dropColumn('handled_at'));
  }
  await knex.schema.alterTable('ratings', (t) => t.dropColumn('hidden_at'));
  await knex.schema.alterTable('products', (t) => t.dropColumn('hidden_at'));
  await knex.schema.alterTable('users', (t) => t.dropColumn('suspension_reason'));
}
