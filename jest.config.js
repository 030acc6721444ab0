/**
 * One jest run, four projects:
 *  - unit: *.test.ts(x) beside the code (front-end tests opt into jsdom with a docblock);
 *  - integration-mysql and integration-sqlite: *.int.test.ts, the real api over HTTP against a real
 *    database, once per engine (TEST_DB picks the engine; each file gets a fresh database, a copy of its
 *    worker's migrated and seeded template);
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
  transformIgnorePatterns: ['/node_modules/(?!antd-img-crop/)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
  testEnvironment: 'node',
};

const integration = (engine, only = []) => ({
  ...shared,
  displayName: `integration-${engine}`,
  testMatch: ['<rootDir>/**/*.int.test.ts', ...only],
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
    integration('mysql', ['<rootDir>/**/*.mysql.test.ts']),
    integration('sqlite'),
    { ...shared, displayName: 'system', testMatch: ['<rootDir>/**/*.sys.test.ts'] },
  ],
};
