/** What the sandbox's parts share: the store, the clock, events, and the shape of an API call. */
import type { Logger } from 'pino';
import type { Params } from './params';
import type { Store, StripeEvent } from './store';

/** Where state changes are announced (webhooks.ts): each becomes an event, kept and delivered. */
export interface Events {
  emit(
    type: string,
    object: { id: string; object: string },
    extra?: { call?: Call | null; account?: string; previous?: Record<string, unknown> },
  ): StripeEvent;
}

export interface Sandbox {
  store: Store;
  webhooks: Events;
  logger: Logger;
  /** epoch ms (tests move it to expire links and idempotency keys) */
  clock(): number;
  /** the key fingerprints are made with */
  fingerprintKey: string;
  /** how long a payout stays pending before it is paid */
  payoutDelayMs: number;
  /** timers the sandbox runs (payouts): cleared on close */
  timers: Set<NodeJS.Timeout>;
  /** where browsers reach the sandbox; undefined: the address each API call was sent to */
  publicUrl: string | undefined;
}

/** Unix seconds, as Stripe's `created` fields. */
export const seconds = (sandbox: Sandbox) => Math.floor(sandbox.clock() / 1000);

/** One API request, as the handlers see it. */
export interface Call {
  /** the form body (POST) or the query (GET), parsed by `qs` */
  params: Params;
  /** the route's path parameters */
  path: Record<string, string>;
  /** the connected account named by `Stripe-Account`, when the endpoint accepts it */
  account: string | undefined;
  /** where browsers reach the sandbox: links to its pages are made on it */
  publicUrl: string;
  requestId: string;
  idempotencyKey: string | null;
}

export type Handler = (call: Call) => unknown;

export interface RouteOptions {
  /** a publishable key may call it (tokenization) */
  publishable?: boolean;
  /** `Stripe-Account` selects a connected account's own objects */
  connect?: boolean;
}

/** Where each part of the sandbox registers its endpoints. */
export interface Routes {
  get(path: string, handler: Handler, options?: RouteOptions): void;
  post(path: string, handler: Handler, options?: RouteOptions): void;
}
