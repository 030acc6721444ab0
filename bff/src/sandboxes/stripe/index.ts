/**
 * The Stripe sandbox (ARCHITECTURE.md §5): a small HTTP service of ours speaking the subset of Stripe's REST
 * API we use, so that our payments adapter (the official `stripe` package, given the sandbox's host, port
 * and protocol) is the same code in tests and in production. It answers as Stripe does: form-encoded
 * requests in bracket notation, JSON objects with Stripe's ids and shapes, Stripe's errors and codes,
 * idempotent POSTs, signed webhooks; and it serves the pages a browser sees at Stripe (3D Secure,
 * Connect onboarding).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type Express, type NextFunction, type Request, type Response, type Router } from 'express';
import pino, { type Logger } from 'pino';
import { listenSandbox, type ListenOptions, type StartedSandbox } from '../common/server';
import Stripe from 'stripe';
import { balanceRoutes } from './balance';
import { connectRoutes, resumePayouts } from './connect';
import { customerRoutes } from './customers';
import { StripeError, unauthorized } from './errors';
import { fingerprintOf, Idempotency, type Answer } from './idempotency';
import { intentRoutes } from './intents';
import { pageRoutes } from './pages';
import { parseForm, parseQuery, strings, type Params } from './params';
import type { Call, Handler, RouteOptions, Routes, Sandbox } from './sandbox';
import { expand, newId, Store } from './store';
import { eventRoutes, Webhooks } from './webhooks';

export interface StripeSandboxOptions {
  /** the secret key servers use (sk_test_sandbox by default) */
  secretKey?: string;
  /** the publishable key browsers tokenize cards with (pk_test_sandbox by default) */
  publishableKey?: string;
  /**
   * Where browsers reach the sandbox: the 3D Secure and onboarding pages' links are made on it. By default,
   * the address the API call was sent to.
   */
  publicUrl?: string;
  /** where events are POSTed (the api's /api/payments/webhook); without it they are only kept */
  webhookUrl?: string;
  /** whsec_…: the key webhooks are signed with */
  webhookSecret?: string;
  /** a JSON file the state is kept in across restarts; without it the state lives in memory only */
  stateFile?: string;
  /** logs each request's method, path, status and time, and webhook failures; never a body */
  logger?: Logger;
  /** epoch ms (Date.now by default): tests move it to expire links and idempotency keys */
  clock?: () => number;
  /** how long a payout stays pending before it is paid (1 s by default) */
  payoutDelayMs?: number;
  /** the waits before each retry of an undelivered webhook (1 s, 5 s, 25 s, 2 min by default) */
  webhookRetryDelaysMs?: number[];
  /** one webhook delivery's deadline (10 s by default) */
  webhookTimeoutMs?: number;
}

export interface StripeSandbox {
  app: Express;
  store: Store;
  /** stops payouts' timers and webhook deliveries; resolves once the state file is written */
  close(): Promise<void>;
}

/** Bodies larger than this are refused (413), as no request of ours comes near it. */
const BODY_LIMIT = '100kb';

const hash = (text: string) => createHash('sha256').update(text).digest();
const sameKey = (given: string, expected: string) => timingSafeEqual(hash(given), hash(expected));

/** A key as Stripe shows it in an error: its kind and last 4 characters, never the whole key. */
const masked = (key: string) => `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;

/** The API key: `Authorization: Bearer`, Basic auth with the key as user, or Stripe.js's `key` field. */
function apiKeyOf(req: Request, params: Params): string | undefined {
  const [scheme, value = ''] = (req.get('authorization') ?? '').trim().split(/\s+/, 2);
  if (/^bearer$/i.test(scheme)) return value;
  if (/^basic$/i.test(scheme)) return Buffer.from(value, 'base64').toString('utf8').split(':')[0];
  return typeof params.key === 'string' ? params.key : undefined;
}

type KeyKind = 'secret' | 'publishable';

function authenticate(req: Request, params: Params, keys: { secret: string; publishable: string }): KeyKind {
  const key = apiKeyOf(req, params);
  if (!key)
    throw unauthorized(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  if (sameKey(key, keys.secret)) return 'secret';
  if (sameKey(key, keys.publishable)) return 'publishable';
  throw unauthorized(`Invalid API Key provided: ${masked(key)}`);
}

/** `Stripe-Account: acct_…`: the connected account whose own objects the call is about. */
function connectedAccount(req: Request, sandbox: Sandbox, options: RouteOptions, key: string): string | undefined {
  const account = req.get('stripe-account');
  if (!account) return undefined;
  if (!options.connect)
    throw new StripeError(400, {
      type: 'invalid_request_error',
      message: `The Stripe sandbox does not support Stripe-Account on ${req.method} ${req.path}.`,
    });
  if (!sandbox.store.state.accounts[account])
    throw new StripeError(403, {
      type: 'invalid_request_error',
      code: 'account_invalid',
      message: `The provided key '${masked(key)}' does not have access to account '${account}' (or that account does not exist). Application access may have been revoked.`,
    });
  return account;
}

/** The handler's answer as Stripe's JSON (an error too), `expand[]` applied. */
function execute(handler: Handler, call: Call, sandbox: Sandbox): Answer {
  const json = (status: number, value: unknown, keep: boolean) => ({
    status,
    body: JSON.stringify(value, null, 2),
    requestId: call.requestId,
    keep,
  });
  try {
    const paths = strings(call.params, 'expand') ?? [];
    return json(
      200,
      expand(handler(call), paths, (id) => sandbox.store.find(id)),
      true,
    );
  } catch (err) {
    if (err instanceof StripeError) return json(err.status, { error: err.body }, err.keptForIdempotency);
    throw err;
  }
}

function send(res: Response, answer: Answer, replayed = false): void {
  if (replayed) res.set({ 'Idempotent-Replayed': 'true', 'Original-Request': answer.requestId });
  res.status(answer.status).type('application/json').send(answer.body);
}

/** The routes' registry: authentication, parameters, `Stripe-Account`, idempotency, the state on disk. */
function apiRoutes(router: Router, sandbox: Sandbox, keys: { secret: string; publishable: string }): Routes {
  const idempotency = new Idempotency(sandbox.store, sandbox.clock);
  const add =
    (method: 'get' | 'post') =>
    (path: string, handler: Handler, options: RouteOptions = {}) => {
      router[method](path, async (req: Request, res: Response) => {
        const params =
          method === 'get'
            ? parseQuery(new URL(req.originalUrl, 'http://x').search)
            : parseForm(req.body, req.get('content-type'));
        const kind = authenticate(req, params, keys);
        if (kind === 'publishable' && !options.publishable)
          throw unauthorized(
            'This API call cannot be made with a publishable API key. Please use a secret API key.',
            'secret_key_required',
          );
        // Stripe.js sends the key as a field: it is no parameter of the call
        delete params.key;
        const call: Call = {
          params,
          path: req.params as Record<string, string>,
          account: connectedAccount(req, sandbox, options, kind === 'secret' ? keys.secret : keys.publishable),
          publicUrl: sandbox.publicUrl ?? `${req.protocol}://${req.get('host')}`,
          requestId: res.get('Request-Id')!,
          idempotencyKey: method === 'post' ? (req.get('idempotency-key') ?? null) : null,
        };
        if (method === 'get') return send(res, execute(handler, call, sandbox));
        if (call.idempotencyKey === null) {
          const answer = execute(handler, call, sandbox);
          await sandbox.store.save();
          return send(res, answer);
        }
        const answer = await idempotency.run(
          call.account ?? 'platform',
          call.idempotencyKey,
          fingerprintOf(req.method, req.path, params),
          () => execute(handler, call, sandbox),
          () => sandbox.store.save(),
        );
        send(res, answer, answer.replayed);
      });
    };
  return { get: add('get'), post: add('post') };
}

/** api.stripe.com lets any page tokenize a card: the browser posts it there itself. */
function tokenizationCors(req: Request, res: Response, next: NextFunction): void {
  if (req.path !== '/v1/payment_methods' || (req.method !== 'POST' && req.method !== 'OPTIONS')) return next();
  res.set('Access-Control-Allow-Origin', '*');
  if (req.method !== 'OPTIONS') return next();
  res
    .set({
      'Access-Control-Allow-Methods': 'POST',
      'Access-Control-Allow-Headers':
        req.get('access-control-request-headers') ?? 'Authorization, Content-Type, Stripe-Version, Idempotency-Key',
      'Access-Control-Max-Age': '300',
    })
    .status(204)
    .end();
}

/** The path as logged: an onboarding link's token opens the form, so it is not written down. */
const loggedPath = (path: string) => path.replace(/^\/sandbox\/onboarding\/[^/]+/, '/sandbox/onboarding/…');

/** One line per request: method, path, status and time; never a body, a query or a header. */
function requestLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const startedAt = Date.now();
    res.set('Request-Id', newId('req'));
    res.on('finish', () =>
      logger.info(
        { method: req.method, path: loggedPath(req.path), status: res.statusCode, ms: Date.now() - startedAt },
        'request',
      ),
    );
    next();
  };
}

/** Errors as Stripe's JSON: a body too large (413) or unreadable (400), and our own bugs (500). */
function errorAnswer(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const failure = err as { type?: string; status?: number };
    let error: StripeError;
    if (err instanceof StripeError) error = err;
    else if (failure.type === 'entity.too.large')
      error = new StripeError(413, {
        type: 'invalid_request_error',
        message: `The request body is too large: the sandbox accepts up to ${BODY_LIMIT}.`,
      });
    else if (failure.status !== undefined && failure.status >= 400 && failure.status < 500)
      error = new StripeError(400, { type: 'invalid_request_error', message: 'The request body could not be read.' });
    else {
      logger.error({ err, method: req.method, path: req.path }, 'stripe sandbox error');
      error = new StripeError(500, { type: 'api_error', message: 'An unknown error occurred in the Stripe sandbox.' });
    }
    if (res.headersSent) return;
    res.status(error.status).json({ error: error.body });
  };
}

export function createStripeSandbox(options: StripeSandboxOptions = {}): StripeSandbox {
  const logger = options.logger ?? pino({ level: 'silent' });
  const clock = options.clock ?? Date.now;
  const keys = {
    secret: options.secretKey ?? 'sk_test_sandbox',
    publishable: options.publishableKey ?? 'pk_test_sandbox',
  };
  const store = new Store(options.stateFile, logger);
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
  const sandbox: Sandbox = {
    store,
    webhooks,
    logger,
    clock,
    // fingerprints stay the same across restarts with the same key, and mean nothing without it
    fingerprintKey: `fingerprint:${keys.secret}`,
    payoutDelayMs: options.payoutDelayMs ?? 1000,
    timers: new Set(),
    publicUrl: options.publicUrl?.replace(/\/+$/, ''),
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(requestLog(logger));
  app.use(tokenizationCors);
  app.use(express.raw({ type: () => true, limit: BODY_LIMIT }));
  app.use((_req, res, next) => {
    res.set('Stripe-Version', Stripe.API_VERSION);
    next();
  });
  app.get('/readyz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  const router = express.Router();
  const routes = apiRoutes(router, sandbox, keys);
  customerRoutes(routes, sandbox);
  intentRoutes(routes, sandbox);
  connectRoutes(routes, sandbox);
  balanceRoutes(routes, store);
  eventRoutes(routes, store, webhooks);
  pageRoutes(router, sandbox);
  app.use(router);
  app.use((req, res) => {
    res.status(404).json({
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${req.path}). Please see https://stripe.com/docs.`,
      },
    });
  });
  app.use(errorAnswer(logger));

  webhooks.resume();
  resumePayouts(sandbox);
  return {
    app,
    store,
    async close() {
      webhooks.close();
      for (const timer of sandbox.timers) clearTimeout(timer);
      await store.idle();
    },
  };
}

export type StartedStripeSandbox = StartedSandbox<StripeSandbox>;

/** The sandbox listening on `port` (a free one by default) of `host` (loopback by default). */
export function startStripeSandbox(options: StripeSandboxOptions & ListenOptions = {}): Promise<StartedStripeSandbox> {
  return listenSandbox((url) => createStripeSandbox({ ...options, publicUrl: options.publicUrl ?? url }), options);
}
