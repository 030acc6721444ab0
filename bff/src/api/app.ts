import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import express, { type Express } from 'express';
import { COMPRESS_ABOVE_BYTES } from '../http';
import { withRequestContext } from '../runtime/request-context';
import { requestLog } from '../runtime/request-log';
import type { ApiDeps } from './deps';
import { errorMapper, notFound } from './errors';
import { blocksRoutes } from './blocks';
import { chatRoutes } from './chat';
import { accountRoutes } from './account';
import { addressesRoutes } from './addresses';
import { feesRoutes } from './fees';
import { cardsRoutes } from './cards';
import { authRoutes, optionalAuth, requireAuth } from './auth';
import { answerLiveness, healthRoutes } from './health';
import { homeRoutes } from './home';
import { likedCategoriesRoutes } from './liked-categories';
import { likesRoutes } from './likes';
import { mediaRoutes } from './media';
import { notificationsRoutes } from './notifications';
import { paymentsWebhook } from './payments';
import { ordersRoutes, shippingWebhook } from './orders';
import { shippingRoutes } from './shipping';
import { disputesRoutes } from './disputes';
import { reviewsRoutes } from './reviews';
import { swapsRoutes } from './swaps';
import { payoutsRoutes } from './payouts';
import { productsRoutes } from './products';
import { questionsRoutes } from './questions';
import { reportsRoutes } from './reports';
import { searchRoutes } from './search';
import { placesRoutes } from './places';
import { staffChecks, staffRoutes } from './staff';
import { auditRoutes } from './audit';
import { moderationRoutes } from './moderation';
import { consoleRoutes } from './console';
import { keptForVisitors } from './kept-for-visitors';
import { openApiRoutes } from './openapi';
import { ApiRouter } from './router';

export type { ApiDeps } from './deps';

export interface ApiOptions extends ApiDeps {
  /** Express `trust proxy`: who may set X-Forwarded-For (the gateway). Default: loopback only. */
  trustProxy?: boolean | number | string;
}

/** Seed images change only with a release; a week keeps browsers and CDNs from asking again. */
const MEDIA_MAX_AGE = '7d';
/** Uploaded photos and videos are named by their content's hash: a name never changes meaning. */
const UPLOAD_FOLDERS = ['products', 'videos', 'images'];

/** A response is what its Content-Type says: an upload can never be read as a page or a script. */
const EVERY_ANSWER = { 'x-content-type-options': 'nosniff' };

/** What each app sends before Express sees the request (see apiListener). */
const beforeExpress = new WeakMap<Express, (req: IncomingMessage, res: ServerResponse) => boolean>();

/** Opened on its own (not inside an <img> or <video>), a media file runs no script and reaches no origin. */
function sandboxMedia(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', "default-src 'none'; media-src 'self'; img-src 'self'; sandbox");
}

/** The api (the spec's "API host") as an Express app; the caller listens. */
export function createApiApp(options: ApiOptions): Express {
  const { trustProxy = 'loopback', ...deps } = options;
  const app = express();
  app.disable('x-powered-by');
  // req.ip is the client's address only when the hop that sent X-Forwarded-For is trusted.
  app.set('trust proxy', trustProxy);

  const log = requestLog(app, deps.logger);
  app.use(log);
  app.use(withRequestContext);
  app.use((_req, res, next) => {
    res.set(EVERY_ANSWER);
    next();
  });
  app.use(healthRoutes(deps));
  for (const folder of UPLOAD_FOLDERS) {
    app.use(
      `/media/${folder}`,
      express.static(path.join(deps.dataDir, 'media', folder), {
        maxAge: '365d',
        immutable: true,
        index: false,
        fallthrough: false,
        setHeaders: sandboxMedia,
      }),
    );
  }
  app.use(
    '/media',
    express.static(path.join(deps.dataDir, 'media'), {
      maxAge: MEDIA_MAX_AGE,
      index: false,
      fallthrough: false,
      setHeaders: sandboxMedia,
    }),
  );
  // the providers' webhooks read their bodies raw (the signature is over the bytes), so it comes first
  app.use(paymentsWebhook(deps));
  app.use(shippingWebhook(deps));
  app.use(express.json({ limit: '1mb' }));
  // JSON answers above about a packet are gzip or brotli compressed when the client asks (a phone on a slow
  // network gains more than compressing costs); smaller ones would barely shrink. Media is already compressed.
  // (a client that accepts no encoding costs nothing: the middleware wraps every response it sees)
  const compress = compression({ threshold: COMPRESS_ABOVE_BYTES });
  app.use((req, res, next) => (req.headers['accept-encoding'] ? compress(req, res, next) : next()));

  // every route of the endpoint table (contracts' endpoints.ts), feature by feature, then the document of them
  const api = new ApiRouter({
    required: requireAuth(deps.db),
    optional: optionalAuth(deps.db),
    ...staffChecks(deps.db),
  });
  for (const feature of [
    authRoutes,
    homeRoutes,
    likedCategoriesRoutes,
    accountRoutes,
    blocksRoutes,
    chatRoutes,
    addressesRoutes,
    feesRoutes,
    cardsRoutes,
    payoutsRoutes,
    placesRoutes,
    productsRoutes,
    mediaRoutes,
    likesRoutes,
    questionsRoutes,
    reportsRoutes,
    searchRoutes,
    notificationsRoutes,
    shippingRoutes,
    ordersRoutes,
    disputesRoutes,
    reviewsRoutes,
    swapsRoutes,
    staffRoutes,
    auditRoutes,
    moderationRoutes,
    consoleRoutes,
  ]) {
    feature(deps, api);
  }
  openApiRoutes(api);
  app.use(api.router);

  app.use(notFound);
  app.use(errorMapper(deps.logger));
  beforeExpress.set(app, keptForVisitors({ app, paths: api.keptForVisitors, log, headers: EVERY_ANSWER }));
  return app;
}

/**
 * What the api's HTTP server runs: the liveness check and the answers kept for visitors, then the app
 * for everything else.
 */
export function apiListener(app: Express): RequestListener {
  const kept = beforeExpress.get(app);
  return (req, res) => {
    if (!answerLiveness(req, res) && !kept?.(req, res)) app(req, res);
  };
}
