/**
 * The two production servers the journeys run against, started exactly as a person would:
 * `npm start` with the embedded database, and `npm start` with DATABASE_URL on MariaDB.
 * Both send mail to the SMTP server of support/mailbox.ts.
 */
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..');
export const dataRoot = path.join(__dirname, '.data');
export const SMTP_PORT = 2526;
export const mailDir = path.join(dataRoot, 'mail');
export const registryFile = (engine: Engine) => path.join(dataRoot, engine, 'remotes.json');

export type Engine = 'mariadb' | 'sqlite';

export const servers: Record<Engine, { port: number; apiPort: number; env: Record<string, string> }> = {
  mariadb: {
    port: 3100,
    apiPort: 3101,
    env: { DATABASE_URL: 'mysql://root@127.0.0.1:3306/swapstuff_e2e' },
  },
  sqlite: { port: 3200, apiPort: 3201, env: {} },
};

export const baseURL = (engine: Engine) => `http://localhost:${servers[engine].port}`;
