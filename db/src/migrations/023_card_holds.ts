import type { Knex } from 'knex';

/**
 * Issue 32, finding 3: every authorization we ask for on a card (a buy-now checkout, a swap's cash) is written
 * down, so that one no order or offer ever claimed (a checkout left, an api stopped before the order was made)
 * is voided by a periodic job instead of staying on the card until the bank lets it go. `closed_at`: claimed,
 * or voided.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('card_holds', (t) => {
    t.string('payment_intent_id', 255).primary();
    // no foreign key: a hold outlives its user's row, and is still voided
    t.integer('user_id').unsigned().notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('closed_at', { precision: 3 }).nullable();
    t.index(['closed_at', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('card_holds');
}
