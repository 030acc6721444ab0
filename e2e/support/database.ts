import path from 'node:path';
import { createDb, type Knex } from '@swapstuff/db';
import { createConnection } from 'mysql2/promise';
import { dataRoot, mariadbDatabase, type Engine } from '../servers';

/**
 * Every row of every table of the run's MariaDB database, as text: what a test can search for what must never
 * be stored (a card number, say).
 */
export async function dumpDatabase(): Promise<string> {
  const conn = await createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: mariadbDatabase });
  try {
    const [tables] = await conn.query<{ name: string }[] & import('mysql2').RowDataPacket[]>(
      'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ?',
      [mariadbDatabase],
    );
    const parts: string[] = [];
    for (const { name } of tables) {
      const [rows] = await conn.query(`SELECT * FROM \`${name}\``);
      parts.push(
        `${name}: ${JSON.stringify(rows, (_key, value) => (Buffer.isBuffer(value) ? value.toString('latin1') : value))}`,
      );
    }
    return parts.join('\n');
  } finally {
    await conn.end();
  }
}

/**
 * The engine's own database, for what a journey cannot do through a screen yet: time passing (an inspection
 * window closing) and support staff (their screens are a later issue). Through the project's own knex
 * setup, so a date is written as the server writes it on either engine; on SQLite the server has the file
 * open too, and the write waits for its lock.
 */
export async function withDatabase<T>(engine: Engine, work: (db: Knex) => Promise<T>): Promise<T> {
  const db =
    engine === 'mariadb'
      ? createDb({ url: `mysql://root@127.0.0.1:3306/${mariadbDatabase}`, poolMax: 1 })
      : createDb({ dataDir: path.join(dataRoot, 'sqlite') });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}
