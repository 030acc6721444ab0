import { createDb, type Knex } from '@swapstuff/db';
import { createConnection } from 'mysql2/promise';
import { DATABASE_URL, mariadbDatabase } from '../servers';

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
 * The site's own database, for what a journey cannot do through a screen: time passing (an inspection window
 * closing). Through the project's own knex
 * setup, so a date is written as the server writes it.
 */
export async function withDatabase<T>(work: (db: Knex) => Promise<T>): Promise<T> {
  const db = createDb({ url: DATABASE_URL, poolMax: 1 });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}
