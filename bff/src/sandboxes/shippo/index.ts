/**
 * The Shippo sandbox (issue 13, first step; ARCHITECTURE.md §5, as the Stripe sandbox): a small HTTP
 * service of ours speaking the subset of Shippo's REST API we use, so that our Shippo adapter is the code
 * the tests run. JSON in and out, `Authorization: ShippoToken <token>`, Shippo's objects (`object_id`,
 * `object_created`…) and errors (a 400 is field → messages, others `{ detail }`):
 *
 *   POST /addresses/ (validate), GET /addresses/:id/        addresses.ts
 *   POST /parcels/, POST /shipments/ (rates), GET /rates/:id/  shipments.ts, couriers.ts
 *   POST /transactions/ (labels), GET /transactions/:id/,      transactions.ts, labels.ts
 *   GET /transactions/?rate=…
 *   GET /tracks/:carrier/:tracking_number/, POST /tracks/      tracking.ts
 *   track_updated webhooks, signed                             webhooks.ts
 *
 * and the sandbox's own controls under /sandbox/ (token auth): advancing a track, resending a webhook;
 * labels, logos and tracking pages are served without the token, as Shippo's are public URLs.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import pino, { type Logger } from 'pino';
import { listenSandbox, type ListenOptions, type StartedSandbox } from '../common/server';
import { addressRoutes } from './addresses';
import { courierOf } from './couriers';
import { found, ShippoError, unauthorized } from './errors';
import { renderLogo } from './labels';
import type { Call, Handler, Routes, Sandbox } from './sandbox';
import { emptyState, JsonStateFile, type ShippoStore } from './state';
import { shipmentRoutes } from './shipments';
import { advance, tick, trackingRoutes } from './tracking';
import { labelPages, transactionRoutes } from './transactions';
import type { Track } from './types';
import { webhookRoutes, Webhooks } from './webhooks';

export { SIGNATURE_HEADER, signatureHeader } from './webhooks';
export type { Address, Parcel, Rate, Shipment, Track, Transaction, TrackingStatusName } from './types';

export interface ShippoSandboxOptions {
  /** the API token clients send as `Authorization: ShippoToken <token>` (shippo_test_sandbox by default) */
  token?: string;
  /** where clients reach the sandbox: label, logo and tracking URLs are made on it (by default the request's host) */
  publicUrl?: string;
  /** where track_updated webhooks are POSTed; without it they are only kept */
  webhookUrl?: string;
  /** the key of the webhooks' HMAC-SHA256 signature (webhooks.ts) */
  webhookSecret?: string;
  /** a JSON file the state is kept in across restarts; without it the state lives in memory only */
  stateFile?: string;
  /** logs each request's method, path, status and time, and webhook failures; never a body */
  logger?: Logger;
  /** epoch ms (Date.now by default): tests move it, then call tick(), to move tracks on */
  clock?: () => number;
  /** how often the clock is looked at to move tracks on (60 s by default; 0: only by tick() and requests) */
  tickIntervalMs?: number;
  /** the waits before each retry of an undelivered webhook (1 s, 5 s, 25 s, 2 min by default) */
  webhookRetryDelaysMs?: number[];
  /** one webhook delivery's deadline (10 s by default) */
  webhookTimeoutMs?: number;
}

export interface ShippoSandbox {
  app: Express;
  store: ShippoStore;
  /** takes every tracking step the clock has reached (each a webhook); the number of steps taken */
  tick(): number;
  /** moves a track on now, as `POST /sandbox/tracks/:n/advance` does */
  advance(trackingNumber: string, to?: 'TRANSIT' | 'DELIVERED' | 'RETURNED' | 'FAILURE'): Track;
  /** stops the clock's timer and webhook deliveries; resolves once the state file is written */
  close(): Promise<void>;
}

/** Bodies larger than this are refused (413), as no request of ours comes near it. */
export const BODY_LIMIT = '100kb';

const hash = (text: string) => createHash('sha256').update(text).digest();
const sameToken = (given: string, expected: string) => timingSafeEqual(hash(given), hash(expected));

function authenticate(req: Request, token: string): void {
  const [scheme, value = ''] = (req.get('authorization') ?? '').trim().split(/\s+/, 2);
  if (!scheme) throw unauthorized('Authentication credentials were not provided.');
  if (!/^shippotoken$/i.test(scheme) || !sameToken(value, token)) throw unauthorized('Invalid token.');
}

function bodyOf(req: Request): Record<string, unknown> {
  const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
  if (raw.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch (err) {
    throw new ShippoError(400, { detail: `JSON parse error - ${(err as Error).message}` });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ShippoError(400, { non_field_errors: ['Invalid data. Expected a dictionary.'] });
  return body as Record<string, unknown>;
}

const wrap =
  (run: (req: Request, res: Response) => Promise<unknown> | unknown) =>
  (req: Request, res: Response, next: NextFunction) => {
    Promise.resolve()
      .then(() => run(req, res))
      .catch(next);
  };

/** One line per request: method, path, status and time; never a body, a query or a header. */
function requestLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const startedAt = Date.now();
    res.on('finish', () =>
      logger.info(
        { method: req.method, path: req.path, status: res.statusCode, ms: Date.now() - startedAt },
        'request',
      ),
    );
    next();
  };
}

/** Errors as Shippo's JSON: a body too large (413) or unreadable (400), and our own bugs (500). */
function errorAnswer(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const failure = err as { type?: string; status?: number };
    let error: ShippoError;
    if (err instanceof ShippoError) error = err;
    else if (failure.type === 'entity.too.large')
      error = new ShippoError(413, {
        detail: `The request body is too large: the sandbox accepts up to ${BODY_LIMIT}.`,
      });
    else if (failure.status !== undefined && failure.status >= 400 && failure.status < 500)
      error = new ShippoError(400, { detail: 'The request body could not be read.' });
    else {
      logger.error({ err, method: req.method, path: req.path }, 'shippo sandbox error');
      error = new ShippoError(500, { detail: 'An unknown error occurred in the Shippo sandbox.' });
    }
    if (res.headersSent) return;
    res.status(error.status).json(error.body);
  };
}

export function createShippoSandbox(options: ShippoSandboxOptions = {}): ShippoSandbox {
  const logger = options.logger ?? pino({ level: 'silent' });
  const clock = options.clock ?? Date.now;
  const token = options.token ?? 'shippo_test_sandbox';
  const store = new JsonStateFile(options.stateFile, emptyState, logger);
  const webhooks = new Webhooks(
    store,
    {
      url: options.webhookUrl,
      secret: options.webhookSecret,
      retryDelaysMs: options.webhookRetryDelaysMs ?? [1000, 5000, 25_000, 120_000],
      timeoutMs: options.webhookTimeoutMs ?? 10_000,
    },
    logger,
    clock,
  );
  const sandbox: Sandbox = { store, logger, clock, events: webhooks };
  const publicUrl = options.publicUrl?.replace(/\/+$/, '');

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(requestLog(logger));
  app.use(express.raw({ type: () => true, limit: BODY_LIMIT }));
  app.get('/readyz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  const router = express.Router();
  const add =
    (method: 'get' | 'post') =>
    (path: string, handler: Handler): void => {
      router[method](
        path,
        wrap(async (req, res) => {
          authenticate(req, token);
          const call: Call = {
            body: method === 'post' ? bodyOf(req) : {},
            path: req.params as Record<string, string>,
            query: Object.fromEntries(
              Object.entries(req.query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
            ),
            publicUrl: publicUrl ?? `${req.protocol}://${req.get('host')}`,
            idempotencyKey: method === 'post' ? (req.get('idempotency-key') ?? null) : null,
          };
          const answer = handler(call);
          if (method === 'post') await store.save();
          res.status(method === 'post' && !req.path.startsWith('/sandbox/') ? 201 : 200).json(answer);
        }),
      );
    };
  const routes: Routes = { get: add('get'), post: add('post') };
  addressRoutes(routes, sandbox);
  shipmentRoutes(routes, sandbox);
  transactionRoutes(routes, sandbox);
  trackingRoutes(routes, sandbox);
  webhookRoutes(routes, store, webhooks);
  labelPages(router, sandbox);

  const logos = new Map<string, Promise<Buffer>>();
  router.get(
    '/sandbox/logos/:carrier/:size.png',
    wrap(async (req, res) => {
      const courier = found(courierOf(String(req.params.carrier)));
      const size = Number(req.params.size);
      if (size !== 75 && size !== 200) throw new ShippoError(404, { detail: 'Not found.' });
      const key = `${courier.token} ${size}`;
      if (!logos.has(key)) logos.set(key, renderLogo(courier, size));
      res
        .type('image/png')
        .set('Cache-Control', 'public, max-age=86400')
        .send(await logos.get(key));
    }),
  );
  app.use(router);
  app.use((req, res) => {
    res.status(404).json({ detail: 'Not found.' });
  });
  app.use(errorAnswer(logger));

  webhooks.resume();
  const interval = options.tickIntervalMs ?? 60_000;
  const timer =
    interval > 0
      ? setInterval(() => {
          if (tick(sandbox) > 0) store.save().catch(() => undefined);
        }, interval)
      : undefined;
  timer?.unref();
  return {
    app,
    store,
    tick() {
      const taken = tick(sandbox);
      if (taken > 0) store.save().catch(() => undefined);
      return taken;
    },
    advance(trackingNumber, to) {
      const track = advance(sandbox, trackingNumber, to);
      store.save().catch(() => undefined);
      return track;
    },
    async close() {
      if (timer) clearInterval(timer);
      webhooks.close();
      await store.idle();
    },
  };
}

export type StartedShippoSandbox = StartedSandbox<ShippoSandbox>;

/** The sandbox listening on `port` (a free one by default) of `host` (loopback by default). */
export function startShippoSandbox(options: ShippoSandboxOptions & ListenOptions = {}): Promise<StartedShippoSandbox> {
  return listenSandbox((url) => createShippoSandbox({ ...options, publicUrl: options.publicUrl ?? url }), options);
}
