import type { Knex } from '@swapstuff/db';
import type { DomainEvents, EventName } from './events';

export interface HandlerContext {
  /** the outbox row's id: the idempotency key of what the job sends (null for an inline handler) */
  jobId: number | null;
}

/**
 * What runs when an event happens, in one of three ways:
 * - `transaction` (`on`): database work, in a transaction of its own that also marks the job done, so that its
 *   effects happen exactly once;
 * - `inline` (`on` with `inline`): inside the transaction that emits the event, for effects on our own database
 *   that a reader expects at once (the search index of a listing just saved);
 * - `outside` (`onOutside`): work that calls a provider (a payment, a label, a mail, a push), outside any
 *   transaction, so that no lock waits on the provider. It may run again after a failure or a crash, so what it
 *   sends carries `jobId` as its idempotency key, and what it writes takes its own short transactions.
 */
export type HandlerMode = 'transaction' | 'inline' | 'outside';

export interface Handler<E extends EventName = EventName> {
  /** unique, stable: the outbox rows name it */
  name: string;
  event: E;
  mode: HandlerMode;
  /** `db` is the job's transaction, or the emitting one (inline), or the pool (outside) */
  run(db: Knex, payload: DomainEvents[E], context: HandlerContext): Promise<void>;
}

/** A handler of one event that works on the database, in a transaction, typed by the event. */
export function on<E extends EventName>(
  event: E,
  name: string,
  run: (trx: Knex.Transaction, payload: DomainEvents[E], context: HandlerContext) => Promise<void>,
  options: { inline?: boolean } = {},
): Handler<E> {
  return { event, name, mode: options.inline ? 'inline' : 'transaction', run };
}

/** A handler of one event that calls a provider: it runs outside any transaction (see `Handler`). */
export function onOutside<E extends EventName>(
  event: E,
  name: string,
  run: (db: Knex, payload: DomainEvents[E], context: HandlerContext) => Promise<void>,
): Handler<E> {
  return { event, name, mode: 'outside', run };
}

/** The handlers by event, and by name; two handlers with one name are a mistake found at start. */
export class HandlerRegistry {
  private readonly byEvent = new Map<EventName, Handler[]>();
  private readonly byName = new Map<string, Handler>();

  constructor(handlers: Handler[]) {
    for (const handler of handlers) {
      if (this.byName.has(handler.name)) throw new Error(`two job handlers are named ${handler.name}`);
      this.byName.set(handler.name, handler);
      this.byEvent.set(handler.event, [...(this.byEvent.get(handler.event) ?? []), handler]);
    }
  }

  of(event: EventName): Handler[] {
    return this.byEvent.get(event) ?? [];
  }

  named(name: string): Handler | undefined {
    return this.byName.get(name);
  }
}
