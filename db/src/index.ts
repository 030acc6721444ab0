import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { migrationSource } from './migrations';

export type { Knex } from 'knex';
export { isUniqueViolation } from './errors';
export { seedIfEmpty, copySeedMedia, SEED_MEDIA_DIR } from './seeds/seed';
export { migrationSource } from './migrations';
export { bulkSeed } from './bulk-seed';
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

export interface DbOptions {
  /** mysql://user:pass@host:port/db selects MySQL/MariaDB; absent → embedded SQLite. */
  url?: string;
  /** Holds the SQLite file `swapstuff.sqlite` (default `data`). */
  dataDir?: string;
  /** Pool size for MySQL (default 10). */
  poolMax?: number;
}

export function isMysqlUrl(url: string | undefined): boolean {
  return !!url && /^(mysql|mariadb):\/\//i.test(url);
}

function mysqlConfig(url: string, poolMax: number): Knex.Config {
  const u = new URL(url);
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
    },
    pool: {
      min: 0,
      max: poolMax,
      afterCreate(
        conn: { query(sql: string, cb: (err: Error | null) => void): void },
        done: (err: Error | null, conn: unknown) => void,
      ) {
        // MariaDB answered "a category, newest first" by intersecting two indexes and sorting every match
        // (0.7-1.6 s at 1,000,000 listings) instead of reading the (status, category) index backwards and
        // stopping after the page (10 ms): docs/decisions.md, "Search at scale".
        conn.query("SET SESSION optimizer_switch = 'index_merge_intersection=off'", (err) => done(err, conn));
      },
    },
  };
}

function sqliteConfig(dataDir: string): Knex.Config {
  fs.mkdirSync(dataDir, { recursive: true });
  return {
    client: 'better-sqlite3',
    connection: { filename: path.join(dataDir, 'swapstuff.sqlite') },
    useNullAsDefault: true,
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

/** Opens the database: MySQL/MariaDB when `url` is a mysql URL, otherwise SQLite under `dataDir`. */
export function createDb(opts: DbOptions = {}): Knex {
  if (opts.url && !isMysqlUrl(opts.url)) throw new Error(`Unsupported DATABASE_URL: ${opts.url.split(':')[0]}:`);
  return knexFactory(opts.url ? mysqlConfig(opts.url, opts.poolMax ?? 10) : sqliteConfig(opts.dataDir ?? 'data'));
}

/**
 * Creates the MySQL database named in `url` when it does not exist yet, so that
 * `DATABASE_URL=mysql://…/swapstuff npm start` works on a server that has never seen Swapstuff.
 * SQLite files create themselves.
 */
export async function ensureDatabase(url: string | undefined): Promise<void> {
  if (!isMysqlUrl(url)) return;
  const config = mysqlConfig(url!, 1);
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

export function isSqlite(knex: Knex): boolean {
  return knex.client.config.client === 'better-sqlite3';
}

/** Dates come back as Date from mysql2 and as epoch milliseconds from SQLite. */
export function toDate(value: Date | number | string): Date {
  return value instanceof Date ? value : new Date(value);
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
    const [rows] = await knex.raw("SELECT GET_LOCK('swapstuff_schema', 120) AS got").connection(conn);
    if (!rows[0] || Number(rows[0].got) !== 1) throw new Error('Timed out waiting for the schema lock');
    try {
      return await fn();
    } finally {
      await knex.raw("SELECT RELEASE_LOCK('swapstuff_schema')").connection(conn);
    }
  } finally {
    await knex.client.releaseConnection(conn);
  }
}

/** Runs pending migrations; safe when several processes start at once. */
export async function migrateLatest(knex: Knex): Promise<void> {
  await withSchemaLock(knex, () => knex.migrate.latest({ migrationSource }));
}

/** Rolls every migration back and migrates again: an empty, current schema (used by `db:reset`). */
export async function resetDatabase(knex: Knex): Promise<void> {
  await withSchemaLock(knex, async () => {
    await knex.migrate.rollback({ migrationSource }, true);
    await knex.migrate.latest({ migrationSource });
  });
}
