import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestListener } from 'node:http';
import pino, { type Logger } from 'pino';
import { createDb, ensureDatabase, migrateLatest, seedIfEmpty, type Knex } from '@swapstuff/db';
import { createMailer } from './adapters/mail';
import { createPlaces } from './adapters/places';
import { createStorage } from './adapters/storage';
import { createApiApp } from './api';
import { loadConfig, type Config } from './config';
import { createGatewayApp } from './gateway';

export interface Running {
  apiPort?: number;
  gatewayPort?: number;
  close: () => Promise<void>;
}

function listen(listener: RequestListener, port: number): Promise<http.Server> {
  const server = http.createServer(listener);
  // longer than a load balancer's idle timeout, so the balancer closes idle connections first
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

function portOf(server: http.Server): number {
  return (server.address() as AddressInfo).port;
}

function closeServer(server: http.Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
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
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * The api trusts X-Forwarded-For from the gateway: over loopback when they share a machine (always so in
 * ROLE=all), plus whatever TRUST_PROXY names (the gateways' addresses when they run elsewhere).
 */
function apiTrustProxy(config: Config): boolean | number | string {
  const { trustProxy } = config;
  if (typeof trustProxy !== 'string' || /\bloopback\b/.test(trustProxy)) return trustProxy;
  return `loopback, ${trustProxy}`;
}

/** Starts the roles the config asks for; used by `node bff/dist/main.js` and by the bench. */
export async function start(config: Config, logger: Logger = pino({ level: config.logLevel })): Promise<Running> {
  if (config.role !== 'gateway') await ensureDatabase(config.databaseUrl);
  const db = createDb({ url: config.databaseUrl, dataDir: config.dataDir });
  const servers: http.Server[] = [];
  const running: Running = { close: async () => undefined };
  let closeGateway: (() => void) | undefined;

  try {
    let apiUrl = config.apiUrl;
    if (config.role !== 'gateway') {
      await migrateLatest(db);
      await seedIfEmpty(db, { dataDir: config.dataDir });
      const api = createApiApp({
        db,
        mailer: createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }),
        storage: createStorage({ dataDir: config.dataDir, s3: config.s3 }),
        publicUrl: config.publicUrl,
        dataDir: config.dataDir,
        logger: logger.child({ name: 'api' }),
        places: createPlaces({ googleKey: config.googlePlacesKey }),
        trustProxy: apiTrustProxy(config),
      });
      const server = await listen(api, config.apiPort);
      servers.push(server);
      running.apiPort = portOf(server);
      // one process: the gateway talks to the api it just started, wherever that landed
      if (config.role === 'all') apiUrl = `http://127.0.0.1:${running.apiPort}`;
      logger.info(`api listening on http://127.0.0.1:${running.apiPort}`);
    } else {
      await waitForSessionsTable(db, logger);
    }

    if (config.role !== 'api') {
      const gateway = createGatewayApp({ db, apiUrl, config, logger: logger.child({ name: 'gateway' }) });
      closeGateway = gateway.closeGateway;
      const server = await listen(gateway, config.port);
      server.on('upgrade', gateway.upgrade);
      servers.push(server);
      running.gatewayPort = portOf(server);
      logger.info(`gateway listening on http://localhost:${running.gatewayPort} (api: ${apiUrl})`);
    }
  } catch (err) {
    await Promise.all(servers.map((server) => closeServer(server, 0)));
    await db.destroy();
    throw err;
  }

  running.close = async () => {
    // the public door first, so nothing new reaches the api while it drains
    for (const server of [...servers].reverse()) await closeServer(server, 10_000);
    closeGateway?.();
    await db.destroy();
  };
  return running;
}

if (require.main === module) {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });
  start(config, logger).then(
    (running) => {
      let stopping = false;
      const stop = (signal: NodeJS.Signals) => {
        if (stopping) return;
        stopping = true;
        logger.info(`${signal}: shutting down`);
        running.close().then(
          () => process.exit(0),
          (err: unknown) => {
            logger.error({ err }, 'shutdown failed');
            process.exit(1);
          },
        );
      };
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    },
    (err: unknown) => {
      logger.fatal({ err }, 'failed to start');
      process.exit(1);
    },
  );
}
