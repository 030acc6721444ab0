/**
 * Events, as Stripe makes them for each state change, and their delivery to one webhook endpoint: POSTed
 * as JSON with Stripe's `Stripe-Signature` header (so `stripe.webhooks.constructEvent` verifies it), after
 * the API call has been answered, and retried with growing waits while the endpoint fails or answers
 * anything but 2xx.
 */
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { Deliveries } from '../common/delivery';
import { signatureHeader } from '../common/signature';
import { createdFilter, newId, newestFirst, page, type StripeEvent, type Store } from './store';
import type { Events, Routes } from './sandbox';
import { noSuch } from './errors';
import { allowOnly, COMMON, str, strings } from './params';

export interface WebhookOptions {
  /** where events are POSTed; without it they are only kept (GET /v1/events) */
  url?: string;
  /** whsec_…: the key of the signatures */
  secret?: string;
  /** the waits before each retry of a failed delivery */
  retryDelaysMs: number[];
  /** one delivery's deadline */
  timeoutMs: number;
}

export { signatureHeader };

/** Stripe keeps retrying for days; a restart resumes the deliveries of events this recent. */
const RESUME_WITHIN_S = 3 * 24 * 3600;

export class Webhooks implements Events {
  private readonly deliveries: Deliveries;

  constructor(
    private readonly store: Store,
    private readonly options: WebhookOptions,
    logger: Logger,
    private readonly clock: () => number,
  ) {
    this.deliveries = new Deliveries({ ...options, signatureHeader: 'Stripe-Signature' }, logger, clock, (id) => {
      const event = this.store.state.events[id];
      if (!event) return undefined;
      return {
        // Stripe sends the event as it is now (pending_webhooks included), signed at the moment of sending
        body: JSON.stringify(event, null, 2),
        headers: { 'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        log: { event: event.id, type: event.type },
        delivered: () => this.delivered(event),
      };
    });
  }

  /** A new event about `object` (a snapshot of it now), kept and sent. */
  emit(type: string, object: { id: string; object: string }, extra: Parameters<Events['emit']>[2] = {}): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      ...(extra.account && { account: extra.account }),
      api_version: Stripe.API_VERSION,
      created: Math.floor(this.clock() / 1000),
      data: {
        object: JSON.parse(JSON.stringify(object)) as StripeEvent['data']['object'],
        ...(extra.previous && { previous_attributes: extra.previous }),
      },
      livemode: false,
      pending_webhooks: this.options.url ? 1 : 0,
      request: { id: extra.call?.requestId ?? null, idempotency_key: extra.call?.idempotencyKey ?? null },
      type,
    };
    this.store.state.events[event.id] = event;
    if (extra.account) this.store.state.owners[event.id] = extra.account;
    this.send(event.id);
    return event;
  }

  /** Delivers the event (again); never waits for it. */
  send(eventId: string): void {
    this.deliveries.send(eventId);
  }

  /** After a restart: the events not delivered yet. */
  resume(): void {
    const since = Math.floor(this.clock() / 1000) - RESUME_WITHIN_S;
    for (const event of Object.values(this.store.state.events))
      if (event.pending_webhooks > 0 && event.created >= since) this.send(event.id);
  }

  close(): void {
    this.deliveries.close();
  }

  private delivered(event: StripeEvent): void {
    if (event.pending_webhooks === 0) return;
    event.pending_webhooks = 0;
    // the state file is written by the next change if this write fails: nothing waits for it
    this.store.save().catch(() => undefined);
  }
}

/** GET /v1/events(/:id), scoped by `Stripe-Account` like the other connected-account objects. */
export function eventRoutes(routes: Routes, store: Store, webhooks: Webhooks): void {
  const owned = (account: string | undefined) => (event: StripeEvent) => store.ownerOf(event.id) === account;

  routes.get(
    '/v1/events/:id',
    ({ path, account }) => {
      const event = store.get('events', path.id);
      if (!owned(account)(event)) throw noSuch('event', path.id);
      return event;
    },
    { connect: true },
  );

  routes.get(
    '/v1/events',
    ({ params, account }) => {
      allowOnly(params, [...COMMON, 'limit', 'starting_after', 'ending_before', 'created', 'type', 'types']);
      const type = str(params, 'type');
      const types = strings(params, 'types');
      const created = createdFilter(params);
      // `type` may end with a wildcard: payment_intent.*
      const matches = (name: string) =>
        (type === undefined || (type.endsWith('*') ? name.startsWith(type.slice(0, -1)) : name === type)) &&
        (types === undefined || types.includes(name));
      const events = newestFirst(store.state.events).filter(
        (event) => owned(account)(event) && matches(event.type) && created(event),
      );
      return page(events, params, '/v1/events');
    },
    { connect: true },
  );

  // a control of the sandbox (not Stripe's API): delivers an event again, as the Dashboard's "Resend"
  routes.post('/sandbox/events/:id/resend', ({ path }) => {
    const event = store.get('events', path.id);
    webhooks.send(event.id);
    return event;
  });
}
