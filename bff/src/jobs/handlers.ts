import type { Knex } from '@swapstuff/db';
import type { DomainEvents, EventName } from './events';

export interface HandlerContext {
  /** the outbox row's id: an idempotency key for effects outside the database */
  jobId: number | null;
}

/**
 * What runs when an event happens. A handler runs in a transaction: its database effects commit together
 * with the outbox row's `done`, so they happen exactly once. Effects elsewhere (a mail, a provider's
 * api) may be tried again after a failure or a crash, so they must be idempotent (use `jobId`).
 *
 * An inline handler runs inside the transaction that emits the event, instead of through the outbox:
 * for effects on our own database that a reader expects at once (the search index of a listing just
 * saved). Everything else goes through the outbox and the job runner.
 */
export interface Handler<E extends EventName = EventName> {
  /** unique, stable: the outbox rows name it */
  name: string;
  event: E;
  inline?: boolean;
  run(trx: Knex.Transaction, payload: DomainEvents[E], context: HandlerContext): Promise<void>;
}

/** A handler of one event, typed by it. */
export function on<E extends EventName>(
  event: E,
  name: string,
  run: Handler<E>['run'],
  options: { inline?: boolean } = {},
): Handler<E> {
  return { event, name, run, ...options };
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
