/**
 * The production server the journeys run against, started exactly as a person would: `npm start` with
 * DATABASE_URL on MariaDB. It sends mail to the SMTP server of support/mailbox.ts. (`npm start` on the embedded
 * database is started and checked by bff/src/runtime/shutdown.sys.test.ts.)
 *
 * Every run has its own: free ports, a MariaDB database and a data folder named after the run, so two
 * runs on one machine (or a run beside a developer's `npm start`) never meet. The runner decides them
 * when it first reads this file and hands them to its workers in the environment, which they inherit.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface Run {
  /** letters and digits: it names a database, a folder and a version suffix */
  id: string;
  /** the gateway, the api, the mailbox, the payment sandbox, the carrier sandbox, the identity sandbox */
  ports: number[];
}

const RUN_ENV = 'SWAPSTUFF_E2E_RUN';

/** Ports the kernel hands out as free right now (listening on port 0, then closing). */
function freePorts(count: number): number[] {
  const script = `
    const net = require('node:net');
    const servers = Array.from({ length: ${count} }, () => net.createServer());
    Promise.all(servers.map((s) => new Promise((r) => s.listen(0, '127.0.0.1', r)))).then(() => {
      process.stdout.write(JSON.stringify(servers.map((s) => s.address().port)));
      servers.forEach((s) => s.close());
    });`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as number[];
}

function thisRun(): Run {
  const inherited = process.env[RUN_ENV];
  if (inherited) return JSON.parse(inherited) as Run;
  const run: Run = { id: `${process.pid}r${Date.now().toString(36)}`, ports: freePorts(6) };
  process.env[RUN_ENV] = JSON.stringify(run);
  return run;
}

export const run = thisRun();

export const repoRoot = path.resolve(__dirname, '..');
export const dataRoot = path.join(__dirname, '.data', run.id);
/** the server's DATA_DIR: uploads, the push and mail records */
export const dataDir = path.join(dataRoot, 'site');
/** A key the server's providers' sandboxes generated in its DATA_DIR (never a fixed one: issue 32, finding 2). */
export const sandboxKey = (sandbox: 'stripe-sandbox' | 'shippo-sandbox') =>
  readFileSync(path.join(dataDir, `${sandbox}-secret`), 'utf8').trim();
export const [PORT, API_PORT, SMTP_PORT, PAYMENTS_PORT, CARRIER_PORT, IDENTITY_PORT] = run.ports;
export const mailDir = path.join(dataRoot, 'mail');
/** the run's copy of the remote registry (config/remotes.json), which journeys may edit */
export const registryFile = path.join(dataRoot, 'remotes.json');
/** What `npm start` prints (at LOG_LEVEL warn). */
export const serverLogFile = path.join(dataRoot, 'site.log');
/**
 * The catalog version tests/remotes.spec.ts promotes (a copy of the built one), named after the run: another
 * run on the machine may be promoting its own. It is removed when the run ends (global-setup.ts), never
 * while tests run: a page of another worker that read the registry during the promotion still loads its files.
 */
export const canaryCatalogVersion = `0.1.0-canary-${run.id}`;
export const catalogDist = path.join(repoRoot, 'mfe-catalog', 'dist');
/** the run's own MariaDB database: created at start, dropped at the end */
export const mariadbDatabase = `swapstuff_e2e_${run.id}`;
export const DATABASE_URL = `mysql://root@127.0.0.1:3306/${mariadbDatabase}`;

/**
 * How often the api's order and swap jobs run here (production: every minute), and so how soon a journey may
 * expect what one of them does: a window that closed completed, a deadline passed handled.
 */
export const ORDER_JOBS_EVERY_MS = 2000;
/**
 * The longest a journey waits for the api's background work to act on something it made due or started: ten runs
 * of the jobs' schedule. The run that takes it is at most one interval away; a runner busy with the outbox
 * (notifications, mail, labels) on a slow machine can put it off by several more, and the outbox's own handlers
 * (a label bought, a swap completed after its legs) run within the same rounds.
 */
export const JOBS_ACT_WITHIN_MS = 10 * ORDER_JOBS_EVERY_MS;

/** The site, as the browser reaches it. */
export const baseURL = `http://localhost:${PORT}`;
/** The api itself, as a mobile app reaches it. */
export const apiURL = `http://127.0.0.1:${API_PORT}`;
/**
 * Where the browser sends cards and meets its bank's and the payout onboarding's pages: the Stripe sandbox (its
 * own process under `npm start`, on loopback), through the gateway, by default as in a developer's `npm start`.
 */
export const paymentsURL = `${baseURL}/providers/stripe`;
/** The Stripe sandbox's API itself, as the api reaches it, with the per-install key (`sandboxKey`). */
export const paymentsApiURL = `http://127.0.0.1:${PAYMENTS_PORT}`;
/** The Shippo sandbox's API itself, as the api reaches it (the browser loads labels and logos through the gateway). */
export const carrierApiURL = `http://127.0.0.1:${CARRIER_PORT}`;
/** The identity sandbox, which plays Google (its own process under `npm start`, SOCIAL_SANDBOX=1). */
export const identityURL = `http://localhost:${IDENTITY_PORT}`;
