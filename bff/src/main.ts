import pino from 'pino';
import { loadConfig, type Config, type Role } from './config';
import { serveRole, type ServerRole } from './runtime/serve';
import { supervise } from './runtime/supervisor';

/**
 * Log lines go to stdout through a buffer written asynchronously, so that a request never waits for the
 * terminal or the log collector; pino writes what is left synchronously when the process exits.
 */
const logDestination = () => pino.destination({ sync: false });

/**
 * The servers a role runs, each in a process of its own: `all` is the api, the gateway and, without a
 * Stripe key (config.payments.sandbox), our Stripe sandbox, and without a Shippo token
 * (config.shipping.sandbox), our Shippo sandbox, and with SOCIAL_SANDBOX=1 our identity sandbox.
 */
export function serversOf(config: Pick<Config, 'role' | 'payments' | 'shipping' | 'oidcSandbox'>): ServerRole[] {
  if (config.role !== 'all') return [config.role];
  return [
    'api',
    'gateway',
    ...(config.payments.sandbox ? (['stripe-sandbox'] as const) : []),
    ...(config.shipping.sandbox ? (['shippo-sandbox'] as const) : []),
    ...(config.oidcSandbox.enabled ? (['oidc-sandbox'] as const) : []),
  ];
}

/** `npm start` (scripts/start.js): the supervisor of the role's servers. */
export function superviseServers(config: Config = loadConfig()): void {
  supervise({
    roles: serversOf(config),
    mainPath: __filename,
    env: process.env,
    logger: pino({ level: config.logLevel, name: 'supervisor' }, logDestination()),
    shutdownDelayMs: config.shutdownDelayMs,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
  });
}

/**
 * `node bff/dist/main.js`: with ROLE=api, gateway or a sandbox's role, that one server in this process (how
 * the supervisor starts each, and how a deployment that supervises its own processes runs them); with
 * ROLE=all (the default), the supervisor, as `npm start` runs it.
 */
export function main(role: Role = loadConfig().role): void {
  if (role === 'all') return superviseServers();
  const config = loadConfig();
  void serveRole(role, config, pino({ level: config.logLevel, name: role }, logDestination()));
}

if (require.main === module) main();
