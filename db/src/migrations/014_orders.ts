import type { Knex } from 'knex';

/**
 * Orders (issue 13): a buy-now purchase, and each leg of a swap (issue 14), are one `orders` row: who sends
 * which listing to whom, how it ships and where the parcel is, and the money's amounts (the money itself is
 * in the ledger, under the order's payment). With them: the couriers' rates we quoted (a checkout pays only a
 * rate we quoted, at our price), the parcel's tracking history, disputes with their timeline, and ratings
 * with their votes and reports. Amounts are integer cents.
 */
export async function up(knex: Knex): Promise<void> {
  // every rate a user was quoted, so a checkout takes the amount from here and never from the browser
  await knex.schema.createTable('shipping_rates', (t) => {
    t.string('rate_id', 64).primary();
    t.string('shipment_id', 64).notNullable();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('listing_id').unsigned().notNullable().references('id').inTable('products').onDelete('CASCADE');
    t.integer('address_id').unsigned().notNullable();
    t.string('provider', 64).notNullable();
    t.string('service', 128).notNullable();
    t.string('provider_image', 500).notNullable();
    t.integer('amount_cents').notNullable();
    t.integer('insurance_cents').notNullable();
    t.integer('estimated_days').nullable();
    t.string('duration_terms', 500).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['user_id', 'created_at']);
  });

  await knex.schema.createTable('orders', (t) => {
    t.increments('id').primary();
    t.string('kind', 8).notNullable(); // buynow | swap
    // the listing that travels from seller to buyer
    t.integer('listing_id').unsigned().notNullable().references('id').inTable('products');
    t.integer('buyer_id').unsigned().notNullable().references('id').inTable('users');
    t.integer('seller_id').unsigned().notNullable().references('id').inTable('users');
    // a swap leg's offer and the listing the buyer gives in return (issue 14)
    t.integer('swap_request_id').unsigned().nullable();
    t.integer('our_listing_id').unsigned().nullable();
    // spec: swap_status "1" Pending, "5" Delivered, "6" Disputed, "9" Completed
    t.string('status', 2).notNullable();
    // the buyer's payment: the PaymentIntent held in escrow (null for a swap leg without cash)
    t.string('payment_intent_id', 64).nullable().unique();
    t.datetime('paid_at', { precision: 3 }).nullable();
    t.integer('item_cents').notNullable();
    t.integer('shipping_cents').notNullable();
    t.integer('fee_cents').notNullable();
    t.integer('discount_cents').notNullable();
    t.integer('total_cents').notNullable();
    // where it goes, as the buyer chose it (kept as text: the address book may change later)
    t.integer('address_id').unsigned().nullable();
    t.string('delivery_address', 500).notNullable();
    t.string('sender_address', 500).notNullable();
    // platform shipping: the quoted rate and the label bought with it
    t.boolean('is_platform').notNullable();
    t.string('rate_id', 64).nullable();
    t.string('courier_provider', 64).nullable();
    t.string('courier_service', 128).nullable();
    t.string('courier_image', 500).nullable();
    t.string('label_id', 64).nullable();
    t.string('label_url', 500).nullable();
    // the seller's own courier (Add Tracking Info) or the label's carrier
    t.string('carrier', 64).nullable();
    t.string('tracking_number', 64).nullable();
    t.string('shipment_status', 16).nullable();
    t.datetime('eta', { precision: 3 }).nullable();
    t.datetime('delivered_at', { precision: 3 }).nullable();
    t.datetime('inspection_ends_at', { precision: 3 }).nullable();
    t.datetime('completed_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.index(['buyer_id', 'created_at']);
    t.index(['seller_id', 'created_at']);
    t.index(['status', 'inspection_ends_at']);
    t.index(['carrier', 'tracking_number']);
    t.index(['listing_id']);
  });

  // the parcel's story: one row per step the carrier reported; a replayed webhook finds its rows there
  await knex.schema.createTable('order_tracking', (t) => {
    t.bigIncrements('id').primary();
    t.integer('order_id').unsigned().notNullable().references('id').inTable('orders').onDelete('CASCADE');
    // the carrier's id of the step, or its status and time when it gives none: two steps of one status at
    // one moment (a parcel scanned twice) are two steps
    t.string('step_key', 100).notNullable();
    t.string('status', 16).notNullable();
    t.string('details', 500).notNullable();
    t.datetime('status_at', { precision: 3 }).notNullable();
    t.string('city', 128).nullable();
    t.string('state', 64).nullable();
    t.unique(['order_id', 'step_key']);
    t.index(['order_id', 'status_at']);
  });

  await knex.schema.createTable('disputes', (t) => {
    t.increments('id').primary();
    t.integer('order_id').unsigned().notNullable().unique().references('id').inTable('orders');
    t.integer('opened_by').unsigned().notNullable().references('id').inTable('users');
    t.string('type', 64).notNullable();
    t.string('reason', 1000).notNullable();
    t.string('status', 16).notNullable(); // open | resolved
    // the outcome, decided by support staff: refunded cents (0 when released in full)
    t.integer('refund_cents').nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('resolved_at', { precision: 3 }).nullable();
  });
  // the timeline both sides see: the opening, additional info from either side, the outcome
  await knex.schema.createTable('dispute_entries', (t) => {
    t.increments('id').primary();
    t.integer('dispute_id').unsigned().notNullable().references('id').inTable('disputes').onDelete('CASCADE');
    t.integer('user_id').unsigned().nullable().references('id').inTable('users');
    t.string('kind', 16).notNullable(); // opened | additional | edited | resolved
    t.string('text', 1000).notNullable();
    // evidence photos: image file names from the image pipeline, as JSON
    t.text('images').notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['dispute_id', 'id']);
  });

  await knex.schema.createTable('ratings', (t) => {
    t.increments('id').primary();
    t.integer('order_id').unsigned().notNullable().references('id').inTable('orders');
    t.integer('rater_id').unsigned().notNullable().references('id').inTable('users');
    t.integer('ratee_id').unsigned().notNullable().references('id').inTable('users');
    // the rater's side of the order: a review of a seller is written by a buyer
    t.string('rater_role', 8).notNullable(); // buyer | seller
    // half stars, twice over: 1 (0.5 stars) to 10 (5 stars)
    t.tinyint('half_stars').notNullable();
    t.string('comments', 500).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.unique(['order_id', 'rater_id']);
    t.index(['ratee_id', 'created_at']);
  });
  await knex.schema.createTable('review_votes', (t) => {
    t.integer('rating_id').unsigned().notNullable().references('id').inTable('ratings').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('vote', 12).notNullable(); // helpful | not_helpful
    t.primary(['rating_id', 'user_id']);
  });
  await knex.schema.createTable('review_reports', (t) => {
    t.integer('rating_id').unsigned().notNullable().references('id').inTable('ratings').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('reason', 500).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.primary(['rating_id', 'user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'review_reports',
    'review_votes',
    'ratings',
    'dispute_entries',
    'disputes',
    'order_tracking',
    'orders',
    'shipping_rates',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
