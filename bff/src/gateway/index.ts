import type { IncomingMessage, RequestListener } from 'node:http';
import type { Socket } from 'node:net';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { Knex } from '@swapstuff/db';
import { SOCIAL_CALLBACK_PATH, sessionPaths } from '@swapstuff/contracts';
import pino, { type Logger } from 'pino';
import { errorMapper } from '../api/errors';
import { browserApiBase } from '../adapters/payments';
import { requestLog } from '../runtime/request-log';
import type { Config } from '../config';
import { createIdentity } from '../adapters/identity';
import { createAuthHandoff, sessionOpener } from './auth-handoff';
import { canonicalUrl } from './canonical-url';
import { csrfProtection, isCrossSite, refuseCsrf } from './csrf';
import { createHealthRouter } from './health';
import { createPushWorkerRouter } from './push-worker';
import { PROXIED_PREFIXES, createApiProxy, isProxiedPath } from './proxy';
import { createSandboxRouter, isSandboxPath } from './provider-sandboxes';
import { remoteManifestsReader } from './remote-manifests';
import { createRemotesRouter, foreignOrigins, registryReader } from './remotes';
import { contentSecurityPolicy, securityHeaders, type TrustProxy } from './security';
import { SharedCache } from './shared-cache';
import { absoluteTimeout, createSession, hasSessionCookie } from './session';
import { shareMetaReader } from './share-meta';
import { createSocialSignIn } from './social-sign-in';
import { firstViewRenderer } from './first-view';
import { shellPageReader } from './shell-page';
import { createShellRouter } from './static';
import { createUpgradeHandler } from './websocket';

export interface GatewayOptions {
  /** The database that holds the `sessions` table (the api's database). */
  db: Knex;
  /** Where the api listens, e.g. http://127.0.0.1:3001. */
  apiUrl: string;
  config: Config;
  logger?: Logger;
}

export interface GatewayApp extends Express {
  /**
   * What the gateway's HTTP server runs: a visitor's read kept in the shared cache is answered from
   * memory before Express (SharedCache.answerBeforeExpress); everything else goes to the app.
   */
  listener: RequestListener;
  /** Attach to the HTTP server: `server.on('upgrade', app.upgrade)` (socket.io websockets). */
  upgrade: (req: IncomingMessage, socket: Socket, head: Buffer) => void;
  /** Releases the keep-alive connections to the api. */
  closeGateway: () => void;
}

/**
 * The public door: the browser's session, CSRF, the shell and the remotes' builds, and a proxy to the
 * api that swaps the session cookie for the bearer token kept server-side.
 */
export function createGatewayApp(options: GatewayOptions): GatewayApp {
  const { db, apiUrl, config } = options;
  const logger = options.logger ?? pino({ level: config.logLevel, name: 'gateway' });
  const session = createSession(db, config, logger);
  const sharedCache = new SharedCache();
  const proxy = createApiProxy(apiUrl, logger, sharedCache);
  const readRegistry = registryReader(config.mfRegistry);
  const readManifests = remoteManifestsReader(config.repoRoot, config.shellDist, logger);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  const logRequest = requestLog(app, logger);
  // The api logs every request it is sent (with the client's address); logging them here too would
  // double the log volume and the proxy's cost. The gateway logs its own pages, files and refusals.
  app.use((req: Request, res: Response, next: NextFunction) =>
    isProxiedPath(req.path) || isSandboxPath(req.path) ? next() : logRequest(req, res, next),
  );
  app.use(securityHeaders);
  app.use(createSandboxRouter(config, logger));
  app.use(createHealthRouter(db, apiUrl));
  app.use(createRemotesRouter(config, readRegistry, readManifests));
  app.use(createPushWorkerRouter());

  // Only the api's paths need the session, and only when the browser has one or is signing in: a
  // visitor's request costs no session work at all (req.session then stays unset).
  app.use(PROXIED_PREFIXES, (req: Request, res: Response, next: NextFunction) =>
    hasSessionCookie(req) ? session.middleware(req, res, next) : next(),
  );
  // A sign-in needs a session to hand off to even without a cookie. Its paths are matched by Express's
  // router, as the api matches them (any case, a trailing slash), so no variant of them reaches the api
  // without the hand-off.
  app.post(sessionPaths('sign-in', 'POST'), (req: Request, res: Response, next: NextFunction) =>
    req.session ? next() : session.middleware(req, res, next),
  );
  app.use(PROXIED_PREFIXES, absoluteTimeout(session.absoluteMs));
  app.use('/api', csrfProtection(config, session.idleMs, logger));
  // socket.io's polling transport cannot send our header; cross-site is still refused, its GETs too (a
  // cross-site poll with the browser's cookie opened an engine session for a page that is not ours)
  app.use('/socket.io', (req: Request, res: Response, next: NextFunction) => {
    if (isCrossSite(req, config)) {
      logger.warn({ url: req.originalUrl, ip: req.ip }, 'cross-site socket.io request refused');
      return refuseCsrf(res);
    }
    next();
  });
  const signIn = { apiUrl, config, idleMs: session.idleMs, logger };
  app.use(createAuthHandoff(signIn));
  // the provider's answer opens a session: the callback always has one to open (visitors included)
  app.get(SOCIAL_CALLBACK_PATH, session.middleware);
  app.use(
    createSocialSignIn({
      apiUrl,
      config,
      identity: createIdentity(config.identity),
      openSession: sessionOpener(signIn),
      logger,
    }),
  );
  // a visitor's read the api said every visitor may share (after the CSRF check, instead of the proxy)
  app.use(sharedCache.middleware);
  // before any body parser: the proxy streams request bodies as they come
  app.use(proxy.middleware);

  const paymentsOrigin = new URL(browserApiBase({ stripe: config.payments.stripe, sandbox: config.stripeSandbox }))
    .origin;
  // the carrier sandbox's labels and couriers' logos (Shippo's are https, which the policy allows already)
  const carrierImages = config.shipping.sandbox ? [new URL(config.shippoSandbox.publicUrl).origin] : [];
  const pageFor = shellPageReader({
    readRegistry,
    readManifests,
    readShareMeta: shareMetaReader(apiUrl, config.publicUrl, logger),
    renderFirstView: firstViewRenderer({ shellDist: config.shellDist, repoRoot: config.repoRoot, apiUrl, logger }),
    logger,
  });
  app.use(
    createShellRouter(
      config.shellDist,
      async () => contentSecurityPolicy(foreignOrigins(await readRegistry()), paymentsOrigin, carrierImages),
      pageFor,
    ),
  );

  app.use((req: Request, res: Response) => {
    res.status(404).type('text/plain').send('Not found');
  });
  // the api's own mapper: a session store whose database is down answers 503 here as there
  app.use(errorMapper(logger));

  const upgrade = createUpgradeHandler({
    config,
    store: session.store,
    absoluteMs: session.absoluteMs,
    logger,
    proxyUpgrade: proxy.upgrade,
  });
  // every decision below, and the proxy, see the path in its one spelling (canonical-url.ts says why)
  const listener: RequestListener = (req, res) => {
    const url = canonicalUrl(req.url ?? '');
    if (url === undefined) return void res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad request');
    req.url = url;
    if (!sharedCache.answerBeforeExpress(req, res, app.get('trust proxy fn') as TrustProxy)) app(req, res);
  };
  const upgradeCanonical = (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const url = canonicalUrl(req.url ?? '');
    if (url === undefined) return void socket.destroy();
    req.url = url;
    upgrade(req, socket, head);
  };
  return Object.assign(app, { listener, upgrade: upgradeCanonical, closeGateway: proxy.close });
}
