/**
 * Tracking webhooks: each step of a track is a `track_updated` event, `{ event, test, data: <the track> }`,
 * POSTed as JSON to one endpoint after the call that caused it has been answered, and retried with growing
 * waits while the endpoint fails or answers anything but 2xx. Events are kept (with whether they were
 * delivered), so a restart resumes the undelivered ones and `POST /sandbox/webhooks/:id/resend` sends one
 * again.
 *
 * Signature: Shippo's own webhooks carry no signature we could verify (only a token in the URL's query),
 * so the sandbox signs its own way, as Stripe does (common/signature.ts, shared with the Stripe sandbox):
 *
 *   Shippo-Auth-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256, keyed with the webhook secret, of "<t>.<raw body>">
 *
 * The receiver recomputes the HMAC over the raw body it got, compares in constant time, and refuses
 * timestamps too old. Each delivery also says its event's id in `Shippo-Event-Id`.
 */
import type { Logger } from 'pino';
import { Deliveries } from '../common/delivery';
import { signatureHeader } from '../common/signature';
import { found } from './errors';
import type { Routes, TrackEvents } from './sandbox';
import { newId, type ShippoStore } from './state';
import type { Track, WebhookEvent } from './types';

export const SIGNATURE_HEADER = 'Shippo-Auth-Signature';

export { signatureHeader };

export interface WebhookOptions {
  /** where events are POSTed; without it they are only kept */
  url?: string;
  /** the key of the signatures */
  secret?: string;
  /** the waits before each retry of a failed delivery */
  retryDelaysMs: number[];
  /** one delivery's deadline */
  timeoutMs: number;
}

/** A restart resumes the deliveries of events this recent. */
const RESUME_WITHIN_MS = 3 * 24 * 3600 * 1000;

export class Webhooks implements TrackEvents {
  private readonly deliveries: Deliveries;

  constructor(
    private readonly store: ShippoStore,
    options: WebhookOptions,
    logger: Logger,
    private readonly clock: () => number,
  ) {
    this.deliveries = new Deliveries({ ...options, signatureHeader: SIGNATURE_HEADER }, logger, clock, (id) => {
      const event = this.store.state.events[id];
      if (!event) return undefined;
      return {
        body: JSON.stringify(event.body),
        headers: { 'User-Agent': 'Shippo sandbox webhooks', 'Shippo-Event-Id': event.id },
        log: { event: event.id },
        delivered: () => {
          event.delivered = true;
          // the state file is written by the next change if this write fails: nothing waits for it
          this.store.save().catch(() => undefined);
        },
      };
    });
  }

  trackUpdated(track: Track): void {
    const event: WebhookEvent = {
      id: newId(),
      created: this.clock(),
      delivered: false,
      body: { event: 'track_updated', test: true, data: JSON.parse(JSON.stringify(track)) as Track },
    };
    this.store.state.events[event.id] = event;
    this.send(event.id);
  }

  /** Delivers the event (again); never waits for it. */
  send(id: string): void {
    this.deliveries.send(id);
  }

  resume(): void {
    const since = this.clock() - RESUME_WITHIN_MS;
    for (const event of Object.values(this.store.state.events))
      if (!event.delivered && event.created >= since) this.send(event.id);
  }

  close(): void {
    this.deliveries.close();
  }
}

export function webhookRoutes(routes: Routes, store: ShippoStore, webhooks: Webhooks): void {
  // controls of the sandbox (not Shippo's API): the events kept, and sending one again
  routes.get('/sandbox/webhooks', () => ({
    results: Object.values(store.state.events).map(({ id, created, delivered, body }) => ({
      id,
      created,
      delivered,
      event: body.event,
      tracking_number: body.data.tracking_number,
      status: body.data.tracking_status.status,
    })),
  }));
  routes.post('/sandbox/webhooks/:id/resend', ({ path }) => {
    const event = found(store.state.events[path.id]);
    webhooks.send(event.id);
    return { id: event.id, resent: true };
  });
}
