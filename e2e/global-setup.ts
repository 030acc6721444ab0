import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';
import { startMailbox } from './support/mailbox';
import {
  API_PORT,
  baseURL,
  canaryCatalogVersion,
  CARRIER_PORT,
  catalogDist,
  DATABASE_URL,
  dataDir,
  dataRoot,
  IDENTITY_PORT,
  identityURL,
  mailDir,
  mariadbDatabase,
  ORDER_JOBS_EVERY_MS,
  PAYMENTS_PORT,
  PORT,
  registryFile,
  repoRoot,
  serverLogFile,
  SMTP_PORT,
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
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server ${url} not ready after ${timeoutMs} ms`);
}

/** The run's database is its own (named after the run): created by `npm start`, dropped here at the end. */
async function dropMariaDb(): Promise<void> {
  const conn = await createConnection({ host: '127.0.0.1', port: 3306, user: 'root' });
  await conn.query(`DROP DATABASE IF EXISTS \`${mariadbDatabase}\``);
  await conn.end();
}

function start(): ChildProcess {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.copyFileSync(path.join(repoRoot, 'config', 'remotes.json'), registryFile);
  const log = fs.openSync(serverLogFile, 'w');
  return spawn('npm', ['start'], {
    cwd: repoRoot,
    stdio: ['ignore', log, log],
    detached: true,
    env: {
      ...process.env,
      DATABASE_URL,
      PORT: String(PORT),
      API_PORT: String(API_PORT),
      STRIPE_SANDBOX_PORT: String(PAYMENTS_PORT),
      SHIPPO_SANDBOX_PORT: String(CARRIER_PORT),
      // our identity sandbox plays Google: the journeys sign in through it in the browser
      SOCIAL_SANDBOX: '1',
      OIDC_SANDBOX_PORT: String(IDENTITY_PORT),
      OIDC_SANDBOX_PUBLIC_URL: identityURL,
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      MF_REGISTRY: registryFile,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      LOG_LEVEL: 'warn',
      // an inspection window a journey closes is completed within seconds, not the minute of production
      ORDER_JOBS_EVERY_MS: String(ORDER_JOBS_EVERY_MS),
    },
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const startedAt = Date.now();
  fs.mkdirSync(mailDir, { recursive: true });
  const mailbox = await startMailbox(SMTP_PORT, mailDir);
  const child = start();
  const stop = async () => {
    if (child.pid && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    await mailbox.close();
    await dropMariaDb();
    fs.rmSync(path.join(catalogDist, canaryCatalogVersion), { recursive: true, force: true });
    // the server's log stays for a look after a failure; the database, uploads and mail go
    for (const entry of fs.readdirSync(dataRoot)) {
      if (!entry.endsWith('.log')) fs.rmSync(path.join(dataRoot, entry), { recursive: true, force: true });
    }
  };
  try {
    // the first `npm start` builds what is missing: ten minutes for a whole build on two cores
    await waitForReady(baseURL, child, 10 * 60_000);
  } catch (err) {
    await stop();
    throw err;
  }
  console.log(`e2e timing: the server was ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  return stop;
}
