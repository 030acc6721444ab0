/**
 * Webhook delivery, as both sandboxes do it: POSTed as JSON, signed at the moment of sending (signature.ts),
 * after the call that caused it has been answered, and retried with growing waits while the endpoint fails
 * or answers anything but 2xx.
 */
import type { Logger } from 'pino';
import { signatureHeader } from './signature';

export interface DeliveryOptions {
  /** where events are POSTed; without it they are only kept */
  url?: string;
  /** the key of the signatures */
  secret?: string;
  /** the header the signature goes in */
  signatureHeader: string;
  /** the waits before each retry of a failed delivery */
  retryDelaysMs: number[];
  /** one delivery's deadline */
  timeoutMs: number;
}

/** One attempt's request, made again at each attempt (the event as it is now). */
export interface Delivery {
  body: string;
  /** the headers besides Content-Type and the signature */
  headers: Record<string, string>;
  /** what the log lines say of the event */
  log: Record<string, unknown>;
  /** called once the endpoint has answered 2xx */
  delivered(): void;
}

export class Deliveries {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly requests = new Set<AbortController>();
  private closed = false;

  /** `prepare` gives an event's request, or undefined if there is no such event. */
  constructor(
    private readonly options: DeliveryOptions,
    private readonly logger: Logger,
    private readonly clock: () => number,
    private readonly prepare: (id: string) => Delivery | undefined,
  ) {}

  /** Delivers the event (again); never waits for it. */
  send(id: string): void {
    if (!this.options.url || this.closed) return;
    this.later(0, () => this.attempt(id, 0));
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    for (const request of this.requests) request.abort();
  }

  private later(ms: number, run: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void run();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private async attempt(id: string, attempt: number): Promise<void> {
    if (this.closed) return;
    const delivery = this.prepare(id);
    if (!delivery) return;
    const { body } = delivery;
    const abort = new AbortController();
    const deadline = setTimeout(() => abort.abort(), this.options.timeoutMs);
    this.requests.add(abort);
    let failure: string;
    try {
      const response = await fetch(this.options.url!, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          ...delivery.headers,
          [this.options.signatureHeader]: signatureHeader(
            body,
            this.options.secret ?? '',
            Math.floor(this.clock() / 1000),
          ),
        },
        body,
        signal: abort.signal,
      });
      await response.body?.cancel();
      if (response.ok) return delivery.delivered();
      failure = `status ${response.status}`;
    } catch (err) {
      failure = (err as Error).message;
    } finally {
      clearTimeout(deadline);
      this.requests.delete(abort);
    }
    if (this.closed) return;
    const wait = this.options.retryDelaysMs[attempt];
    const line = { ...delivery.log, attempt: attempt + 1, failure };
    if (wait === undefined) {
      this.logger.warn(line, 'webhook not delivered: giving up');
      return;
    }
    this.logger.info(line, `webhook not delivered: retrying in ${wait} ms`);
    this.later(wait, () => this.attempt(id, attempt + 1));
  }
}
