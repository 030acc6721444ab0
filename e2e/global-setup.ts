import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';
import { startMailbox } from './support/mailbox';
import {
  baseURL,
  canaryCatalogVersion,
  carrierURL,
  identityURL,
  catalogDist,
  dataRoot,
  mailDir,
  mariadbDatabase,
  paymentsURL,
  registryFile,
  repoRoot,
  servers,
  serverLogFile,
  SMTP_PORT,
  type Engine,
} from './servers';

async function waitForReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server for ${url} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server ${url} not ready after ${timeoutMs} ms`);
}

/** The run's database is its own (named after the run): created by `npm start`, dropped here at the end. */
async function dropMariaDb(): Promise<void> {
  const conn = await createConnection({ host: '127.0.0.1', port: 3306, user: 'root' });
  await conn.query(`DROP DATABASE IF EXISTS \`${mariadbDatabase}\``);
  await conn.end();
}

function start(engine: Engine): ChildProcess {
  const { port, apiPort, sandboxPort, shippoSandboxPort, oidcSandboxPort, env } = servers[engine];
  const dataDir = path.join(dataRoot, engine);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.copyFileSync(path.join(repoRoot, 'config', 'remotes.json'), registryFile(engine));
  const log = fs.openSync(serverLogFile(engine), 'w');
  return spawn('npm', ['start'], {
    cwd: repoRoot,
    stdio: ['ignore', log, log],
    detached: true,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      API_PORT: String(apiPort),
      STRIPE_SANDBOX_PORT: String(sandboxPort),
      STRIPE_SANDBOX_PUBLIC_URL: paymentsURL(engine),
      SHIPPO_SANDBOX_PORT: String(shippoSandboxPort),
      SHIPPO_SANDBOX_PUBLIC_URL: carrierURL(engine),
      // our identity sandbox plays Google: the journeys sign in through it in the browser
      SOCIAL_SANDBOX: '1',
      OIDC_SANDBOX_PORT: String(oidcSandboxPort),
      OIDC_SANDBOX_PUBLIC_URL: identityURL(engine),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL(engine),
      MF_REGISTRY: registryFile(engine),
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      LOG_LEVEL: 'warn',
      // an inspection window a journey closes is completed within seconds, not the minute of production
      ORDER_JOBS_EVERY_MS: '2000',
    },
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  fs.mkdirSync(mailDir, { recursive: true });
  const mailbox = await startMailbox(SMTP_PORT, mailDir);
  // one after the other: the first `npm start` builds what is missing, the second finds it built
  const children: ChildProcess[] = [];
  const stopAll = async () => {
    const exits = children
      .filter((child) => child.pid && child.exitCode === null)
      .map((child) => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(-child.pid!, 'SIGTERM');
        return exited;
      });
    await Promise.all(exits);
    await mailbox.close();
    await dropMariaDb();
    fs.rmSync(path.join(catalogDist, canaryCatalogVersion), { recursive: true, force: true });
    // the servers' logs stay for a look after a failure; databases, uploads and mail go
    for (const entry of fs.readdirSync(dataRoot)) {
      if (!entry.endsWith('.log')) fs.rmSync(path.join(dataRoot, entry), { recursive: true, force: true });
    }
  };
  try {
    for (const engine of Object.keys(servers) as Engine[]) {
      const child = start(engine);
      children.push(child);
      await waitForReady(baseURL(engine), child, 10 * 60_000);
    }
  } catch (err) {
    await stopAll();
    throw err;
  }
  return stopAll;
}
