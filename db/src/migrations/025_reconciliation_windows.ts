import type { Knex } from 'knex';

/**
 * Issue 33, finding 5: the reconciliation compares one window of time at a time instead of the provider's whole
 * history every hour. Each run keeps the window it compared (epoch ms, [from, to)); the next one starts where
 * the last one ended. Null on the runs before: the first windowed run starts at the beginning. The ledger's
 * side of a window is read by its transactions' time.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ledger_reconciliations', (t) => {
    t.bigInteger('window_from').nullable();
    t.bigInteger('window_to').nullable().index();
  });
  await knex.schema.alterTable('ledger_transactions', (t) => {
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ledger_transactions', (t) => {
    t.dropIndex(['created_at']);
  });
  await knex.schema.alterTable('ledger_reconciliations', (t) => {
    t.dropIndex(['window_to']);
    t.dropColumn('window_to');
    t.dropColumn('window_from');
  });
}
