#!/usr/bin/env node
/**
 * `npm test`: every test of the project, in order: unit, integration on MariaDB and on SQLite (jest),
 * then the Playwright journeys against the production build. Builds first unless SWAPSTUFF_BUILT=1
 * (CI builds in its own step). Ends with each layer's count and seconds (jest and Playwright print where
 * their time went above that), then one line "N passed, N failed" over all of them.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const reports = path.join(root, 'test-results');
fs.mkdirSync(reports, { recursive: true });

/** Runs a command to its end; its exit status and the seconds it took. */
function run(cmd, args, env = {}) {
  const startedAt = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return { status: result.status ?? 1, seconds: Math.round((Date.now() - startedAt) / 1000) };
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

if (process.env.SWAPSTUFF_BUILT !== '1' && run('npm', ['run', 'build']).status !== 0) process.exit(1);

const jestReport = path.join(reports, 'jest.json');
const e2eReport = path.join(reports, 'e2e.json');
fs.rmSync(jestReport, { force: true });
fs.rmSync(e2eReport, { force: true });

const jestRun = run('npx', ['jest', '--json', `--outputFile=${jestReport}`]);
const e2eRun = run('npm', ['test', '-w', 'e2e'], { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport });

const jest = readJson(jestReport);
const e2e = readJson(e2eReport);
const passed = (jest?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0);
const failed =
  (jest?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0) + (e2e?.stats?.flaky ?? 0) + (jest && e2e ? 0 : 1);
console.log(
  `jest: ${jest ? `${jest.numPassedTests} passed, ${jest.numFailedTests} failed` : 'no report'} in ${jestRun.seconds} s`,
);
console.log(
  `e2e: ${e2e ? `${e2e.stats.expected} passed, ${e2e.stats.unexpected} failed` : 'no report'} in ${e2eRun.seconds} s`,
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(jestRun.status === 0 && e2eRun.status === 0 && failed === 0 ? 0 : 1);
