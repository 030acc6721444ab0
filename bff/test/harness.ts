import { createIdentity, type IdentitySettings } from '../src/adapters/identity';
import { createRealtime } from '../src/api/realtime';
import { bearerSessions } from '../src/api/auth';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { DbTimeouts, Knex } from '@swapstuff/db';
import { freshDatabase, MYSQL_ROOT } from './databases';
import { createMailer } from '../src/adapters/mail';
import { createPush, type PushPort } from '../src/adapters/push';
import { createPayments, type PaymentsPort } from '../src/adapters/payments';
import { offlinePlaces, type Places } from '../src/adapters/places';
import { createShipping, SHIPPING_WEBHOOK_PATH, type ShippingPort } from '../src/adapters/shipping';
import { diskStorage } from '../src/adapters/storage';
import type { Express } from 'express';
import { apiListener, createApiApp, createApiJobs } from '../src/api';
import type { JobRunner, Outbox } from '../src/jobs';
import { WEBHOOK_PATH } from '../src/api/payments';
import { startShippoSandbox, type StartedShippoSandbox, type Track } from '../src/sandboxes/shippo';
import { startStripeSandbox, type StartedStripeSandbox } from '../src/sandboxes/stripe';

export { MYSQL_ROOT };

export interface OutboxMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  date: string;
  eml: string;
}

export interface TestApi {
  /** http://127.0.0.1:<port> */
  url: string;
  /** the Express app behind it (its routes, for the fuzz test) */
  app: Express;
  db: Knex;
  /** the api's domain events (emit in a transaction, as the services do) */
  events: Outbox;
  /** the api's job runner, not started: tests run its batches themselves */
  jobs: JobRunner;
  dataDir: string;
  engine: 'mysql' | 'sqlite';
  /** the api's payments adapter (Stripe's package), pointed at `sandbox` */
  payments: PaymentsPort;
  /** the Stripe sandbox of this api, in this process; its events go to the api's webhook */
  sandbox: StartedStripeSandbox;
  /** where the sandbox answers (the browser's and the api's address of it alike) */
  paymentsUrl: string;
  /** what the sandbox signs its events with, and the api checks them against */
  webhookSecret: string;
  /** the api's shipping adapter (our Shippo adapter), pointed at `carrier` */
  shipping: ShippingPort;
  /** the Shippo sandbox of this api, in this process; its tracking webhooks go to the api's /api/shipping/webhook */
  carrier: TestCarrier;
  /** where the Shippo sandbox answers (labels and logos are on it too) */
  carrierUrl: string;
  /** what the Shippo sandbox signs its webhooks with, and the api checks them against */
  shippingWebhookSecret: string;
  /** Mails written to the outbox (when no smtpUrl was given), oldest first. */
  outbox(): Promise<OutboxMail[]>;
  /** Waits for the first outbox mail to `to`, up to `timeoutMs`. */
  waitForMail(to: string, timeoutMs?: number): Promise<OutboxMail>;
  close(): Promise<void>;
}

/**
 * The Shippo sandbox of a test api. Its clock is the real one plus what `passTime` added, and moves tracks
 * on only when told (tickIntervalMs 0): `advance` moves a parcel on now, `passTime` lets days go by; each
 * step taken is a track_updated webhook to the api, delivered in the background (its signature's timestamp is
 * the sandbox's clock: after `passTime`, in the future, which the check lets through).
 */
export interface TestCarrier extends StartedShippoSandbox {
  /** takes every tracking step the clock has reached; the number taken */
  tick(): number;
  /** moves a parcel on now: to its next step, or through its steps to `to` */
  advance(trackingNumber: string, to?: 'TRANSIT' | 'DELIVERED' | 'RETURNED' | 'FAILURE'): Track;
  /** moves the sandbox's clock `ms` on and takes the steps it reached; the number taken */
  passTime(ms: number): number;
  /** the sandbox's clock now (epoch ms) */
  now(): number;
}

export interface TestApiOptions {
  /** Deliver mail over SMTP instead of the outbox. */
  smtpUrl?: string;
  publicUrl?: string;
  /** Address search; default: the offline postal data. */
  places?: Places;
  /** Social sign-in providers; default: none configured. */
  identity?: IdentitySettings;
  /** Push to devices; default: recorded in DATA_DIR/push/ */
  push?: PushPort;
  /** The database's timeouts, when a test needs them shorter (a pool that runs dry answers within acquireMs). */
  dbTimeouts?: Partial<DbTimeouts>;
}

/** The real api over real HTTP against a real database of its own, migrated and seeded (./databases.ts). */
export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'swapstuff-api-'));
  const { db, engine, drop } = await freshDatabase(dataDir, options.dbTimeouts);

  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  // the api listens first: the sandbox is told where to deliver its events
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const webhookSecret = 'whsec_test_harness';
  const sandbox = await startStripeSandbox({
    webhookUrl: `http://127.0.0.1:${port}${WEBHOOK_PATH}`,
    webhookSecret,
    payoutDelayMs: 20,
    webhookRetryDelaysMs: [100, 500],
  });
  const shippingWebhookSecret = 'whsec_shippo_test_harness';
  let carrierOffsetMs = 0;
  const carrierClock = () => Date.now() + carrierOffsetMs;
  const started = await startShippoSandbox({
    webhookUrl: `http://127.0.0.1:${port}${SHIPPING_WEBHOOK_PATH}`,
    webhookSecret: shippingWebhookSecret,
    webhookRetryDelaysMs: [100, 500],
    tickIntervalMs: 0,
    clock: carrierClock,
  });
  const carrier: TestCarrier = {
    ...started,
    tick: () => started.sandbox.tick(),
    advance: (trackingNumber, to) => started.sandbox.advance(trackingNumber, to),
    passTime(ms) {
      carrierOffsetMs += ms;
      return started.sandbox.tick();
    },
    now: carrierClock,
  };
  const shipping = createShipping({
    sandbox: {
      url: started.url,
      publicUrl: started.url,
      token: 'shippo_test_sandbox',
      webhookSecret: shippingWebhookSecret,
    },
  });
  const payments = createPayments({
    sandbox: {
      url: sandbox.url,
      publicUrl: sandbox.url,
      secretKey: 'sk_test_sandbox',
      publishableKey: 'pk_test_sandbox',
    },
    webhookSecret,
  });
  const realtime = createRealtime({ authenticate: bearerSessions(db), logger });
  const mailer = createMailer({ smtpUrl: options.smtpUrl, dataDir });
  const publicUrl = options.publicUrl ?? 'http://localhost:3000';
  const push = options.push ?? createPush({ dataDir });
  const jobs = createApiJobs(db, logger, {
    payments,
    shipping,
    notifications: { realtime, mailer, push, publicUrl },
  });
  const app = createApiApp({
    realtime,
    db,
    events: jobs.events,
    dataDir,
    mailer,
    storage: diskStorage(dataDir),
    publicUrl,
    logger,
    places: options.places ?? offlinePlaces(),
    payments,
    shipping,
    identity: createIdentity(options.identity ?? {}),
    staffKey: randomBytes(32).toString('base64url'),
  });
  server.on('request', apiListener(app));
  realtime.attach(server);

  const outboxDir = path.join(dataDir, 'outbox');
  const outbox = async (): Promise<OutboxMail[]> => {
    const files = (await fs.readdir(outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
    return Promise.all(
      files.map(async (f) => JSON.parse(await fs.readFile(path.join(outboxDir, f), 'utf8')) as OutboxMail),
    );
  };

  return {
    url: `http://127.0.0.1:${port}`,
    app,
    db,
    events: jobs.events,
    jobs: jobs.runner,
    dataDir,
    engine,
    payments,
    sandbox,
    paymentsUrl: sandbox.url,
    webhookSecret,
    shipping,
    carrier,
    carrierUrl: started.url,
    shippingWebhookSecret,
    outbox,
    async waitForMail(to, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = (await outbox()).find((m) => m.to === to);
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      await realtime.close();
      await jobs.runner.stop();
      await sandbox.close();
      await started.close();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
      await db.destroy();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: { Success: boolean; Description: string; Content: T; error?: string };
}

/** One JSON call to the api, the way a mobile client makes it. */
export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Answer<T>['body'] };
}

/** A MySQL test database's URL, for a second handle on it (another pool, as another process has). */
export function mysqlUrlOf(db: Knex): string {
  const { database } = db.client.config.connection as { database: string };
  return `${MYSQL_ROOT}/${database}`;
}
