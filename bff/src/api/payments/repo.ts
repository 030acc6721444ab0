import type { Knex } from '@swapstuff/db';
import type { ProviderEvent } from '../../adapters/payments';

export const paymentEventsRepo = {
  /** Records an event as handled; a second record of the same id is a unique violation. */
  async record(trx: Knex.Transaction, event: ProviderEvent): Promise<void> {
    await trx('payment_events').insert({
      id: event.id,
      type: event.type,
      object_id: event.object.id,
      created: event.created,
      received_at: new Date(),
    });
  },

  async exists(db: Knex, eventId: string): Promise<boolean> {
    return !!(await db('payment_events').where({ id: eventId }).first('id'));
  },
};
