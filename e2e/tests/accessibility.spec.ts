import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/catalog';
import { listViaApi } from '../support/listings';
import { newUser, registerViaApi } from '../support/users';

let itemId = 0;
test.beforeAll(async () => {
  itemId = await listViaApi('Axe test lamp');
});

// The public pages, checked by axe at phone and desktop width: no serious or critical violation.
const pages: [name: string, path: () => string][] = [
  ...['/', '/login', '/sign-up', '/forget-password', '/page/about', '/no-such-page', '/search', '/search/all/lamp'].map(
    (path): [string, () => string] => [path, () => path],
  ),
  ['/item-detail/{id}', () => `/item-detail/${itemId}`],
];
for (const width of [375, 1280]) {
  for (const [name, pathOf] of pages) {
    test(`${name} at ${width} px has no serious accessibility violation`, async ({ page }) => {
      const path = pathOf();
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      // axe looks at the page as it settles, not at its skeletons
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}

// Every account page mfe_account declares (its pages.json, so a new one is checked without a change here),
// signed in, at phone and desktop width: no serious or critical violation (issue 15).
const accountPages = Object.values(
  JSON.parse(readFileSync(path.join(__dirname, '../../mfe-account/src/pages.json'), 'utf8')) as Record<
    string,
    { paths: string[] }
  >,
).map((page) => page.paths[0]);

test('every account page, signed in, has no serious accessibility violation at phone and desktop width', async ({
  page,
}) => {
  // axe on every account page at two widths: about 260 s on one core of a slow machine
  test.setTimeout(780_000);
  const user = newUser();
  await registerViaApi(page.request, user);
  await signIn(page, user);
  const found: string[] = [];
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const account of accountPages) {
      await page.goto(account);
      await expect(page.getByRole('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(page.locator('.ant-skeleton')).toHaveCount(0);
      found.push(...(await seriousViolations(page)).map((v) => `${account} at ${width} px: ${v}`));
    }
  }
  expect(accountPages.length).toBeGreaterThanOrEqual(10);
  expect(found).toEqual([]);
});
