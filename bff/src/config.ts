import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SOCIAL_CALLBACK_PATH } from '@swapstuff/contracts';
import { DEFAULT_DB_TIMEOUTS, type DbTimeouts } from '@swapstuff/db';
import { identitySettingsFromEnv, type IdentitySettings } from './adapters/identity';
import type { FcmSettings, ServiceAccount, WebPushSettings } from './adapters/push';
import type { S3Options } from './adapters/storage';
import type { ClientLimits } from './runtime/client-limits';

/** The repository root: bff/src (tests) and bff/dist (built) are both two levels below it. */
export const repoRoot = path.resolve(__dirname, '..', '..');

export type Role = 'all' | 'api' | 'gateway' | 'stripe-sandbox' | 'shippo-sandbox' | 'oidc-sandbox';
const ROLES: readonly Role[] = ['all', 'api', 'gateway', 'stripe-sandbox', 'shippo-sandbox', 'oidc-sandbox'];

export interface Config {
  role: Role;
  /** The gateway's public port. */
  port: number;
  /** The api's port (the spec's "API host"). */
  apiPort: number;
  /** The interface the api listens on: loopback, so that only the gateway (and tests) reach it. */
  apiHost: string;
  /** Where the gateway reaches the api. */
  apiUrl: string;
  dataDir: string;
  /** mysql://… selects MySQL/MariaDB; undefined → embedded SQLite in dataDir. */
  databaseUrl?: string;
  /** The address users reach the site at (links in mails). */
  publicUrl: string;
  sessionSecret: string;
  /** what staff members' authenticator secrets are encrypted under: STAFF_KEY, or one kept in DATA_DIR */
  staffKey: string;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** The remote registry file read by GET /mf/remotes.json. */
  mfRegistry: string;
  smtpUrl?: string;
  /** REDIS_URL: socket.io events cross api instances through Redis; undefined → one instance alone */
  redisUrl?: string;
  /** REDIS_KEY: the prefix of the site's Redis channels (two sites sharing one Redis keep theirs apart) */
  redisKey?: string;
  /**
   * Social sign-in: SOCIAL_<PROVIDER>_ISSUER, _CLIENT_ID, _CLIENT_SECRET, _APP_CLIENT_IDS for google, apple and
   * facebook; a provider without them is not configured (its button says so).
   */
  identity: IdentitySettings;
  /** Our identity sandbox (bff/src/sandboxes/oidc) playing Google: its own process when enabled. */
  oidcSandbox: OidcSandboxConfig;
  /** GOOGLE_PLACES_KEY: address search through Google Places; undefined → the offline postal data. */
  googlePlacesKey?: string;
  /** S3-compatible storage for photos and videos; undefined → files under DATA_DIR/media. */
  s3?: S3Options;
  /**
   * Push: FCM_SERVICE_ACCOUNT (a service account's key file, or its JSON) sends to the apps through FCM's HTTP v1
   * api; WEB_PUSH_PUBLIC_KEY, WEB_PUSH_PRIVATE_KEY and WEB_PUSH_SUBJECT send to browsers by Web Push. What is not
   * configured is recorded in DATA_DIR/push/.
   */
  push: { fcm?: FcmSettings; webPush?: WebPushSettings };
  payments: PaymentsConfig;
  /** Our Stripe sandbox (bff/src/sandboxes/stripe): its own process when payments.sandbox. */
  stripeSandbox: StripeSandboxConfig;
  shipping: ShippingConfig;
  /** Our Shippo sandbox (bff/src/sandboxes/shippo): its own process when shipping.sandbox. */
  shippoSandbox: ShippoSandboxConfig;
  /** Express `trust proxy` value: which hops may set X-Forwarded-* headers. */
  trustProxy: boolean | number | string;
  /**
   * What one client may cost the gateway: GATEWAY_HEADERS_TIMEOUT_MS, GATEWAY_BODY_TIMEOUT_MS,
   * GATEWAY_BODY_BYTES_PER_SECOND, GATEWAY_CONNECTIONS_PER_ADDRESS (runtime/client-limits.ts).
   */
  clientLimits: ClientLimits;
  logLevel: string;
  /** Database connect, acquire and statement timeouts. */
  dbTimeouts: DbTimeouts;
  /**
   * After SIGTERM: how long a server keeps accepting (answering /readyz 503 and closing each connection
   * after its response) so that load balancers stop sending to it, before it stops accepting.
   */
  shutdownDelayMs: number;
  /** After SIGTERM, everything is closed and the process gone within this, requests in flight included. */
  shutdownTimeoutMs: number;
  /**
   * How often the orders' periodic work runs (inspection windows that closed, unfinished captures, labels):
   * a minute; the end-to-end journeys shorten it so that a window they close is seen within seconds.
   */
  orderJobsEveryMs: number;
  repoRoot: string;
  /** The shell's production build. */
  shellDist: string;
}

export interface PaymentsConfig {
  /** No STRIPE_SECRET_KEY: payments go to our Stripe sandbox, which `npm start` runs as a third process. */
  sandbox: boolean;
  /** STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: Stripe itself. */
  stripe?: { secretKey: string; publishableKey: string };
  /** What webhooks are signed with: STRIPE_WEBHOOK_SECRET, or the sandbox's (stripeSandbox.webhookSecret). */
  webhookSecret: string;
}

export interface StripeSandboxConfig {
  /** STRIPE_SANDBOX_PORT */
  port: number;
  /** STRIPE_SANDBOX_URL: where the api reaches it. */
  url: string;
  /** STRIPE_SANDBOX_PUBLIC_URL: where browsers reach it (tokenization, 3D Secure, onboarding); the gateway's SANDBOX_PATHS.stripe by default. */
  publicUrl: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

export interface ShippingConfig {
  /** No SHIPPO_API_TOKEN: rates, labels and tracking come from our Shippo sandbox, a process of its own. */
  sandbox: boolean;
  /** SHIPPO_API_TOKEN and SHIPPO_WEBHOOK_SECRET: Shippo itself. */
  shippo?: { apiToken: string; webhookSecret: string };
}

export interface ShippoSandboxConfig {
  /** SHIPPO_SANDBOX_PORT */
  port: number;
  /** SHIPPO_SANDBOX_URL: where the api reaches it. */
  url: string;
  /** SHIPPO_SANDBOX_PUBLIC_URL: where browsers reach it (courier logos, labels, tracking pages); the gateway's SANDBOX_PATHS.shippo by default. */
  publicUrl: string;
  /** the ShippoToken the api sends it */
  token: string;
  /** what its tracking webhooks are signed with: SHIPPO_WEBHOOK_SECRET, or one shared through DATA_DIR */
  webhookSecret: string;
  /** DATA_DIR/shippo-sandbox.json: its addresses, shipments, labels and tracks across restarts */
  stateFile: string;
}

export interface OidcSandboxConfig {
  /** SOCIAL_SANDBOX=1 (the end-to-end journeys, a developer without Google credentials); never with SOCIAL_GOOGLE_* */
  enabled: boolean;
  /** OIDC_SANDBOX_PORT */
  port: number;
  /** OIDC_SANDBOX_PUBLIC_URL: its issuer, where browsers and the gateway reach it */
  publicUrl: string;
  /** the site's client at the sandbox, as the site is Google's client */
  clientId: string;
  clientSecret: string;
  /** the gateway's callback on the public address: the one redirect the sandbox allows the site */
  redirectUri: string;
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function role(raw: string | undefined): Role {
  if (raw === undefined || raw === '') return 'all';
  const found = ROLES.find((known) => known === raw);
  if (found) return found;
  throw new Error(`ROLE must be ${ROLES.join(', ')}, got "${raw}"`);
}

/** Same grammar as Express's `trust proxy`: true/false, a hop count, or a list of addresses/subnets. */
function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '') return 'loopback';
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

/**
 * A secret the processes sharing DATA_DIR must agree on, when its variable does not set it: generated by the first
 * process to need it and kept in DATA_DIR/<file> (restarts and several processes then use the same one).
 * Production sets the variable (processes on different machines must agree).
 */
function keptSecret(dataDir: string, file: string, variable: string, prefix = ''): string {
  const at = path.join(dataDir, file);
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails if another process wrote it first; then we read theirs.
    writeFileSync(at, `${prefix}${randomBytes(32).toString('base64url')}`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const secret = readFileSync(at, 'utf8').trim();
  if (!secret) throw new Error(`${at} is empty: delete it or set ${variable}`);
  return secret;
}

/** What session cookies are signed with: SESSION_SECRET, or one kept in DATA_DIR. */
const sessionSecret = (env: Env, dataDir: string) =>
  env.SESSION_SECRET || keptSecret(dataDir, 'session-secret', 'SESSION_SECRET');

/** The api and a sandbox, two processes, read the one the first of them wrote (<name>-secret in DATA_DIR). */
const sandboxSecret = (
  dataDir: string,
  name: 'stripe-webhook' | 'shippo-webhook' | 'oidc-client' | 'stripe-sandbox' | 'shippo-sandbox',
  variable: string,
  prefix = 'whsec_',
) => keptSecret(dataDir, `${name}-secret`, variable, prefix);

/**
 * STRIPE_SECRET_KEY selects Stripe itself (then its publishable key and webhook secret must be set too);
 * without it our sandbox plays Stripe, with a webhook secret the api and the sandbox share through DATA_DIR.
 */
/** Settings that go together: once `trigger` is set, each of the others must be too (a half-configured provider is a mistake). */
function neededWith(env: Env, trigger: string): (name: string) => string {
  return (name) => {
    const value = env[name];
    if (!value) throw new Error(`${trigger} is set, so ${name} must be set too`);
    return value;
  };
}

/**
 * Where the gateway serves each sandbox's browser side (gateway/provider-sandboxes.ts): their default public
 * addresses, so that a browser on another machine than the sandboxes (which listen on loopback) reaches them.
 */
export const SANDBOX_PATHS = { stripe: '/providers/stripe', shippo: '/providers/shippo' } as const;

function payments(
  env: Env,
  dataDir: string,
  sitePublicUrl: string,
): { payments: PaymentsConfig; stripeSandbox: StripeSandboxConfig } {
  const port = int(env, 'STRIPE_SANDBOX_PORT', 3002);
  const secretKey = env.STRIPE_SECRET_KEY;
  const need = neededWith(env, 'STRIPE_SECRET_KEY');
  const webhookSecret = secretKey
    ? need('STRIPE_WEBHOOK_SECRET')
    : env.STRIPE_WEBHOOK_SECRET || sandboxSecret(dataDir, 'stripe-webhook', 'STRIPE_WEBHOOK_SECRET');
  return {
    payments: {
      sandbox: !secretKey,
      stripe: secretKey ? { secretKey, publishableKey: need('STRIPE_PUBLISHABLE_KEY') } : undefined,
      webhookSecret,
    },
    stripeSandbox: {
      port,
      url: (env.STRIPE_SANDBOX_URL || `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
      publicUrl: (env.STRIPE_SANDBOX_PUBLIC_URL || `${sitePublicUrl}${SANDBOX_PATHS.stripe}`).replace(/\/+$/, ''),
      // generated once per install, kept in DATA_DIR: a fixed key would be everyone's key to the sandbox
      secretKey: secretKey ? '' : sandboxSecret(dataDir, 'stripe-sandbox', 'STRIPE_SANDBOX_SECRET_KEY', 'sk_test_'),
      publishableKey: 'pk_test_sandbox',
      webhookSecret,
    },
  };
}

/**
 * SHIPPO_API_TOKEN selects Shippo itself (then SHIPPO_WEBHOOK_SECRET must be set too: Shippo's HMAC webhook
 * signing, which its support turns on with that secret); without it our sandbox plays Shippo, with a webhook
 * secret the api and the sandbox share through DATA_DIR (SHIPPO_WEBHOOK_SECRET, when set, instead).
 */
function shipping(
  env: Env,
  dataDir: string,
  sitePublicUrl: string,
): { shipping: ShippingConfig; shippoSandbox: ShippoSandboxConfig } {
  const port = int(env, 'SHIPPO_SANDBOX_PORT', 3003);
  const apiToken = env.SHIPPO_API_TOKEN;
  if (apiToken && !env.SHIPPO_WEBHOOK_SECRET)
    throw new Error('SHIPPO_API_TOKEN is set, so SHIPPO_WEBHOOK_SECRET must be set too');
  const webhookSecret = env.SHIPPO_WEBHOOK_SECRET || sandboxSecret(dataDir, 'shippo-webhook', 'SHIPPO_WEBHOOK_SECRET');
  return {
    shipping: { sandbox: !apiToken, shippo: apiToken ? { apiToken, webhookSecret } : undefined },
    shippoSandbox: {
      port,
      url: (env.SHIPPO_SANDBOX_URL || `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
      publicUrl: (env.SHIPPO_SANDBOX_PUBLIC_URL || `${sitePublicUrl}${SANDBOX_PATHS.shippo}`).replace(/\/+$/, ''),
      token: apiToken ? '' : sandboxSecret(dataDir, 'shippo-sandbox', 'SHIPPO_SANDBOX_TOKEN', 'shippo_test_'),
      webhookSecret,
      stateFile: path.join(dataDir, 'shippo-sandbox.json'),
    },
  };
}

/**
 * SOCIAL_<PROVIDER>_* select the real providers; SOCIAL_SANDBOX=1 has our identity sandbox play Google (a
 * process of its own under `npm start`), with a client secret the gateway and the sandbox share through DATA_DIR.
 */
function identity(
  env: Env,
  dataDir: string,
  publicUrl: string,
): { identity: IdentitySettings; oidcSandbox: OidcSandboxConfig } {
  const settings = identitySettingsFromEnv(env);
  const port = int(env, 'OIDC_SANDBOX_PORT', 3004);
  const enabled = env.SOCIAL_SANDBOX === '1';
  if (enabled && settings.google) throw new Error('SOCIAL_SANDBOX=1 plays Google: unset SOCIAL_GOOGLE_* or it');
  const oidcSandbox: OidcSandboxConfig = {
    enabled,
    port,
    publicUrl: (env.OIDC_SANDBOX_PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    clientId: 'swapstuff-web',
    clientSecret: enabled ? sandboxSecret(dataDir, 'oidc-client', 'OIDC_SANDBOX_CLIENT_SECRET', '') : '',
    redirectUri: `${publicUrl}${SOCIAL_CALLBACK_PATH}`,
  };
  if (enabled) {
    const { publicUrl: issuer, clientId, clientSecret } = oidcSandbox;
    settings.google = { issuer, clientId, clientSecret, appClientIds: [] };
  }
  return { identity: settings, oidcSandbox };
}

/** FCM by its service account (a file or the JSON itself; FCM_URL for a sandbox); Web Push by its VAPID keys. */
function push(env: Env): Config['push'] {
  const account = env.FCM_SERVICE_ACCOUNT?.trim();
  const fcm: FcmSettings | undefined = account
    ? {
        serviceAccount: JSON.parse(account.startsWith('{') ? account : readFileSync(account, 'utf8')) as ServiceAccount,
        url: env.FCM_URL || undefined,
      }
    : undefined;
  const publicKey = env.WEB_PUSH_PUBLIC_KEY;
  const need = neededWith(env, 'WEB_PUSH_PUBLIC_KEY');
  const webPush = publicKey
    ? { publicKey, privateKey: need('WEB_PUSH_PRIVATE_KEY'), subject: need('WEB_PUSH_SUBJECT') }
    : undefined;
  return { fcm, webPush };
}

/** S3_BUCKET turns S3 storage on; then the endpoint, region and keys must be set too. */
function s3(env: Env): S3Options | undefined {
  const bucket = env.S3_BUCKET;
  if (!bucket) return undefined;
  const need = neededWith(env, 'S3_BUCKET');
  return {
    bucket,
    endpoint: env.S3_ENDPOINT || `https://s3.${need('S3_REGION')}.amazonaws.com`,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: need('S3_ACCESS_KEY_ID'),
    secretAccessKey: need('S3_SECRET_ACCESS_KEY'),
    publicUrl: env.S3_PUBLIC_URL || undefined,
  };
}

/**
 * The providers' sandboxes are for development and tests: in production (NODE_ENV=production) a provider left
 * to its sandbox stops the start, naming the settings it needs, unless SWAPSTUFF_DEMO=1 says this is a demo.
 * The identity sandbox never runs in production, a demo included: it signs anyone in as any e-mail, so served
 * to a demo's browsers it would hand every demo account to whoever types its address (and the gateway serves
 * it to none: provider-sandboxes.ts).
 */
function refuseSandboxesInProduction(env: Env, config: Pick<Config, 'payments' | 'shipping' | 'oidcSandbox'>): void {
  if (env.NODE_ENV !== 'production') return;
  const demo = env.SWAPSTUFF_DEMO === '1';
  const missing = [
    ...(config.payments.sandbox && !demo
      ? ['payments: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET']
      : []),
    ...(config.shipping.sandbox && !demo ? ['shipping: SHIPPO_API_TOKEN, SHIPPO_WEBHOOK_SECRET'] : []),
    ...(config.oidcSandbox.enabled ? ['social sign-in: SOCIAL_GOOGLE_* instead of SOCIAL_SANDBOX=1'] : []),
  ];
  if (missing.length === 0) return;
  throw new Error(
    `NODE_ENV=production runs no provider's sandbox: set ${missing.join('; ')}. ` +
      (demo
        ? 'A demo too runs no identity sandbox: it signs anyone in as anyone.'
        : 'For a demo, where no money moves and no parcel is sent, set SWAPSTUFF_DEMO=1.'),
  );
}

/** Reads the environment once; everything else receives the resulting object. */
export function loadConfig(env: Env = process.env): Config {
  const config = readConfig(env);
  refuseSandboxesInProduction(env, config);
  return config;
}

function readConfig(env: Env): Config {
  const port = int(env, 'PORT', 3000);
  const apiPort = int(env, 'API_PORT', 3001);
  const dataDir = path.resolve(repoRoot, env.DATA_DIR || 'data');
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    role: role(env.ROLE),
    port,
    apiPort,
    apiHost: env.API_HOST || '127.0.0.1',
    apiUrl: env.API_URL || `http://127.0.0.1:${apiPort}`,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl,
    sessionSecret: sessionSecret(env, dataDir),
    staffKey: env.STAFF_KEY || keptSecret(dataDir, 'staff-key', 'STAFF_KEY'),
    sessionIdleMinutes: int(env, 'SESSION_IDLE_MINUTES', 7 * 24 * 60),
    sessionAbsoluteHours: int(env, 'SESSION_ABSOLUTE_HOURS', 30 * 24),
    mfRegistry: path.resolve(repoRoot, env.MF_REGISTRY || 'config/remotes.json'),
    smtpUrl: env.SMTP_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisKey: env.REDIS_KEY || undefined,
    googlePlacesKey: env.GOOGLE_PLACES_KEY || undefined,
    ...identity(env, dataDir, publicUrl),
    s3: s3(env),
    push: push(env),
    ...payments(env, dataDir, publicUrl),
    ...shipping(env, dataDir, publicUrl),
    trustProxy: trustProxy(env.TRUST_PROXY),
    clientLimits: {
      headersMs: int(env, 'GATEWAY_HEADERS_TIMEOUT_MS', 10_000),
      bodyMs: int(env, 'GATEWAY_BODY_TIMEOUT_MS', 10_000),
      // 8 KB/s: a 20 MB photo over a poor mobile link (64 kbit/s) still arrives; a trickle does not
      bodyBytesPerSecond: int(env, 'GATEWAY_BODY_BYTES_PER_SECOND', 8 * 1024),
      // browsers open six per site; an office or a carrier's NAT puts many people behind one address
      connectionsPerAddress: int(env, 'GATEWAY_CONNECTIONS_PER_ADDRESS', 256),
    },
    logLevel: env.LOG_LEVEL || 'info',
    dbTimeouts: {
      connectMs: int(env, 'DB_CONNECT_TIMEOUT_MS', DEFAULT_DB_TIMEOUTS.connectMs),
      acquireMs: int(env, 'DB_ACQUIRE_TIMEOUT_MS', DEFAULT_DB_TIMEOUTS.acquireMs),
      statementMs: int(env, 'DB_STATEMENT_TIMEOUT_MS', DEFAULT_DB_TIMEOUTS.statementMs),
    },
    shutdownDelayMs: int(env, 'SHUTDOWN_DELAY_MS', 1000),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 8000),
    orderJobsEveryMs: int(env, 'ORDER_JOBS_EVERY_MS', 60_000),
    repoRoot,
    shellDist: path.join(repoRoot, 'shell', 'dist'),
  };
}
