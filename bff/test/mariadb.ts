import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createConnection } from 'mysql2/promise';
import { freePort } from './processes';

const run = promisify(execFile);

/**
 * A MariaDB server of the test's own (mariadb-install-db + mariadbd as a child process, on a spare port,
 * in a temporary data directory), to kill, pause and start again without touching the machine's.
 */
export class ThrowawayMariaDb {
  private server?: ChildProcess;

  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  static async create(): Promise<ThrowawayMariaDb> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'swapstuff-mariadb-'));
    await run('mariadb-install-db', [
      '--no-defaults',
      `--datadir=${path.join(dir, 'data')}`,
      '--user=root',
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
    ]);
    const db = new ThrowawayMariaDb(dir, await freePort());
    await db.start();
    return db;
  }

  url(database: string): string {
    return `mysql://root@127.0.0.1:${this.port}/${database}`;
  }

  get pid(): number {
    if (!this.server?.pid) throw new Error('the server is not running');
    return this.server.pid;
  }

  /** Starts the server (again, on the same data and port) and resolves once it answers. */
  async start(): Promise<void> {
    this.server = spawn(
      '/usr/sbin/mariadbd',
      [
        '--no-defaults',
        `--datadir=${path.join(this.dir, 'data')}`,
        `--port=${this.port}`,
        '--bind-address=127.0.0.1',
        `--socket=${path.join(this.dir, 'mariadb.sock')}`,
        `--pid-file=${path.join(this.dir, 'mariadb.pid')}`,
        '--user=root',
        '--skip-log-bin',
        '--skip-name-resolve',
        '--innodb-buffer-pool-size=64M',
      ],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (await this.answers()) return;
      if (this.server.exitCode !== null) throw new Error(`mariadbd exited with ${this.server.exitCode}`);
      if (Date.now() > deadline) throw new Error('mariadbd did not answer within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Whether a connection and a statement succeed, within a second. */
  async answers(): Promise<boolean> {
    try {
      const conn = await createConnection({ host: '127.0.0.1', port: this.port, user: 'root', connectTimeout: 1000 });
      try {
        await conn.query({ sql: 'SELECT 1', timeout: 1000 });
        return true;
      } finally {
        conn.destroy();
      }
    } catch {
      return false;
    }
  }

  /** kill -9: the server is gone at once, connections and all. */
  async kill(): Promise<void> {
    const server = this.server;
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
  }

  /** SIGSTOP: connections stay open and nothing answers, as a hung server. */
  pause(): void {
    process.kill(this.pid, 'SIGSTOP');
  }

  resume(): void {
    process.kill(this.pid, 'SIGCONT');
  }

  async destroy(): Promise<void> {
    if (this.server?.pid && this.server.exitCode === null) this.resume();
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
