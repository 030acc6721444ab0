/**
 * One jest run, four projects:
 *  - unit: *.test.ts(x) beside the code (front-end tests opt into jsdom with a docblock);
 *  - integration-mysql and integration-sqlite: *.int.test.ts, the real api over HTTP against a real
 *    database (TEST_DB picks the engine; each file gets a fresh database, a copy of its worker's migrated and
 *    seeded template), every file on MariaDB and those of ON_SQLITE_TOO on SQLite as well;
 *    *.mysql.test.ts hold what only MySQL/MariaDB has (statement limits, deadlocks) and run on it alone;
 *  - system: *.sys.test.ts, the built site as `npm start` runs it, in processes of its own (shutdown,
 *    a database killed and paused under load). They need the build (`npm run build`).
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const shared = {
  rootDir: __dirname,
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '^@swapstuff/contracts$': '<rootDir>/contracts/src/index.ts',
    '^@swapstuff/db$': '<rootDir>/db/src/index.ts',
    '^@swapstuff/db/bulk-seed$': '<rootDir>/db/src/bulk-seed.ts',
    '^@swapstuff/sdk$': '<rootDir>/shell/sdk/src/index.ts',
    '^@swapstuff/sdk/ui$': '<rootDir>/shell/sdk/src/ui/index.ts',
    '^@swapstuff/sdk/query$': '<rootDir>/shell/sdk/src/query/index.tsx',
    '^@swapstuff/sdk/testing$': '<rootDir>/shell/sdk/src/testing/index.ts',
    '^@swapstuff/sdk/checkout$': '<rootDir>/shell/sdk/src/checkout/index.ts',
    '^@swapstuff/sdk/fields$': '<rootDir>/shell/sdk/src/fields/index.tsx',
    '\\.(css)$': '<rootDir>/scripts/jest/style-stub.js',
    // @ant-design/icons' CommonJS build requires an ESM file of @ant-design/colors that jest cannot load
    // untransformed; its CommonJS twin is the same code.
    '^@ant-design/colors/es/(.*)$': '<rootDir>/node_modules/@ant-design/colors/lib/$1',
    // antd-img-crop's CommonJS build requires antd's ESM modules as if they were CommonJS: its ESM build is
    // compiled instead (transformIgnorePatterns), its antd imports taken from antd's CommonJS twin
    '^antd-img-crop$': '<rootDir>/node_modules/antd-img-crop/dist/antd-img-crop.esm.js',
    '^antd/es/(.*)$': '<rootDir>/node_modules/antd/lib/$1',
    // antd's CSS-in-JS stays out of jsdom's document (the file says why)
    '^@rc-component/util/lib/Dom/dynamicCSS$': '<rootDir>/scripts/jest/dynamic-css.js',
  },
  // otplib's base32 and HMAC (@scure/base, @noble/hashes, wherever npm nested them) are ES modules only:
  // compiled for jest like our code
  transformIgnorePatterns: ['/node_modules/(?!(?:.*/node_modules/)?(?:antd-img-crop|@scure/base|@noble/hashes)/)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
  testEnvironment: 'node',
};

/**
 * The integration files that run on SQLite as well: those whose subject differs by engine, and those that
 * run on SQLite an engine branch of the code (`isSqlite(…)`, the session store's SQL) that no other file of
 * the list runs. The others run on MariaDB alone (docs/decisions.md, "Which integration tests run on SQLite
 * too").
 */
const ON_SQLITE_TOO = [
  // migrations from empty, with SQLite's own DDL (WITHOUT ROWID, RAISE triggers), its schema lock (a lock
  // file, not GET_LOCK) and the seed's duplicate key
  'db/src/db.int.test.ts',
  // the bulk seed: statements cut to SQLite's bound-value limit, the next id read from sqlite_sequence
  'db/src/bulk-seed.int.test.ts',
  // a file's database is a copy of its worker's template: a file copied on SQLite, tables re-created on MariaDB
  'bff/test/databases.int.test.ts',
  // full-text search: the same answers from each engine's search index (WITHOUT ROWID on SQLite)
  'bff/src/api/search/search.int.test.ts',
  // search over 1,400 bulk-seeded listings, in the same order on both engines
  'bff/src/api/search/search-scale.int.test.ts',
  // rate limits under concurrency: INSERT … ON CONFLICT … RETURNING on SQLite, LAST_INSERT_ID on MariaDB
  'bff/src/api/auth/limits.int.test.ts',
  // the ledger's locks (balances and payments FOR UPDATE on MariaDB, one writer on SQLite), its append-only
  // triggers and its idempotency keys' duplicates
  'bff/src/api/ledger/ledger.int.test.ts',
  // the same, through random sequences with crashes
  'bff/src/api/ledger/ledger.property.int.test.ts',
  // holds, refunds and payouts under the same locks, concurrent and crashing, and reconciliation
  'bff/src/api/ledger/operations.int.test.ts',
  // the outbox's job runner: FOR UPDATE SKIP LOCKED and READ COMMITTED on MariaDB, one runner at a time on SQLite
  'bff/src/jobs/jobs.int.test.ts',
  // a job waiting on a provider: on SQLite a transaction held around it was the one writer, and stalled every request
  'bff/src/jobs/provider-calls.int.test.ts',
  // the order's row lock (orders/repo) and buyers racing for one listing, 50 confirmations of one payment
  'bff/src/api/orders/buy-now.int.test.ts',
  // the offer's row lock (swaps/repo) and the member's shared hold (users/repo holdLive), step by random step
  'bff/src/api/swaps/swaps.model.int.test.ts',
  // the deleted account's row lock (users/repo lockLive)
  'bff/src/api/account/delete.int.test.ts',
  // the user's row lock that keeps one default address (addresses/repo lockUser)
  'bff/src/api/addresses/addresses.int.test.ts',
  // the review's row lock under double votes (reviews/service) and one rating or report per user (duplicate keys)
  'bff/src/api/reviews/reviews.int.test.ts',
  // LIKE with %, _ and ! taken literally on both engines (SQLite has no default escape); the listing's row lock
  'bff/src/api/products/products.int.test.ts',
  // a username taken in any case: MariaDB's collation ignores case, SQLite's comparison does not
  'bff/src/api/auth/register.int.test.ts',
  // the gateway's sessions: connect-session-knex has SQL of its own per engine (on SQLite an upsert, and
  // expiry compared through datetime()), and the session store that loses its database
  'bff/src/gateway/gateway.int.test.ts',
  // staff: the authenticator's row lock (one code, one sign-in), the admins' rows locked so that one stays, the
  // audit trail's append-only triggers (RAISE on SQLite), and the column users.role dropped by the migration
  'bff/src/api/staff/staff.int.test.ts',
  // one decision per dispute when 50 are sent at once: the order's row lock (the one writer on SQLite)
  'bff/src/api/disputes/support.int.test.ts',
];

const integration = (engine, testMatch) => ({
  ...shared,
  displayName: `integration-${engine}`,
  testMatch,
  setupFiles: [`<rootDir>/scripts/jest/engine-${engine}.js`],
  // names the run's test databases (each worker migrates a template once, each file gets a copy of it:
  // bff/test/databases.ts) and drops them at its end; the same files for both projects run once
  globalSetup: '<rootDir>/scripts/jest/integration-setup.js',
  globalTeardown: '<rootDir>/scripts/jest/integration-teardown.js',
});

module.exports = {
  // jest reads testTimeout from the root config only (a project's own is ignored): 60 s covers an
  // integration file's setup (a fresh database, users, listings) and a form typed key by key in jsdom
  // (8 s alone, 16 s beside another worker) on a busy 2-core CI machine
  testTimeout: 60000,
  // jest's default on 2 cores is one worker; the integration files mostly wait on the database, so two
  // workers finish the suite in about half the time (713 s against 1,416 s of files run back to back)
  maxWorkers: 2,
  // after jest's report, where the time went (per project, the slowest files)
  reporters: ['default', '<rootDir>/scripts/jest/timing-reporter.js'],
  projects: [
    {
      ...shared,
      displayName: 'unit',
      setupFilesAfterEnv: ['<rootDir>/scripts/jest/browser-env.ts'],
      testMatch: ['<rootDir>/**/*.test.ts?(x)'],
      testPathIgnorePatterns: [...shared.testPathIgnorePatterns, '\\.(int|mysql|sys)\\.test\\.ts$'],
    },
    integration('mysql', ['<rootDir>/**/*.int.test.ts', '<rootDir>/**/*.mysql.test.ts']),
    integration(
      'sqlite',
      ON_SQLITE_TOO.map((file) => `<rootDir>/${file}`),
    ),
    { ...shared, displayName: 'system', testMatch: ['<rootDir>/**/*.sys.test.ts'] },
  ],
};
