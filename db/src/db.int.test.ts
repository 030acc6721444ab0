import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, migrateLatest, resetDatabase, seedIfEmpty, toDate, type Knex } from './index';
import { migrationSource } from './migrations';

const MYSQL_ROOT = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const dbName = `swapstuff_dbtest_${process.env.JEST_WORKER_ID ?? '1'}_${process.pid}`;

let dataDir: string;
let url: string | undefined;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'swapstuff-db-'));
  if (process.env.TEST_DB === 'mysql') {
    const admin = createDb({ url: MYSQL_ROOT, poolMax: 1 });
    await admin.raw(`DROP DATABASE IF EXISTS \`${dbName}\``);
    await admin.raw(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4`);
    await admin.destroy();
    url = `${MYSQL_ROOT}/${dbName}`;
  }
});

afterAll(async () => {
  if (url) {
    const admin = createDb({ url: MYSQL_ROOT, poolMax: 1 });
    await admin.raw(`DROP DATABASE IF EXISTS \`${dbName}\``);
    await admin.destroy();
  }
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Each handle has its own pool, as two processes would. */
const open = (): Knex => createDb({ url, dataDir });

describe('@swapstuff/db', () => {
  it('lets three processes start together on an empty database: one migration, one seed', async () => {
    const handles = [open(), open(), open()];
    try {
      const seeded = await Promise.all(
        handles.map(async (db) => {
          await migrateLatest(db);
          return seedIfEmpty(db, { dataDir });
        }),
      );
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const db = handles[0];
      expect(await db('knex_migrations_lock').select('is_locked')).toEqual([{ is_locked: 0 }]);
      const top = await db('categories').whereNull('parent_id').orderBy('sort_order');
      expect(top).toHaveLength(10);
      const children = await db('categories').whereNotNull('parent_id');
      for (const parent of top) {
        const own = children.filter((c) => c.parent_id === parent.id);
        expect(own.length).toBeGreaterThanOrEqual(3);
        expect(own.length).toBeLessThanOrEqual(6);
        expect(own.every((c) => c.image === parent.image)).toBe(true);
        const svg = await fs.readFile(path.join(dataDir, parent.image), 'utf8');
        expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 240 240"/);
      }
      expect(await db('delete_account_reasons').count({ n: '*' })).toEqual([{ n: 5 }]);
    } finally {
      await Promise.all(handles.map((h) => h.destroy()));
    }
  });

  it('stores dates as UTC instants and enforces foreign keys', async () => {
    const db = open();
    try {
      const at = new Date('2024-03-10T01:02:03.456Z');
      await db('users').insert({
        username: 'tz_check',
        email: 'tz@example.com',
        password_hash: 'x',
        created_at: at,
        updated_at: at,
      });
      const row = await db('users').where({ username: 'tz_check' }).first();
      expect(toDate(row.created_at).toISOString()).toBe(at.toISOString());
      // matched by code, not `toThrow()`: better-sqlite3's errors come from the realm of the first test
      // file that loaded the native module in this worker, so `instanceof Error` fails in later files
      await expect(
        db('auth_tokens').insert({ token_hash: 'h', user_id: 999999, kind: 'web', created_at: at, last_used_at: at }),
      ).rejects.toMatchObject({
        code: expect.stringMatching(/^(SQLITE_CONSTRAINT_FOREIGNKEY|ER_NO_REFERENCED_ROW_2)$/),
      });
      await db('users').insert({
        username: 'emoji_user',
        email: 'emoji@example.com',
        first_name: 'Zoë 😀',
        password_hash: 'x',
        created_at: at,
        updated_at: at,
      });
      expect((await db('users').where({ username: 'emoji_user' }).first()).first_name).toBe('Zoë 😀');
    } finally {
      await db.destroy();
    }
  });

  it('resets to an empty current schema, and seeds again', async () => {
    const db = open();
    try {
      await resetDatabase(db);
      expect(await db('users').count({ n: '*' })).toEqual([{ n: 0 }]);
      expect(await db('categories').count({ n: '*' })).toEqual([{ n: 0 }]);
      expect(await seedIfEmpty(db, { dataDir })).toBe(true);
      expect(await seedIfEmpty(db, { dataDir })).toBe(false);
    } finally {
      await db.destroy();
    }
  });

  it('022 keeps each e-mail in its one spelling (NFC, lower case) and compares them byte for byte', async () => {
    const db = open();
    try {
      // 022 undone alone (later migrations stay), as if the rows below were written before it
      await db.migrate.down({ migrationSource, name: '022_exact_emails' });
      const at = new Date();
      const user = (username: string, email: string) => ({
        username,
        email,
        password_hash: 'x',
        created_at: at,
        updated_at: at,
      });
      // written before 022 by hand: decomposed é, capitals
      await db('users').insert(user('menage_nfd', 'Me\u0301nage@Example.com'));
      await migrateLatest(db);
      expect((await db('users').where({ username: 'menage_nfd' }).first()).email).toBe('ménage@example.com');
      // an accented spelling is another address (MariaDB's general collation took them for one)
      await db('users').insert(user('menage_plain', 'menage@example.com'));
      expect(await db('users').where({ email: 'menage@example.com' }).pluck('username')).toEqual(['menage_plain']);
      expect(await db('users').where({ email: 'ménage@example.com' }).pluck('username')).toEqual(['menage_nfd']);
    } finally {
      await db.destroy();
    }
  });
});
