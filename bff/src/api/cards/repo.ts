import type { Knex } from '@swapstuff/db';

/** The one thing we keep of a user's cards: their customer at the payment provider. */
export const cardsRepo = {
  async customerOf(db: Knex, userId: number): Promise<string | null> {
    const row = await db('users')
      .where({ id: userId })
      .first<{ customer_id: string | null } | undefined>('customer_id');
    return row?.customer_id ?? null;
  },

  /**
   * Keeps the first customer written: two first calls racing create the same customer at the provider (one
   * idempotency key per user), and the later write changes nothing.
   */
  async keepCustomer(db: Knex, userId: number, customerId: string): Promise<void> {
    await db('users').where({ id: userId }).whereNull('customer_id').update({ customer_id: customerId });
  },
};
