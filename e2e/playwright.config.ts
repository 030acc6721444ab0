import { defineConfig } from '@playwright/test';
import { baseURL } from './servers';

/** Debian's chromium; never a downloaded browser. */
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: './tests',
  globalSetup: require.resolve('./global-setup'),
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Timeouts fit the slowest case rehearsed: a slow machine of this kind (CI took 29 min on one) with the run
  // pinned to one core (`scripts/ci-on-fresh-clone.sh --one-core`), where a journey takes about 2.4 times as
  // long as on its two cores. A journey of one user over a few pages takes up to 40 s there: 120 s is three
  // times that. A longer journey sets its own, about three times what it takes there, saying what makes it long.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? 'playwright-report/e2e.json' }],
    ['./support/timing-reporter.ts'],
    ['./support/server-log-reporter.ts'],
  ],
  use: {
    baseURL,
    launchOptions,
    // reduced motion: the site then opens dialogs without antd's zoom, so a click never lands on a dialog
    // still growing into place (CI's busy cores once made one miss its OK button)
    reducedMotion: 'reduce',
    // A trace is recorded only when asked for (E2E_TRACE=1, kept for a journey that fails): recording one for
    // every journey took a fifth of the run's CPU (the browser's screencast, the worker's DOM snapshots), and
    // CI's traces stay on a machine nobody opens them on. The failure's screenshot and error context are kept.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
});
