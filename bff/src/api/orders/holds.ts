import type { Knex } from '@swapstuff/db';
import type { Logger } from 'pino';
import { PaymentProviderError, type PaymentsPort } from '../../adapters/payments';
import type { OrderDeps } from './deps';

/** An authorization as it is asked of the provider (its port's input), kept to be asked again with its key. */
export type HoldRequest = Parameters<PaymentsPort['authorize']>[0];

/**
 * Card authorizations that nobody claimed (issue 32, finding 3). Each one we ask for is written down
 * (`card_holds`); an order (buy now) or a swap payment claims it by its PaymentIntent. One left unclaimed this
 * long (a checkout left on its last step, an api stopped between the authorization and the order) is voided at
 * the provider. A checkout's 3-D Secure and return take minutes: an hour is well past any of them.
 */
export const HOLD_ABANDONED_AFTER_MS = 60 * 60_000;

/** The provider's statuses of an authorization still holding (or about to hold) money on the card. */
const HOLDING = new Set(['requires_capture', 'requires_action', 'requires_confirmation', 'requires_payment_method']);

const claimed = (db: Knex) =>
  db.raw(
    `(exists (select 1 from orders o where o.payment_intent_id = card_holds.payment_intent_id)
     or exists (select 1 from swap_payments s where s.payment_intent_id = card_holds.payment_intent_id))`,
  );

export const holdsRepo = {
  /** Written before the provider is asked: what a lost answer is asked again with (issue 33). */
  async ask(db: Knex, key: string, userId: number, request: HoldRequest): Promise<void> {
    await db('card_hold_requests')
      .insert({ idempotency_key: key, user_id: userId, request: JSON.stringify(request), created_at: new Date() })
      .onConflict('idempotency_key')
      .ignore();
  },

  /** The provider's answer to `key` is kept (in card_holds, or it refused): its request is done with. */
  async answered(db: Knex, key: string): Promise<void> {
    await db('card_hold_requests').where({ idempotency_key: key }).delete();
  },

  /** Requests older than `before` whose answer was never kept, oldest first. */
  async unanswered(
    db: Knex,
    before: Date,
    limit: number,
  ): Promise<{ key: string; userId: number; request: HoldRequest; createdAt: Date }[]> {
    const rows = await db('card_hold_requests').where('created_at', '<', before).orderBy('created_at').limit(limit);
    return rows.map((r) => ({
      key: r.idempotency_key,
      userId: Number(r.user_id),
      request: JSON.parse(r.request) as HoldRequest,
      createdAt: new Date(r.created_at),
    }));
  },

  /** Written once per authorization (asked again with the same key, it is the same intent). */
  async record(db: Knex, paymentIntentId: string, userId: number, createdAt = new Date()): Promise<void> {
    await db('card_holds')
      .insert({ payment_intent_id: paymentIntentId, user_id: userId, created_at: createdAt })
      .onConflict('payment_intent_id')
      .ignore();
  },

  /** Those older than `before` that an order or a swap payment claimed are closed: never looked at again. */
  async closeClaimed(db: Knex, before: Date): Promise<void> {
    await db('card_holds')
      .whereNull('closed_at')
      .where('created_at', '<', before)
      .where(claimed(db))
      .update({ closed_at: new Date() });
  },

  /** Open holds older than `before` that nothing claimed, oldest first. */
  async abandoned(db: Knex, before: Date, limit: number): Promise<string[]> {
    return db('card_holds')
      .whereNull('closed_at')
      .where('created_at', '<', before)
      .whereNot(claimed(db))
      .orderBy('created_at')
      .limit(limit)
      .pluck('payment_intent_id');
  },

  async close(db: Knex, paymentIntentId: string): Promise<void> {
    await db('card_holds').where({ payment_intent_id: paymentIntentId }).update({ closed_at: new Date() });
  },
};

/**
 * The authorizations whose answer was lost (the database down when it came, the api killed while it waited)
 * are asked for again with their key: the provider answers with the one it made (or makes it now, when the
 * first ask never reached it), and it is written down as a hold of the request's time, to be voided with the
 * others nobody claimed. One the provider refused is done with.
 */
async function keepLostAnswers(deps: Pick<OrderDeps, 'db' | 'payments'>, logger: Logger, before: Date, limit: number) {
  for (const { key, userId, request, createdAt } of await holdsRepo.unanswered(deps.db, before, limit)) {
    try {
      const intent = await deps.payments.authorize(request, key);
      await holdsRepo.record(deps.db, intent.id, userId, createdAt);
      await holdsRepo.answered(deps.db, key);
    } catch (err) {
      if (err instanceof PaymentProviderError && err.status === 402) {
        await holdsRepo.answered(deps.db, key);
        continue;
      }
      logger.error({ err, key }, 'asking again for a lost card authorization failed: the next run tries again');
    }
  }
}

/**
 * Voids the holds nobody claimed within HOLD_ABANDONED_AFTER_MS, each on its own (one the provider refuses
 * now is tried again on the next run), those whose answer was lost included. The provider is called outside
 * any transaction; a hold claimed in the very moment it is voided makes its order's capture fail, which gives
 * the listing back (checkout.ts, undo).
 */
export async function voidAbandonedHolds(deps: Pick<OrderDeps, 'db' | 'payments'>, logger: Logger, limit: number) {
  const before = new Date(Date.now() - HOLD_ABANDONED_AFTER_MS);
  await keepLostAnswers(deps, logger, before, limit);
  await holdsRepo.closeClaimed(deps.db, before);
  for (const paymentIntentId of await holdsRepo.abandoned(deps.db, before, limit)) {
    try {
      const state = await deps.payments.retrievePayment(paymentIntentId);
      if (HOLDING.has(state.status)) await deps.payments.cancelPayment(paymentIntentId, `void:${paymentIntentId}`);
      await holdsRepo.close(deps.db, paymentIntentId);
      logger.info({ paymentIntentId, status: state.status }, 'an abandoned card hold voided');
    } catch (err) {
      logger.error({ err, paymentIntentId }, 'voiding an abandoned card hold failed: the next run tries again');
    }
  }
}
