import type { Knex } from 'knex';

/**
 * The lighter copies of each listing photo (issue 11: AVIF and WebP at up to three widths), as JSON:
 * `[{ "file_name": storage key, "mime", "width", "height" }, …]`. Read only with the photo, never
 * queried on their own, so a column rather than a table. NULL for photos stored before: they are shown
 * as they were.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('product_images', (t) => {
    t.text('variants').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('product_images', (t) => {
    t.dropColumn('variants');
  });
}
