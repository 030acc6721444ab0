import path from 'node:path';
import { createDb, ensureDatabase, migrateLatest, seedIfEmpty, type Knex } from '@swapstuff/db';
import type { Logger } from 'pino';
import { createIdentity } from '../adapters/identity';
import { createMailer } from '../adapters/mail';
import { createPayments } from '../adapters/payments';
import { createPlaces } from '../adapters/places';
import { createPush } from '../adapters/push';
import { createShipping, SHIPPING_WEBHOOK_PATH } from '../adapters/shipping';
import { createStorage } from '../adapters/storage';
import { apiListener, createApiApp, createApiJobs } from '../api';
import { createRealtime } from '../api/realtime';
import { bearerSessions } from '../api/auth';
import type { Config } from '../config';
import { createGatewayApp } from '../gateway';
import type { TrustProxy } from '../gateway/security';
import { createOidcSandbox } from '../sandboxes/oidc';
import { createShippoSandbox } from '../sandboxes/shippo';
import { createStripeSandbox } from '../sandboxes/stripe';
import { headerDeadlineOptions, limitClients } from './client-limits';
import { reportUncaught } from './uncaught';
import { listenGracefully, type GracefulServer } from './server';

export type ServerRole = 'api' | 'gateway' | 'stripe-sandbox' | 'shippo-sandbox' | 'oidc-sandbox';

/** The roles that are a provider's sandbox: no database, their state in DATA_DIR. */
export const SANDBOX_ROLES: readonly ServerRole[] = ['stripe-sandbox', 'shippo-sandbox', 'oidc-sandbox'];

/** The supervisor's word to a child that may now stop accepting (see supervisor.ts). */
export const CLOSE_MESSAGE = 'close';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Started {
  server: GracefulServer;
  /** what else holds the event loop: the gateway's keep-alive connections to the api, the job runner */
  release: () => void | Promise<void>;
}

/** A gateway alone does not migrate: it waits for the api to create the sessions table. */
async function waitForSessionsTable(db: Knex, logger: Logger): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      if (await db.schema.hasTable('sessions')) return;
    } catch (err) {
      if (attempt % 10 === 0) logger.warn({ err }, 'database not reachable yet');
    }
    if (attempt % 10 === 0) logger.info('waiting for the api to migrate the database');
    await sleep(1000);
  }
}

/**
 * The api trusts X-Forwarded-For from the gateway: over loopback when they share a machine (always so
 * under `npm start`), plus whatever TRUST_PROXY names (the gateways' addresses when they run elsewhere).
 */
function apiTrustProxy(config: Config): boolean | number | string {
  const { trustProxy } = config;
  if (typeof trustProxy !== 'string' || /\bloopback\b/.test(trustProxy)) return trustProxy;
  return `loopback, ${trustProxy}`;
}

async function startApi(config: Config, db: Knex, logger: Logger): Promise<Started> {
  await ensureDatabase(config.databaseUrl);
  await migrateLatest(db);
  await seedIfEmpty(db, { dataDir: config.dataDir });
  const payments = createPayments({
    stripe: config.payments.stripe,
    sandbox: config.stripeSandbox,
    webhookSecret: config.payments.webhookSecret,
  });
  const shipping = createShipping({ shippo: config.shipping.shippo, sandbox: config.shippoSandbox });
  const realtime = createRealtime({
    authenticate: bearerSessions(db),
    logger: logger.child({ name: 'realtime' }),
    redis: config.redisUrl ? { url: config.redisUrl, key: config.redisKey } : undefined,
  });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir });
  const jobs = createApiJobs(db, logger.child({ name: 'jobs' }), {
    payments,
    shipping,
    orderJobsEveryMs: config.orderJobsEveryMs,
    notifications: {
      realtime,
      mailer,
      push: createPush({ ...config.push, dataDir: config.dataDir }),
      publicUrl: config.publicUrl,
    },
  });
  const app = createApiApp({
    realtime,
    events: jobs.events,
    db,
    mailer,
    storage: createStorage({ dataDir: config.dataDir, s3: config.s3 }),
    publicUrl: config.publicUrl,
    dataDir: config.dataDir,
    logger,
    places: createPlaces({ googleKey: config.googlePlacesKey }),
    payments,
    shipping,
    identity: createIdentity(config.identity),
    staffKey: config.staffKey,
    trustProxy: apiTrustProxy(config),
  });
  const server = await listenGracefully(apiListener(app), config.apiPort, config.apiHost);
  realtime.attach(server.server);
  logger.info(`api listening on http://${config.apiHost}:${server.port}`);
  jobs.runner.start();
  return {
    server,
    release: async () => {
      await realtime.close();
      await jobs.runner.stop();
    },
  };
}

async function startGateway(config: Config, db: Knex, logger: Logger): Promise<Started> {
  await waitForSessionsTable(db, logger);
  const gateway = createGatewayApp({ db, apiUrl: config.apiUrl, config, logger });
  const { clientLimits } = config;
  const server = await listenGracefully(gateway.listener, config.port, undefined, headerDeadlineOptions(clientLimits));
  const trusted = gateway.get('trust proxy fn') as TrustProxy;
  const stopLimits = limitClients(server.server, clientLimits, (address) => trusted(address, 0), logger);
  server.server.on('upgrade', gateway.upgrade);
  logger.info(`gateway listening on http://localhost:${server.port} (api: ${config.apiUrl})`);
  return {
    server,
    release: () => {
      stopLimits();
      gateway.closeGateway();
    },
  };
}

/**
 * The providers' sandboxes listen on loopback only: never reachable from outside (their keys, generated per
 * install in DATA_DIR, are all that guards them). Browsers of this machine (a developer's, the journeys') reach
 * them at localhost. Each says loudly what it is.
 */
const SANDBOX_HOST = '127.0.0.1';

/** Our Stripe sandbox (without a Stripe key): no database, its state in DATA_DIR, its events to the api's webhook endpoint. */
async function startStripeSandbox(config: Config, logger: Logger): Promise<Started> {
  const { port, publicUrl, secretKey, publishableKey, webhookSecret } = config.stripeSandbox;
  const sandbox = createStripeSandbox({
    secretKey,
    publishableKey,
    publicUrl,
    webhookSecret,
    webhookUrl: `${config.apiUrl}/api/payments/webhook`,
    stateFile: path.join(config.dataDir, 'stripe-sandbox.json'),
    logger,
  });
  const server = await listenGracefully(sandbox.app, port, SANDBOX_HOST);
  logger.warn(
    `Stripe's SANDBOX on http://${SANDBOX_HOST}:${server.port} (browsers: ${publicUrl}): no money moves; set STRIPE_SECRET_KEY for Stripe itself`,
  );
  return { server, release: sandbox.close };
}

/**
 * Our Shippo sandbox (without a Shippo token): no database, its state in DATA_DIR, its tracking webhooks to
 * the api's endpoint, its clock moving tracks on every minute.
 */
async function startShippoSandbox(config: Config, logger: Logger): Promise<Started> {
  const { port, publicUrl, token, webhookSecret, stateFile } = config.shippoSandbox;
  const sandbox = createShippoSandbox({
    token,
    publicUrl,
    webhookSecret,
    webhookUrl: `${config.apiUrl}${SHIPPING_WEBHOOK_PATH}`,
    stateFile,
    logger,
  });
  const server = await listenGracefully(sandbox.app, port, SANDBOX_HOST);
  logger.warn(
    `Shippo's SANDBOX on http://${SANDBOX_HOST}:${server.port} (browsers: ${publicUrl}): no parcel is sent; set SHIPPO_API_TOKEN for Shippo itself`,
  );
  return { server, release: sandbox.close };
}

/**
 * Our identity sandbox (SOCIAL_SANDBOX=1) playing Google: a real OpenID Provider whose one client is the
 * site's gateway. Its key and sessions live in memory: a restart signs anyone in again with a new key.
 */
async function startIdentitySandbox(config: Config, logger: Logger): Promise<Started> {
  const { port, publicUrl, clientId, clientSecret, redirectUri } = config.oidcSandbox;
  const sandbox = await createOidcSandbox(publicUrl, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri] }],
  });
  const server = await listenGracefully(sandbox.app, port, SANDBOX_HOST);
  logger.warn(
    `the identity SANDBOX plays Google on http://${SANDBOX_HOST}:${server.port} (issuer: ${publicUrl}): it signs anyone in; unset SOCIAL_SANDBOX`,
  );
  return { server, release: sandbox.close };
}

/**
 * One server process: the api, the gateway or a provider's sandbox (Stripe's, Shippo's, the identity one). It stops on SIGTERM/SIGINT (or when
 * its supervisor goes) within config.shutdownTimeoutMs: it drains first (see GracefulServer), stops
 * accepting when its supervisor says so (or after config.shutdownDelayMs when it runs alone), lets the
 * requests in flight finish, releases the database and exits. An exception nobody caught is logged with its request and
 * ends the process the same way, quickly, for the supervisor to start a fresh one; a rejection nobody
 * handled is logged with its request and the process goes on.
 */
export async function serveRole(role: ServerRole, config: Config, logger: Logger): Promise<void> {
  // the sandboxes have no database
  const db = SANDBOX_ROLES.includes(role)
    ? undefined
    : createDb({
        url: config.databaseUrl,
        dataDir: config.dataDir,
        timeouts: config.dbTimeouts,
        log: logger.child({ name: 'knex' }),
      });
  let started: Started | undefined;
  let stopping = false;
  let closeNow: () => void = () => undefined;
  const closeSignal = new Promise<void>((resolve) => (closeNow = resolve));

  async function shutdown(reason: string, exitCode: number, waitForWord: boolean): Promise<void> {
    if (stopping) return;
    stopping = true;
    const deadline = Date.now() + config.shutdownTimeoutMs;
    logger.info(`${reason}: shutting down`);
    // whatever happens below, the process is gone by the deadline
    setTimeout(() => {
      logger.error('shutdown took too long: exiting');
      process.exit(exitCode || 1);
    }, config.shutdownTimeoutMs).unref();
    if (started) {
      started.server.drain();
      const supervised = process.connected;
      // the supervisor says when to stop accepting (an api waits until the gateway in front of it is gone)
      if (waitForWord)
        await Promise.race([
          supervised ? closeSignal : sleep(config.shutdownDelayMs),
          sleep(config.shutdownTimeoutMs / 2),
        ]);
      // the last part of the budget is for releasing the database
      await started.server.close(deadline - 500);
      // the job runner finishes its batch (or its transaction is rolled back by the exit, and the rows
      // are taken again by another runner)
      await Promise.race([started.release(), sleep(Math.max(0, deadline - 500 - Date.now()))]);
    }
    if (db) await Promise.race([db.destroy(), sleep(400)]);
    logger.info('stopped');
    process.exit(exitCode);
  }

  process.on('SIGTERM', () => void shutdown('SIGTERM', 0, true));
  process.on('SIGINT', () => void shutdown('SIGINT', 0, true));
  process.on('message', (message) => {
    if (message === CLOSE_MESSAGE) closeNow();
  });
  // the supervisor is gone (killed): nobody would restart or stop this process
  process.on('disconnect', () => {
    closeNow();
    void shutdown('supervisor gone', 0, false);
  });
  reportUncaught(logger, () => void shutdown('uncaught exception', 1, false));

  try {
    if (role === 'stripe-sandbox') started = await startStripeSandbox(config, logger);
    else if (role === 'shippo-sandbox') started = await startShippoSandbox(config, logger);
    else if (role === 'oidc-sandbox') started = await startIdentitySandbox(config, logger);
    else started = await (role === 'api' ? startApi : startGateway)(config, db!, logger);
  } catch (err) {
    logger.fatal({ err }, `the ${role} failed to start`);
    await shutdown('start failed', 1, false);
  }
}
