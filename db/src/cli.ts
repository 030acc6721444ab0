import path from 'node:path';
import { BULK_USAGE, bulkSeed, describeReport, parseBulkArgs, UsageError } from './bulk-seed';
import { createDb, ensureDatabase, migrateLatest, rebuildSearchIndex, resetDatabase, seedIfEmpty } from './index';

/** `node db/dist/cli.js migrate|seed|reset|reindex|seed:bulk …`, configured by DATABASE_URL and DATA_DIR. */
async function main(command: string | undefined, args: string[]): Promise<void> {
  // read before connecting, so a mistyped option costs no connection
  const bulk = command === 'seed:bulk' ? parseBulkArgs(args) : undefined;
  const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
  await ensureDatabase(process.env.DATABASE_URL);
  // an operator's commands may run long (a reindex, a million listings): no statement limit
  const db = createDb({ url: process.env.DATABASE_URL, dataDir, timeouts: { statementMs: 0 } });
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
      case 'reindex': {
        // after a change of how search cuts words (db/src/search.ts), or to repair the index
        await migrateLatest(db);
        const listings = await rebuildSearchIndex(db, (line) => console.log(line));
        console.log(`Search index rebuilt from ${listings.toLocaleString('en-US')} listings.`);
        break;
      }
      case 'seed:bulk':
        // the same database `seed` fills, migrated and holding its categories first
        await migrateLatest(db);
        await seedIfEmpty(db, { dataDir });
        console.log(`Seeding ${bulk!.listings.toLocaleString('en-US')} listings …`);
        console.log(describeReport(await bulkSeed(db, { ...bulk!, dataDir, log: (line) => console.log(line) })));
        break;
      default:
        console.error(`usage: cli.js migrate|seed|reset|reindex\n       ${BULK_USAGE}`);
        process.exitCode = 2;
    }
  } finally {
    await db.destroy();
  }
}

main(process.argv[2], process.argv.slice(3)).catch((err: unknown) => {
  if (err instanceof UsageError) {
    console.error(err.message);
    process.exitCode = 2;
    return;
  }
  console.error(err);
  process.exitCode = 1;
});
