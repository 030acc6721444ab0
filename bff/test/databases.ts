import { createHash } from 'node:crypto';
import { promises as fs, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createConnection, type Connection, type RowDataPacket } from 'mysql2/promise';
import { copySeedMedia, createDb, migrateLatest, seedIfEmpty, type DbTimeouts, type Knex } from '@swapstuff/db';

/**
 * A database per test file, migrated and seeded, made the fast way: each jest worker migrates and seeds a
 * template once, and every file gets a copy of it: the tables as SHOW CREATE TABLE has them, with their
 * indexes and foreign keys, the rows the migrations and the seed wrote, and the triggers (a file's database,
 * made and dropped, took 0.78 s on MariaDB migrated, 0.18 s copied). On SQLite the template is a file, copied
 * (33 → 6 ms).
 *
 * The template outlives the test file that made it (jest gives each file a fresh module registry, so
 * nothing of this module does): it is found again by its name, and trusted only when it holds the
 * fingerprint of the migrations and seeds it was made from. Its name, and every copy's, starts with the
 * jest run's prefix (SWAPSTUFF_TEST_DB_PREFIX; SQLite's templates are in SWAPSTUFF_TEST_TEMPLATES), set by
 * scripts/jest/integration-setup.js, which drops the run's databases at its end and those of dead runs at
 * its start. Without them (a run that would leave them behind) every file's database is migrated.
 */

export const MYSQL_ROOT = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

const CHARSET = 'CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci';

export interface FreshDatabase {
  db: Knex;
  engine: 'mysql' | 'sqlite';
  drop(): Promise<void>;
}

const runPrefix = process.env.SWAPSTUFF_TEST_DB_PREFIX;
const runTemplates = process.env.SWAPSTUFF_TEST_TEMPLATES;
const worker = process.env.JEST_WORKER_ID ?? '1';
/** Databases this module made in this test file (a file may start more than one api). */
let made = 0;

/** The migrations' and seeds' sources: a template made from others is made again. */
function fingerprint(): string {
  const hash = createHash('sha256');
  const src = path.resolve(__dirname, '../../db/src');
  const files = [
    ...['migrations', 'seeds'].flatMap((dir) =>
      readdirSync(path.join(src, dir))
        .sort()
        .map((file) => path.join(dir, file)),
    ),
    'engine.ts',
    'errors.ts',
  ];
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(src, file)))
      .update('\0');
  return hash.digest('hex');
}

const quote = (name: string) => `\`${name.replace(/`/g, '``')}\``;

function serverOf(url: string): { host: string; port: number; user: string; password: string } {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : 3306,
    user: decodeURIComponent(u.username || 'root'),
    password: decodeURIComponent(u.password),
  };
}

const connect = () => createConnection({ ...serverOf(MYSQL_ROOT), multipleStatements: true });

async function rows<T>(conn: Connection, sql: string, values: unknown[] = []): Promise<T[]> {
  const [result] = await conn.query<RowDataPacket[]>(sql, values);
  return result as T[];
}

/** A migrated, seeded MySQL/MariaDB database, and what makes a copy of it (statements run in the copy). */
async function makeMysqlTemplate(conn: Connection, name: string, dataDir: string, print: string): Promise<string[]> {
  await conn.query(`DROP DATABASE IF EXISTS ${quote(name)}; CREATE DATABASE ${quote(name)} ${CHARSET}`);
  const db = createDb({ url: `${MYSQL_ROOT}/${name}`, poolMax: 2 });
  try {
    await migrateLatest(db);
    await seedIfEmpty(db, { dataDir });
  } finally {
    await db.destroy();
  }

  // what a copy is made of: tables, their rows and triggers; anything else the migrations made would be
  // missing from every copy, so it stops the run until this module learns to copy it
  const others = [
    ...(await rows<{ what: string }>(
      conn,
      "SELECT CONCAT(TABLE_TYPE, ' ', TABLE_NAME) AS what FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE <> 'BASE TABLE'",
      [name],
    )),
    ...(await rows<{ what: string }>(
      conn,
      "SELECT CONCAT(ROUTINE_TYPE, ' ', ROUTINE_NAME) AS what FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = ?",
      [name],
    )),
    ...(await rows<{ what: string }>(
      conn,
      "SELECT CONCAT('EVENT ', EVENT_NAME) AS what FROM information_schema.EVENTS WHERE EVENT_SCHEMA = ?",
      [name],
    )),
  ].map((row) => row.what);
  if (others.length > 0) {
    throw new Error(`bff/test/databases.ts copies tables, their rows and triggers, not: ${others.join(', ')}`);
  }

  const tables = await rows<{ name: string }>(
    conn,
    'SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME',
    [name],
  );
  const creates: string[] = [];
  const copies: string[] = [];
  for (const table of tables) {
    const [shown] = await rows<{ 'Create Table': string }>(
      conn,
      `SHOW CREATE TABLE ${quote(name)}.${quote(table.name)}`,
    );
    creates.push(shown['Create Table']);
    const [{ filled }] = await rows<{ filled: number }>(
      conn,
      `SELECT EXISTS (SELECT 1 FROM ${quote(name)}.${quote(table.name)}) AS filled`,
    );
    if (!filled) continue;
    // generated columns compute themselves (and refuse a value)
    const columns = await rows<{ name: string }>(
      conn,
      `SELECT COLUMN_NAME AS name FROM information_schema.COLUMNS
       WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND COALESCE(GENERATION_EXPRESSION, '') = ''
       ORDER BY ORDINAL_POSITION`,
      [name, table.name],
    );
    const list = columns.map((c) => quote(c.name)).join(', ');
    copies.push(`INSERT INTO ${quote(table.name)} (${list}) SELECT ${list} FROM ${quote(name)}.${quote(table.name)}`);
  }
  const triggers = await rows<{
    name: string;
    timing: string;
    verb: string;
    tableName: string;
    body: string;
    sqlMode: string;
  }>(
    conn,
    `SELECT TRIGGER_NAME AS name, ACTION_TIMING AS timing, EVENT_MANIPULATION AS verb,
       EVENT_OBJECT_TABLE AS tableName, ACTION_STATEMENT AS body, SQL_MODE AS sqlMode
     FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ? ORDER BY EVENT_OBJECT_TABLE, ACTION_ORDER`,
    [name],
  );
  const script = [
    'SET SESSION foreign_key_checks = 0',
    ...creates,
    ...copies,
    ...triggers.flatMap((t) => [
      `SET SESSION sql_mode = ${conn.escape(t.sqlMode)}`,
      `CREATE TRIGGER ${quote(t.name)} ${t.timing} ${t.verb} ON ${quote(t.tableName)} FOR EACH ROW ${t.body}`,
    ]),
  ];
  // made last, so that no copy has it: the template is whole once this row is there
  await conn.query(
    `CREATE TABLE ${quote(name)}.template_ready (fingerprint CHAR(64) NOT NULL, script LONGTEXT NOT NULL);
     INSERT INTO ${quote(name)}.template_ready VALUES (?, ?)`,
    [print, JSON.stringify(script)],
  );
  return script;
}

async function mysqlTemplate(conn: Connection, name: string, dataDir: string): Promise<string[]> {
  const print = fingerprint();
  const ready = await rows<{ fingerprint: string; script: string }>(
    conn,
    `SELECT fingerprint, script FROM ${quote(name)}.template_ready`,
  ).catch((err: { code?: string }) => {
    if (err.code === 'ER_BAD_DB_ERROR' || err.code === 'ER_NO_SUCH_TABLE') return [];
    throw err;
  });
  if (ready[0]?.fingerprint === print) return JSON.parse(ready[0].script) as string[];
  return makeMysqlTemplate(conn, name, dataDir, print);
}

async function dropMysql(name: string): Promise<void> {
  const conn = await connect();
  try {
    await conn.query(`DROP DATABASE IF EXISTS ${quote(name)}`);
  } finally {
    await conn.end();
  }
}

async function freshMysql(dataDir: string, timeouts?: Partial<DbTimeouts>): Promise<FreshDatabase> {
  made += 1;
  const conn = await connect();
  let name: string;
  try {
    if (runPrefix) {
      const prefix = `${runPrefix}_w${worker}`;
      const script = await mysqlTemplate(conn, `${prefix}_template`, dataDir);
      name = `${prefix}_${made}`;
      await conn.query(
        [`DROP DATABASE IF EXISTS ${quote(name)}`, `CREATE DATABASE ${quote(name)} ${CHARSET}`, `USE ${quote(name)}`]
          .concat(script)
          .join(';\n'),
      );
      await copySeedMedia(dataDir);
    } else {
      // no run to tidy up after us: a database of this process, migrated here
      name = `swapstuff_test_${worker}_${process.pid}_${made}`;
      await conn.query(`DROP DATABASE IF EXISTS ${quote(name)}; CREATE DATABASE ${quote(name)} ${CHARSET}`);
    }
  } finally {
    await conn.end();
  }
  const db = createDb({ url: `${MYSQL_ROOT}/${name}`, poolMax: 5, timeouts });
  if (!runPrefix) {
    await migrateLatest(db);
    await seedIfEmpty(db, { dataDir });
  }
  return { db, engine: 'mysql', drop: () => dropMysql(name) };
}

const SQLITE_FILE = 'swapstuff.sqlite';

async function freshSqlite(dataDir: string, timeouts?: Partial<DbTimeouts>): Promise<FreshDatabase> {
  const drop = async () => undefined;
  if (!runTemplates) {
    const db = createDb({ dataDir, timeouts });
    await migrateLatest(db);
    await seedIfEmpty(db, { dataDir });
    return { db, engine: 'sqlite', drop };
  }
  const dir = path.join(runTemplates, `w${worker}`);
  const marker = path.join(dir, 'template_ready');
  const print = fingerprint();
  const ready = await fs.readFile(marker, 'utf8').catch(() => '');
  if (ready !== print) {
    await fs.rm(dir, { recursive: true, force: true });
    const template = createDb({ dataDir: dir });
    try {
      await migrateLatest(template);
      await seedIfEmpty(template, { dataDir: dir });
      // the write-ahead log into the file, so that the file alone is the whole database
      await template.raw('PRAGMA wal_checkpoint(TRUNCATE)');
    } finally {
      await template.destroy();
    }
    await fs.writeFile(`${marker}.new`, print);
    await fs.rename(`${marker}.new`, marker);
  }
  await fs.mkdir(dataDir, { recursive: true });
  await fs.copyFile(path.join(dir, SQLITE_FILE), path.join(dataDir, SQLITE_FILE));
  await copySeedMedia(dataDir);
  return { db: createDb({ dataDir, timeouts }), engine: 'sqlite', drop };
}

/**
 * A database of the test file's own, migrated and seeded: on MySQL/MariaDB (TEST_DB=mysql) a database on
 * the server, dropped by `drop`; on SQLite a file in `dataDir`.
 */
/** `timeouts`: the database's connect, acquire and statement timeouts, when a test needs them shorter. */
export function freshDatabase(dataDir: string, timeouts?: Partial<DbTimeouts>): Promise<FreshDatabase> {
  return process.env.TEST_DB === 'mysql' ? freshMysql(dataDir, timeouts) : freshSqlite(dataDir, timeouts);
}
