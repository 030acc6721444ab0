import path from 'node:path';
import { createDb, ensureDatabase, migrateLatest, resetDatabase, seedIfEmpty } from './index';

/** `node db/dist/cli.js migrate|seed|reset`, configured by DATABASE_URL and DATA_DIR. */
async function main(command: string | undefined): Promise<void> {
  const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
  await ensureDatabase(process.env.DATABASE_URL);
  const db = createDb({ url: process.env.DATABASE_URL, dataDir });
  try {
    switch (command) {
      case 'migrate':
        await migrateLatest(db);
        console.log('Database migrated.');
        break;
      case 'seed':
        await migrateLatest(db);
        console.log((await seedIfEmpty(db, { dataDir })) ? 'Database seeded.' : 'Database already seeded.');
        break;
      case 'reset':
        await resetDatabase(db);
        await seedIfEmpty(db, { dataDir });
        console.log('Database reset and seeded.');
        break;
      default:
        console.error('usage: cli.js migrate|seed|reset');
        process.exitCode = 2;
    }
  } finally {
    await db.destroy();
  }
}

main(process.argv[2]).catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
