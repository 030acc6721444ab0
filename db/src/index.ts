import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { migrationSource } from './migrations';

import { isSqlite } from './engine';
import { STATEMENT_TIMEOUT } from './errors';

export type { Knex } from 'knex';
export { isDatabaseUnavailable, isLockConflict, isUniqueViolation, STATEMENT_TIMEOUT } from './errors';
export { retryOnLockConflict, withTransaction, type RetryOptions, type TransactionOptions } from './transaction';
export { seedIfEmpty, copySeedMedia, SEED_MEDIA_DIR } from './seeds/seed';
export { migrationSource } from './migrations';
export { isSqlite, toDate } from './engine';
export {
  LISTING_ACTIVE,
  LISTING_DELETED,
  whereListed,
  whereSellerVisible,
  whereSellerVisibleBy,
  whereViewable,
  whereNoBlockWith,
} from './visibility';
export {
  queryTerms,
  suggestionTerms,
  searchRowsOf,
  insertSearchRows,
  reindexListings,
  reindexUser,
  rebuildSearchIndex,
  type IndexedListing,
  type SearchTermRow,
} from './search';

export interface DbTimeouts {
  /** Opening a MySQL connection: TCP and the server's greeting (a paused server accepts, then says nothing). */
  connectMs: number;
  /** Waiting for a free connection of the pool. */
  acquireMs: number;
  /**
   * The longest a statement may take; 0 = no limit (migrations, seeds and the CLI, whose long statements
   * and schema-lock waits are expected). MySQL only: SQLite runs in-process and has its busy timeout.
   */
  statementMs: number;
}

/** What the application runs with unless told otherwise (README, "Timeouts"). */
export const DEFAULT_DB_TIMEOUTS: DbTimeouts = { connectMs: 2000, acquireMs: 3000, statementMs: 5000 };

export interface DbOptions {
  /** mysql://user:pass@host:port/db selects MySQL/MariaDB; absent → embedded SQLite. */
  url?: string;
  /** Holds the SQLite file `swapstuff.sqlite` (default `data`). */
  dataDir?: string;
  /** Pool size for MySQL (default 10). */
  poolMax?: number;
  timeouts?: Partial<DbTimeouts>;
  /** Where knex's own warnings go (a connection that failed …); default: the console. */
  log?: DbLogger;
}

export interface DbLogger {
  debug(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export function isMysqlUrl(url: string | undefined): boolean {
  return !!url && /^(mysql|mariadb):\/\//i.test(url);
}

type Callback = (err: Error | null, ...results: unknown[]) => void;

interface Mysql2Connection {
  query(...args: unknown[]): unknown;
  destroy(): void;
  stream?: { destroy(): void };
}

function statementTimedOut(ms: number): Error {
  return Object.assign(new Error(`The database did not answer within ${ms} ms`), { code: STATEMENT_TIMEOUT });
}

/**
 * Every statement on this connection gets a deadline. The server is asked to abort a statement at 90 % of
 * it (MariaDB's max_statement_time; MySQL's max_execution_time, for SELECTs), which answers with an error
 * and keeps the connection. A server that answers nothing at all (paused, or the network lost) hits our
 * own deadline instead: the connection is destroyed, so the pool never hands it out again with a
 * statement still pending on it.
 */
function withStatementDeadline(conn: Mysql2Connection, ms: number): void {
  const query = conn.query.bind(conn);
  conn.query = (...args: unknown[]) => {
    const last = args.length - 1;
    const callback = args[last];
    // knex always passes a callback; a streamed query (none) keeps only the server's limit
    if (typeof callback !== 'function') return query(...args);
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      conn.destroy();
      conn.stream?.destroy();
      (callback as Callback)(statementTimedOut(ms));
    }, ms);
    args[last] = (err: Error | null, ...results: unknown[]) => {
      clearTimeout(timer);
      if (settled) return;
      settled = true;
      (callback as Callback)(err, ...results);
    };
    return query(...args);
  };
}

type Done = (err: Error | null, conn: unknown) => void;

function mysqlConfig(url: string, poolMax: number, timeouts: DbTimeouts): Knex.Config {
  const u = new URL(url);
  const serverLimitMs = Math.floor(timeouts.statementMs * 0.9);
  // MariaDB and MySQL name the server's statement limit differently; MariaDB rejects MySQL's name
  const sessionSettings = [
    // MariaDB answered "a category, newest first" by intersecting two indexes and sorting every match
    // (0.7-1.6 s at 1,000,000 listings) instead of reading the (status, category) index backwards and
    // stopping after the page (10 ms): docs/decisions.md, "Search at scale".
    "optimizer_switch = 'index_merge_intersection=off'",
  ];
  const mariaLimit = timeouts.statementMs ? [`max_statement_time = ${serverLimitMs / 1000}`] : [];
  const mysqlLimit = timeouts.statementMs ? [`max_execution_time = ${serverLimitMs}`] : [];
  return {
    client: 'mysql2',
    connection: {
      host: u.hostname,
      port: u.port ? Number(u.port) : 3306,
      user: decodeURIComponent(u.username || 'root'),
      password: decodeURIComponent(u.password),
      database: decodeURIComponent(u.pathname.replace(/^\//, '')) || undefined,
      // Dates go in and out as UTC whatever the server's time zone.
      timezone: 'Z',
      charset: 'utf8mb4',
      supportBigNumbers: true,
      connectTimeout: timeouts.connectMs,
    },
    acquireConnectionTimeout: timeouts.acquireMs,
    pool: {
      min: 0,
      max: poolMax,
      afterCreate(conn: Mysql2Connection, done: Done) {
        const set = (settings: string[], next: (err: (Error & { code?: string }) | null) => void) =>
          conn.query(`SET SESSION ${settings.join(', ')}`, next);
        set([...sessionSettings, ...mariaLimit], (err) => {
          if (err?.code !== 'ER_UNKNOWN_SYSTEM_VARIABLE') return finish(err);
          set([...sessionSettings, ...mysqlLimit], finish);
        });
        function finish(err: Error | null) {
          if (!err && timeouts.statementMs) withStatementDeadline(conn, timeouts.statementMs);
          done(err, conn);
        }
      },
    },
  };
}

function sqliteConfig(dataDir: string, timeouts: DbTimeouts): Knex.Config {
  fs.mkdirSync(dataDir, { recursive: true });
  return {
    client: 'better-sqlite3',
    connection: { filename: path.join(dataDir, 'swapstuff.sqlite') },
    useNullAsDefault: true,
    acquireConnectionTimeout: timeouts.acquireMs,
    pool: {
      afterCreate(conn: { pragma(sql: string): unknown }, done: (err: Error | null, conn: unknown) => void) {
        try {
          // Another process (the gateway, a second api) may hold the write lock briefly: wait for it
          // before anything else, so that no pragma below fails on a busy database.
          conn.pragma('busy_timeout = 5000');
          conn.pragma('foreign_keys = ON');
          conn.pragma('journal_mode = WAL');
          done(null, conn);
        } catch (err) {
          done(err as Error, conn);
        }
      },
    },
  };
}

/** How each handle was opened, so that schema changes can open a sibling without statement limits. */
const openedWith = new WeakMap<Knex, DbOptions>();

/** Opens the database: MySQL/MariaDB when `url` is a mysql URL, otherwise SQLite under `dataDir`. */
export function createDb(opts: DbOptions = {}): Knex {
  if (opts.url && !isMysqlUrl(opts.url)) throw new Error(`Unsupported DATABASE_URL: ${opts.url.split(':')[0]}:`);
  const timeouts = { ...DEFAULT_DB_TIMEOUTS, ...opts.timeouts };
  const config = opts.url
    ? mysqlConfig(opts.url, opts.poolMax ?? 10, timeouts)
    : sqliteConfig(opts.dataDir ?? 'data', timeouts);
  const { log } = opts;
  if (log) {
    config.log = {
      debug: (message: string) => log.debug(message),
      warn: (message: string) => log.warn(message),
      error: (message: string) => log.error(message),
      deprecate: (message: string) => log.warn(message),
    };
  }
  const knex = knexFactory(config);
  openedWith.set(knex, opts);
  return knex;
}

/**
 * Runs `work` on a handle without statement limits: a migration may rebuild a large table, and waiting
 * for another process's schema lock takes as long as that process's migration. On a handle with a
 * statement limit (MySQL), that is a short-lived sibling of the same database.
 */
async function unlimited<T>(knex: Knex, work: (knex: Knex) => Promise<T>): Promise<T> {
  const opts = openedWith.get(knex);
  const limited = opts?.url !== undefined && { ...DEFAULT_DB_TIMEOUTS, ...opts.timeouts }.statementMs > 0;
  if (!opts || !limited) return work(knex);
  const sibling = createDb({ ...opts, poolMax: 2, timeouts: { ...opts.timeouts, statementMs: 0 } });
  try {
    return await work(sibling);
  } finally {
    await sibling.destroy();
  }
}

/**
 * Creates the MySQL database named in `url` when it does not exist yet, so that
 * `DATABASE_URL=mysql://…/swapstuff npm start` works on a server that has never seen Swapstuff.
 * SQLite files create themselves.
 */
export async function ensureDatabase(url: string | undefined): Promise<void> {
  if (!isMysqlUrl(url)) return;
  const config = mysqlConfig(url!, 1, { ...DEFAULT_DB_TIMEOUTS, statementMs: 0 });
  const connection = config.connection as { database?: string };
  const name = connection.database;
  if (!name) return;
  const admin = knexFactory({ ...config, connection: { ...connection, database: undefined } });
  try {
    await admin.raw('CREATE DATABASE IF NOT EXISTS ?? CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci', [name]);
  } finally {
    await admin.destroy();
  }
}

/** A load balancer's readiness probe must hear back within its own timeout, whatever the database does. */
export const READINESS_TIMEOUT_MS = 1000;

/**
 * Whether the database answers a trivial statement within `withinMs`: the readiness probes, which must
 * answer fast even when the database hangs (a paused server, a pool whose connections all wait on it).
 */
export async function ping(knex: Knex, withinMs = READINESS_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), withinMs)));
  const answer = knex.raw('select 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Serialises schema changes across processes. knex's own lock row is created racily (two processes
 * starting on an empty database each insert one, and then neither can ever lock), so we take a lock
 * first: MySQL's GET_LOCK on a dedicated connection, or an exclusive lock file beside the SQLite file.
 */
async function withSchemaLock<T>(knex: Knex, fn: () => Promise<T>): Promise<T> {
  if (isSqlite(knex)) {
    const { filename } = knex.client.config.connection as { filename: string };
    const lockFile = `${filename}.migrate.lock`;
    for (;;) {
      try {
        fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        // a crashed migrator leaves its file behind; a minute is far longer than our migrations take
        const stat = fs.statSync(lockFile, { throwIfNoEntry: false });
        if (stat && Date.now() - stat.mtimeMs > 60_000) fs.rmSync(lockFile, { force: true });
        else await sleep(100);
      }
    }
    try {
      return await fn();
    } finally {
      fs.rmSync(lockFile, { force: true });
    }
  }
  const conn: unknown = await knex.client.acquireConnection();
  try {
    // lock names are server-wide: one per database, so that two databases on a server never wait for each other
    const [rows] = await knex
      .raw("SELECT GET_LOCK(CONCAT('swapstuff_schema:', DATABASE()), 120) AS got")
      .connection(conn);
    if (!rows[0] || Number(rows[0].got) !== 1) throw new Error('Timed out waiting for the schema lock');
    try {
      return await fn();
    } finally {
      await knex.raw("SELECT RELEASE_LOCK(CONCAT('swapstuff_schema:', DATABASE()))").connection(conn);
    }
  } finally {
    await knex.client.releaseConnection(conn);
  }
}

/** Runs pending migrations; safe when several processes start at once. */
export async function migrateLatest(knex: Knex): Promise<void> {
  await unlimited(knex, (db) => withSchemaLock(db, () => db.migrate.latest({ migrationSource })));
}

/** Rolls every migration back and migrates again: an empty, current schema (used by `db:reset`). */
export async function resetDatabase(knex: Knex): Promise<void> {
  await unlimited(knex, (db) =>
    withSchemaLock(db, async () => {
      await db.migrate.rollback({ migrationSource }, true);
      await db.migrate.latest({ migrationSource });
    }),
  );
}
