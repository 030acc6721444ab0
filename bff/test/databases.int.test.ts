import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, isSqlite, migrateLatest, seedIfEmpty, type Knex } from '@swapstuff/db';
import { freshDatabase, MYSQL_ROOT, type FreshDatabase } from './databases';

/**
 * A test file's database is a copy of a template (bff/test/databases.ts): it must be what migrating and
 * seeding an empty database makes, to the last index, foreign key, trigger and row.
 */

let dataDirs: string[] = [];
const opened: FreshDatabase[] = [];
let migrated: Knex;
const migratedName = `swapstuff_test_schema_${process.env.JEST_WORKER_ID ?? '1'}_${process.pid}`;

const tempDir = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'swapstuff-schema-'));
  dataDirs.push(dir);
  return dir;
};

beforeAll(async () => {
  const dataDir = await tempDir();
  if (process.env.TEST_DB === 'mysql') {
    const admin = createDb({ url: MYSQL_ROOT, poolMax: 1 });
    await admin.raw(`DROP DATABASE IF EXISTS \`${migratedName}\``);
    await admin.raw(`CREATE DATABASE \`${migratedName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.destroy();
    migrated = createDb({ url: `${MYSQL_ROOT}/${migratedName}`, poolMax: 2 });
  } else {
    migrated = createDb({ dataDir });
  }
  await migrateLatest(migrated);
  await seedIfEmpty(migrated, { dataDir });
});

afterAll(async () => {
  await migrated.destroy();
  for (const copy of opened) {
    await copy.db.destroy();
    await copy.drop();
  }
  if (process.env.TEST_DB === 'mysql') {
    const admin = createDb({ url: MYSQL_ROOT, poolMax: 1 });
    await admin.raw(`DROP DATABASE IF EXISTS \`${migratedName}\``);
    await admin.destroy();
  }
  for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
  dataDirs = [];
});

const copy = async () => {
  const fresh = await freshDatabase(await tempDir());
  opened.push(fresh);
  return fresh.db;
};

/** Every table, index, foreign key and trigger, as the engine itself describes them. */
async function schemaOf(db: Knex): Promise<unknown> {
  if (isSqlite(db)) {
    return db('sqlite_master').orderBy(['type', 'name']).select('type', 'name', 'tbl_name', 'sql');
  }
  const [tables] = await db.raw(
    "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME <> 'template_ready' ORDER BY TABLE_NAME",
  );
  const created = [];
  for (const { name } of tables as { name: string }[]) {
    const [[shown]] = await db.raw('SHOW CREATE TABLE ??', [name]);
    created.push(shown['Create Table']);
  }
  const [triggers] = await db.raw(
    `SELECT TRIGGER_NAME, ACTION_TIMING, EVENT_MANIPULATION, EVENT_OBJECT_TABLE, ACTION_ORDER, ACTION_STATEMENT,
       SQL_MODE, ACTION_ORIENTATION
     FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() ORDER BY TRIGGER_NAME`,
  );
  const [others] = await db.raw(
    `SELECT TABLE_NAME FROM information_schema.VIEWS WHERE TABLE_SCHEMA = DATABASE()
     UNION ALL SELECT ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = DATABASE()
     UNION ALL SELECT EVENT_NAME FROM information_schema.EVENTS WHERE EVENT_SCHEMA = DATABASE()`,
  );
  return { created, triggers, others };
}

/** Every row of every table, but for its times (of the migrations and the seed, which ran at other times). */
async function rowsOf(db: Knex): Promise<Record<string, unknown[]>> {
  const tables: string[] = isSqlite(db)
    ? await db('sqlite_master').where({ type: 'table' }).orderBy('name').pluck('name')
    : (
        await db.raw(
          "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME <> 'template_ready' ORDER BY TABLE_NAME",
        )
      )[0].map((t: { name: string }) => t.name);
  const all: Record<string, unknown[]> = {};
  for (const table of tables) {
    const rows: Record<string, unknown>[] = await db(table).select();
    all[table] = rows
      .map((row) => JSON.stringify(Object.entries(row).filter(([column]) => !/(_at|_time)$/.test(column))))
      .sort();
  }
  return all;
}

it('gives each file a copy of its worker’s template: the same tables, indexes, keys, triggers and rows', async () => {
  const [first, second] = [await copy(), await copy()];
  const schema = await schemaOf(migrated);
  expect(await schemaOf(first)).toEqual(schema);
  expect(await schemaOf(second)).toEqual(schema);
  const rows = await rowsOf(migrated);
  expect(Object.values(rows).some((table) => table.length > 0)).toBe(true);
  expect(await rowsOf(first)).toEqual(rows);
});

it('keeps the copies apart, and keeps the ledger append-only in each', async () => {
  const [first, second] = [await copy(), await copy()];
  const at = new Date();
  await first('users').insert({
    username: 'only_here',
    email: 'o@example.com',
    password_hash: 'x',
    created_at: at,
    updated_at: at,
  });
  expect(await second('users').where({ username: 'only_here' }).first()).toBeUndefined();
  const [id] = await first('ledger_transactions').insert({
    idempotency_key: 'copy-check',
    kind: 'hold',
    created_at: 1,
  });
  await expect(first('ledger_transactions').where({ id }).update({ kind: 'release' })).rejects.toMatchObject({
    message: expect.stringMatching(/append-only/),
  });
  await expect(first('ledger_transactions').where({ id }).delete()).rejects.toMatchObject({
    message: expect.stringMatching(/append-only/),
  });
});
