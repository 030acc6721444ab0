import type { Knex } from 'knex';

/**
 * Swaps (issue 14): an offer of the sender's listings (and maybe extra cash) for the receiver's listing, each
 * version of its terms (the first offer and every counter-offer), the steps each side saw, and the cash
 * payments behind the versions. After acceptance each leg is an `orders` row (kind swap). Amounts are integer
 * cents; the money itself is in the ledger, under the payment.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('swap_requests', (t) => {
    t.increments('id').primary();
    t.integer('sender_id').unsigned().notNullable().references('id').inTable('users');
    t.integer('receiver_id').unsigned().notNullable().references('id').inTable('users');
    // the receiver's listing the sender wants
    t.integer('listing_id').unsigned().notNullable().references('id').inTable('products');
    // spec: 0 pending, 1 accepted, 2 rejected, 3 completed, 4 abandoned, 5 canceled
    t.tinyint('offer_status').notNullable();
    // the latest version: the only one that can be accepted
    t.integer('version').notNullable();
    t.datetime('accepted_at', { precision: 3 }).nullable();
    // accepted_at + 72 hours: details missing then abandon the swap
    t.datetime('details_due_at', { precision: 3 }).nullable();
    t.datetime('ended_at', { precision: 3 }).nullable();
    // each side's details: where they receive (kept as text, the address book may change) and how they ship
    t.integer('sender_address_id').unsigned().nullable();
    t.string('sender_delivery_address', 500).nullable();
    t.string('sender_shipping', 8).nullable();
    t.datetime('sender_details_at', { precision: 3 }).nullable();
    t.integer('receiver_address_id').unsigned().nullable();
    t.string('receiver_delivery_address', 500).nullable();
    t.string('receiver_shipping', 8).nullable();
    t.datetime('receiver_details_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.index(['listing_id', 'offer_status']);
    t.index(['sender_id', 'id']);
    t.index(['receiver_id', 'id']);
    t.index(['offer_status', 'details_due_at']);
  });

  // a payment of extra cash: written before the capture, applied to a version in the transaction of the action
  // it pays for; one that was captured but never applied (a crash, a lost race) is refunded by a schedule
  await knex.schema.createTable('swap_payments', (t) => {
    t.string('payment_intent_id', 64).primary();
    t.integer('payer_id').unsigned().notNullable().references('id').inTable('users');
    t.integer('amount_cents').notNullable();
    // what it pays for (contracts' SwapPaidAction, as JSON)
    t.string('action', 1000).notNullable();
    t.integer('swap_request_id').unsigned().nullable();
    t.datetime('applied_at', { precision: 3 }).nullable();
    t.datetime('refunded_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['applied_at', 'refunded_at', 'created_at']);
  });

  await knex.schema.createTable('swap_request_versions', (t) => {
    t.increments('id').primary();
    t.integer('swap_request_id').unsigned().notNullable().references('id').inTable('swap_requests');
    t.integer('version').notNullable();
    t.integer('proposer_id').unsigned().notNullable().references('id').inTable('users');
    // signed as the sender sees it: positive, the sender adds it; negative, the receiver does
    t.integer('cash_cents').notNullable();
    // the platform's fee on the cash (less its discount), taken from it for its receiver when the swap completes
    t.integer('cash_fee_cents').notNullable();
    // the payer's cash held in escrow, once they committed to this version
    t.string('payment_intent_id', 64).nullable().unique();
    // the sender agreed to the receiver's counter-offer: the receiver may accept it
    t.datetime('agreed_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.unique(['swap_request_id', 'version']);
  });

  // the sender's listings in each version
  await knex.schema.createTable('swap_request_items', (t) => {
    t.increments('id').primary();
    t.integer('swap_request_id').unsigned().notNullable().references('id').inTable('swap_requests');
    t.integer('version').notNullable();
    t.integer('listing_id').unsigned().notNullable().references('id').inTable('products');
    t.unique(['swap_request_id', 'version', 'listing_id']);
    t.index(['listing_id']);
  });

  // the steps each side saw (spec: my_history / thierhistory, codes 0–5)
  await knex.schema.createTable('swap_request_history', (t) => {
    t.increments('id').primary();
    t.integer('swap_request_id').unsigned().notNullable().references('id').inTable('swap_requests');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users');
    t.tinyint('status').notNullable();
    t.string('description', 255).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['swap_request_id', 'user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'swap_request_history',
    'swap_request_items',
    'swap_request_versions',
    'swap_payments',
    'swap_requests',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
