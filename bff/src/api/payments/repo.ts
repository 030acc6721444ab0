import { isUniqueViolation, type Knex } from '@swapstuff/db';
import type { ProviderEvent } from '../../adapters/payments';

export const paymentEventsRepo = {
  /** true the first time an event id is recorded; false for a replay (the same delivery again, or a racing one). */
  async recordOnce(trx: Knex.Transaction, event: ProviderEvent): Promise<boolean> {
    try {
      // a savepoint: on MySQL a duplicate key inside the transaction must not end it
      await trx.transaction(async (inner) => {
        await inner('payment_events').insert({
          id: event.id,
          type: event.type,
          object_id: event.object.id,
          created: event.created,
          received_at: new Date(),
        });
      });
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  },

};
