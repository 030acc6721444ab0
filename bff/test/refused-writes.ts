import { isSqlite, type Knex } from '@swapstuff/db';

let made = 0;

/**
 * A database that refuses one kind of write, as one that failed at that statement (its connection lost, a
 * deadlock past its retries): inserts into `table` whose new row `condition` picks (SQL on NEW, the same on
 * both engines) fail until the returned function lifts the refusal. For the tests of what a step leaves when
 * the database fails in its middle, at a precise point and in-process.
 */
export async function refuseInserts(db: Knex, table: string, condition: string): Promise<() => Promise<void>> {
  made += 1;
  const name = `test_refuses_${table}_${made}`;
  const message = `refused by the test: an insert into ${table}`;
  await db.raw(
    isSqlite(db)
      ? `CREATE TRIGGER ${name} BEFORE INSERT ON ${table} WHEN ${condition} BEGIN SELECT RAISE(ABORT, '${message}'); END`
      : `CREATE TRIGGER ${name} BEFORE INSERT ON ${table} FOR EACH ROW BEGIN
           IF ${condition} THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = '${message}'; END IF;
         END`,
  );
  return async () => {
    await db.raw(`DROP TRIGGER ${name}`);
  };
}

/** The outbox's failed jobs due again now (their backoff passed), as time would make them. */
export async function retryJobsNow(db: Knex): Promise<void> {
  await db('outbox').where({ status: 'pending' }).where('attempts', '>', 0).update({ run_at: Date.now() });
}
