import type { Knex } from 'knex';

/**
 * Issue 33, finding 4: an idempotency key is kept with what it was asked for (a hash of the amount, the fee, the
 * payer or seller, the account), so that the same key asked again for something else is refused, as Stripe
 * refuses a key reused with other parameters, instead of answering with the first movement. Null on the rows
 * written before: those keys are checked by their kind and payment only, as they were.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ledger_transactions', (t) => {
    t.string('params_hash', 64).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ledger_transactions', (t) => {
    t.dropColumn('params_hash');
  });
}
