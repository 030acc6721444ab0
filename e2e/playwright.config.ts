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
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? 'playwright-report/e2e.json' }],
  ],
  // reduced motion: the site then opens dialogs without antd's zoom, so a click never lands on a dialog
  // still growing into place (CI's busy cores once made one miss its OK button)
  use: { launchOptions, reducedMotion: 'reduce', trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    { name: 'mariadb', use: { baseURL: baseURL('mariadb') } },
    { name: 'sqlite', use: { baseURL: baseURL('sqlite') }, testMatch: /smoke\.spec\.ts/ },
  ],
});
