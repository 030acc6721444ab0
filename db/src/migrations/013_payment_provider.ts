import type { Knex } from 'knex';

/**
 * What we keep of the payment provider's side (issue 12): the webhook events already handled, and each
 * seller's connected account for payouts. Cards are not here: the provider keeps them, we keep only the
 * user's customer id (users.customer_id).
 */
export async function up(knex: Knex): Promise<void> {
  // Stripe delivers an event at least once and in no particular order: its id, unique, makes a replay a no-op
  await knex.schema.createTable('payment_events', (t) => {
    t.string('id', 64).primary();
    t.string('type', 64).notNullable();
    t.string('object_id', 64).notNullable();
    // the provider's time of the event (unix seconds): an older event never overwrites a newer state
    t.bigInteger('created').notNullable();
    t.datetime('received_at', { precision: 3 }).notNullable();
  });
  await knex.schema.createTable('payout_accounts', (t) => {
    t.integer('user_id').unsigned().primary().references('id').inTable('users').onDelete('CASCADE');
    t.string('account_id', 64).notNullable().unique();
    t.boolean('details_submitted').notNullable().defaultTo(false);
    t.boolean('payouts_enabled').notNullable().defaultTo(false);
    // the provider's time of the state held here (unix seconds), from the account.updated event that set it
    t.bigInteger('state_at').notNullable().defaultTo(0);
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('payout_accounts');
  await knex.schema.dropTableIfExists('payment_events');
}
