/**
 * The two production servers the journeys run against, started exactly as a person would:
 * `npm start` with the embedded database, and `npm start` with DATABASE_URL on MariaDB.
 * Both send mail to the SMTP server of support/mailbox.ts.
 *
 * Every run has its own: free ports, a MariaDB database and a data folder named after the run, so two
 * runs on one machine (or a run beside a developer's `npm start`) never meet. The runner decides them
 * when it first reads this file and hands them to its workers in the environment, which they inherit.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export type Engine = 'mariadb' | 'sqlite';

interface Run {
  /** letters and digits: it names a database, a folder and a version suffix */
  id: string;
  /**
   * gateway and api of each engine, the mailbox, each engine's payment sandbox, each one's carrier sandbox,
   * then each one's identity sandbox
   */
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
  const run: Run = { id: `${process.pid}r${Date.now().toString(36)}`, ports: freePorts(11) };
  process.env[RUN_ENV] = JSON.stringify(run);
  return run;
}

export const run = thisRun();

export const repoRoot = path.resolve(__dirname, '..');
export const dataRoot = path.join(__dirname, '.data', run.id);
export const SMTP_PORT = run.ports[4];
export const mailDir = path.join(dataRoot, 'mail');
export const registryFile = (engine: Engine) => path.join(dataRoot, engine, 'remotes.json');
/** What `npm start` prints (at LOG_LEVEL warn) for each engine. */
export const serverLogFile = (engine: Engine) => path.join(dataRoot, `${engine}.log`);
/**
 * The catalog version tests/remotes.spec.ts promotes (a copy of the built one), named after the run: another
 * run on the machine may be promoting its own. It is removed when the run ends (global-setup.ts), never
 * while tests run: a page of another worker that read the registry during the promotion still loads its files.
 */
export const canaryCatalogVersion = `0.1.0-canary-${run.id}`;
export const catalogDist = path.join(repoRoot, 'mfe-catalog', 'dist');
/** the run's own MariaDB database: created at start, dropped at the end */
export const mariadbDatabase = `swapstuff_e2e_${run.id}`;

export const servers: Record<
  Engine,
  {
    port: number;
    apiPort: number;
    sandboxPort: number;
    shippoSandboxPort: number;
    oidcSandboxPort: number;
    env: Record<string, string>;
  }
> = {
  mariadb: {
    port: run.ports[0],
    apiPort: run.ports[1],
    sandboxPort: run.ports[5],
    shippoSandboxPort: run.ports[7],
    oidcSandboxPort: run.ports[9],
    env: { DATABASE_URL: `mysql://root@127.0.0.1:3306/${mariadbDatabase}` },
  },
  sqlite: {
    port: run.ports[2],
    apiPort: run.ports[3],
    sandboxPort: run.ports[6],
    shippoSandboxPort: run.ports[8],
    oidcSandboxPort: run.ports[10],
    env: {},
  },
};

/** Where the browser sends cards: the engine's Stripe sandbox (its own process under `npm start`). */
export const paymentsURL = (engine: Engine) => `http://localhost:${servers[engine].sandboxPort}`;

/** Where the browser loads courier logos and labels from: the engine's Shippo sandbox (its own process). */
export const carrierURL = (engine: Engine) => `http://localhost:${servers[engine].shippoSandboxPort}`;

/** The engine's identity sandbox, which plays Google (its own process under `npm start`, SOCIAL_SANDBOX=1). */
export const identityURL = (engine: Engine) => `http://localhost:${servers[engine].oidcSandboxPort}`;

export const baseURL = (engine: Engine) => `http://localhost:${servers[engine].port}`;
