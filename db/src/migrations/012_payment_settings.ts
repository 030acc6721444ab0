import type { Knex } from 'knex';

/**
 * Settings the platform's staff change without a release (issue 12; admin-editable later), one row per
 * key, its value a JSON document: `fees` holds the fee quote's settings (contracts' FeeSettings, read by
 * bff/src/api/fees): the processing fee and the discount on it, each a percentage in basis points
 * (500 = 5 %) or a fixed amount in cents, and an optional floor and cap on the fee in cents.
 * Times are epoch milliseconds on both engines.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('settings', (t) => {
    t.string('key', 64).primary();
    t.text('value').notNullable();
    t.bigInteger('updated_at').notNullable();
  });
  // the defaults as of this migration (contracts' DEFAULT_FEE_SETTINGS): 5 % of the item price, no
  // discount, no floor or cap. Written out here, so that a later change of the defaults does not change
  // what this migration did.
  await knex('settings').insert({
    key: 'fees',
    value: JSON.stringify({
      fee: { unit: 'percentage', basisPoints: 500 },
      discount: { unit: 'percentage', basisPoints: 0 },
      feeFloorCents: null,
      feeCapCents: null,
    }),
    updated_at: Date.now(),
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('settings');
}
