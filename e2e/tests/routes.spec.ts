import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { test, expect, type Page } from '@playwright/test';
import { dataRoot, registryFile, repoRoot, run } from '../servers';
import { newUser, registerViaApi } from '../support/users';

/**
 * Issue 9's acceptance: a remote adds a route, and the composed site serves it after a registry change,
 * with no shell rebuild. The remote is mfe_catalog, built here from its own source as a version named
 * after the run, whose src/pages.json adds /browse to its search page (public, with a tab) and /saved to
 * My Likes (needs login). Nothing but that build and the run's registry file changes.
 */

const fixtureVersion = `0.1.0-routes-${run.id}`;
const fixtureRoot = path.join(dataRoot, 'routes-fixture');
const fixtureRemote = path.join(fixtureRoot, 'mfe-catalog');
const catalogDist = path.join(repoRoot, 'mfe-catalog', 'dist');
const shellDist = path.join(repoRoot, 'shell', 'dist');

type Pages = Record<string, { paths: string[]; menu?: object }>;

/** The remote's declaration as a team adding two routes would edit it. */
function addRoutes(pages: Pages) {
  pages.search.paths.unshift('/browse');
  pages.search.menu = { label: 'Browse', tabBar: 45 };
  pages.myLikes.paths.push('/saved');
}

function editJson<T>(file: string, change: (json: T) => void) {
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  change(json);
  fs.writeFileSync(file, JSON.stringify(json, null, 2));
}

/**
 * Builds the fixture the way `npm run build -w mfe-catalog` builds the remote: its source, package.json
 * and webpack.config.js copied beside a link to the repository's build/ (which its config requires), the
 * version and the declaration changed, and its output put where the gateway serves every version from.
 */
async function buildFixture(): Promise<void> {
  fs.mkdirSync(fixtureRemote, { recursive: true });
  fs.symlinkSync(path.join(repoRoot, 'build'), path.join(fixtureRoot, 'build'));
  const source = path.join(repoRoot, 'mfe-catalog');
  for (const item of ['src', 'package.json', 'webpack.config.js']) {
    fs.cpSync(path.join(source, item), path.join(fixtureRemote, item), { recursive: true });
  }
  editJson<{ version: string }>(path.join(fixtureRemote, 'package.json'), (pkg) => (pkg.version = fixtureVersion));
  editJson<Pages>(path.join(fixtureRemote, 'src', 'pages.json'), addRoutes);

  const webpackCli = require.resolve('webpack-cli/bin/cli.js', { paths: [repoRoot] });
  await promisify(execFile)(process.execPath, [webpackCli, '--mode', 'production'], { cwd: fixtureRemote });
  fs.renameSync(path.join(fixtureRemote, 'dist', fixtureVersion), path.join(catalogDist, fixtureVersion));
}

/** Every file of the shell's build with a hash of its content: what a rebuild would change. */
function shellFiles(): Record<string, string> {
  const files = fs.readdirSync(shellDist, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
  return Object.fromEntries(
    files.map((f) => {
      const file = path.join(f.parentPath, f.name);
      const stat = fs.statSync(file);
      const hash = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
      return [path.relative(shellDist, file), `${hash} ${stat.mtimeMs}`];
    }),
  );
}

const heading = (page: Page) => page.locator('[data-remote="mfe_catalog"]').getByRole('heading', { level: 1 });

test.describe('a route a remote adds', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    // a production build of one remote: about a minute on two busy cores
    test.setTimeout(300_000);
    await buildFixture();
  });

  test.afterAll(() => {
    fs.rmSync(path.join(catalogDist, fixtureVersion), { recursive: true, force: true });
    fs.rmSync(fixtureRoot, { recursive: true, force: true });
  });

  test('is served by the composed site once the registry names the new build, with no shell rebuild', async ({
    page,
    request,
  }) => {
    const file = registryFile;
    const original = fs.readFileSync(file, 'utf8');
    const shellBefore = shellFiles();

    // the site as it runs: nobody declares /browse
    await page.goto('/browse');
    await expect(page.getByText('Page not found')).toBeVisible();

    try {
      const registry = JSON.parse(original);
      registry.mfe_catalog = { version: fixtureVersion };
      fs.writeFileSync(file, JSON.stringify(registry, null, 2));

      // the new public route renders the remote's page for a visitor
      await page.goto('/browse');
      await expect(heading(page)).toHaveText('All Listings');
      // the new route that needs login sends a visitor to log in and come back
      await page.goto('/saved');
      await expect(page).toHaveURL(/\/login\?callbackUrl=\/saved$/);

      // signed in, the remote's new tab is in its place and /saved opens My Likes
      const user = newUser();
      await registerViaApi(request, user);
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(/\/saved$/);
      await expect(heading(page)).toHaveText('My Likes');
      const tabs = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
      await expect(tabs).toHaveText([
        'Home',
        'Swap Requests',
        'My Listings',
        'My Orders',
        'My Purchases',
        'Browse',
        'My Likes',
      ]);
      await tabs.filter({ hasText: 'Browse' }).click();
      await expect(page).toHaveURL(/\/browse$/);
      await expect(heading(page)).toHaveText('All Listings');
    } finally {
      fs.writeFileSync(file, original);
    }

    // rolled back by the registry alone: the route is gone again
    await page.goto('/browse');
    await expect(page.getByText('Page not found')).toBeVisible();
    expect(shellFiles()).toEqual(shellBefore);
  });
});
