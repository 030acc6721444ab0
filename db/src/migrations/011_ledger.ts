import type { Knex } from 'knex';
import { isSqlite } from '../engine';

/**
 * The escrow ledger (issue 12; bff/src/api/ledger): double-entry, append-only, in integer cents.
 *
 * A transaction is a set of postings that sum to zero, written once under its idempotency key and never
 * changed: a correction is a new transaction. A posting's amount is signed, as seen by its account:
 * positive is money into it, negative money out of it (clearing → escrow is −x on provider:clearing and
 * +x on user:<id>:escrow). Every transaction sums to zero, so all balances together sum to zero, and
 * provider:clearing's balance is minus what the provider holds for the platform.
 *
 * `ledger_balances` is a snapshot of each account's balance, written in the transaction of the postings
 * it adds up; its row is also the lock that serializes movements of one account. `ledger_payments` is one
 * row per payment held in escrow: who paid, and the lock that serializes releases and refunds of it.
 * `ledger_reconciliations` keeps each comparison of the ledger with the provider's record.
 *
 * Times are epoch milliseconds on both engines.
 */
const APPEND_ONLY = ['ledger_transactions', 'ledger_postings'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ledger_transactions', (t) => {
    t.bigIncrements('id').primary();
    // chosen by the caller (hold:pi_…): a repeat of the same key finds this row instead of writing again
    t.string('idempotency_key', 190).notNullable().unique();
    // hold, release, refund_reserve, refund_settle, refund_cancel, payout_reserve, payout_settle, payout_cancel
    t.string('kind', 16).notNullable();
    // the provider's PaymentIntent (pi_…) the money belongs to; null for payouts
    t.string('payment_ref', 64).nullable().index();
    // what moved the money at the provider, as its balance transactions name it (ch_, re_, tr_)
    t.string('provider_object', 64).nullable().index();
    // a payout's po_… on the seller's connected account: not a movement of the platform's balance
    t.string('provider_payout', 64).nullable();
    t.bigInteger('created_at').notNullable();
  });

  await knex.schema.createTable('ledger_postings', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('transaction_id').unsigned().notNullable().references('id').inTable('ledger_transactions');
    // user:<id>:available|escrow|payable, platform:fees, provider:clearing
    t.string('account', 64).notNullable();
    t.bigInteger('amount_cents').notNullable();
    // replaying an account reads this range alone
    t.index(['account', 'id']);
    t.index(['transaction_id']);
  });

  await knex.schema.createTable('ledger_balances', (t) => {
    t.string('account', 64).primary();
    t.bigInteger('balance_cents').notNullable();
    // the account's newest posting the balance includes (0: none yet)
    t.bigInteger('last_posting_id').notNullable();
  });

  await knex.schema.createTable('ledger_payments', (t) => {
    t.string('payment_ref', 64).primary();
    // no foreign key: money records outlive the user rows they name
    t.integer('payer_id').unsigned().notNullable();
    t.bigInteger('held_cents').notNullable();
    t.bigInteger('created_at').notNullable();
  });

  await knex.schema.createTable('ledger_reconciliations', (t) => {
    t.bigIncrements('id').primary();
    t.bigInteger('ran_at').notNullable().index();
    t.integer('difference_count').notNullable();
    // the provider's net (charges − refunds − transfers) and minus provider:clearing's balance
    t.bigInteger('provider_net_cents').notNullable();
    t.bigInteger('ledger_net_cents').notNullable();
    // the differences as JSON (empty list when the two agree)
    t.text('differences').notNullable();
  });

  // append-only enforced by the database itself, whoever writes to it
  for (const table of APPEND_ONLY) {
    for (const verb of ['UPDATE', 'DELETE']) {
      const name = `${table}_no_${verb.toLowerCase()}`;
      const refusal = `${table} is append-only: write a correcting transaction instead`;
      await knex.raw(
        isSqlite(knex)
          ? `CREATE TRIGGER ${name} BEFORE ${verb} ON ${table} BEGIN SELECT RAISE(ABORT, '${refusal}'); END`
          : `CREATE TRIGGER ${name} BEFORE ${verb} ON ${table} FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = '${refusal}'`,
      );
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  // dropping a table drops its triggers, and fires none
  for (const table of [
    'ledger_reconciliations',
    'ledger_payments',
    'ledger_balances',
    'ledger_postings',
    'ledger_transactions',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
