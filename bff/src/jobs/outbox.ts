import type { Knex } from '@swapstuff/db';
import type { DomainEvents, EventName } from './events';
import type { HandlerRegistry } from './handlers';

export interface Outbox {
  /**
   * Announces an event inside the transaction of the change: inline handlers run now, in `trx`; one
   * outbox row per other handler is written in `trx`, so the event is kept exactly when the change is.
   */
  emit<E extends EventName>(trx: Knex.Transaction, event: E, payload: DomainEvents[E]): Promise<void>;
  /**
   * Tells `listener`, in this process, of each event once the transaction that emitted it has committed:
   * for what this process keeps in memory about the changed data (the api's short-lived answer caches).
   */
  afterCommit(listener: (event: EventName) => void): void;
}

export interface OutboxOptions {
  /** told after a commit that wrote outbox rows, so that the local runner starts at once */
  onEmitted?: () => void;
}

export function createOutbox(handlers: HandlerRegistry, options: OutboxOptions = {}): Outbox {
  const committedListeners: ((event: EventName) => void)[] = [];
  return {
    afterCommit(listener) {
      committedListeners.push(listener);
    },
    async emit(trx, event, payload) {
      if (committedListeners.length) {
        trx.executionPromise.then(
          () => committedListeners.forEach((listener) => listener(event)),
          () => undefined,
        );
      }
      const subscribed = handlers.of(event);
      for (const handler of subscribed.filter((h) => h.mode === 'inline')) {
        await handler.run(trx, payload, { jobId: null });
      }
      const queued = subscribed.filter((h) => h.mode !== 'inline');
      if (queued.length === 0) return;
      const now = Date.now();
      await trx('outbox').insert(
        queued.map((handler) => ({
          event,
          handler: handler.name,
          payload: JSON.stringify(payload),
          status: 'pending',
          attempts: 0,
          run_at: now,
          created_at: now,
        })),
      );
      if (options.onEmitted) {
        // after the commit: before it, the runner would not see the rows
        trx.executionPromise.then(options.onEmitted, () => undefined);
      }
    },
  };
}
