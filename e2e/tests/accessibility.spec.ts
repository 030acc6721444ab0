import { test, expect, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/catalog';
import { listViaApi } from '../support/listings';
import { makeStaff, newStaffAccount, staffSignIn } from '../support/staff';
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

// Every page mfe_account declares (its pages.json, so a new one is checked without a change here): the member's
// pages, which need login, signed in (issue 15); the support console's, which do not (a visitor there is shown the
// staff sign-in), signed in as staff (issue 34). At phone and desktop width: no serious or critical violation.
const declared = Object.values(
  JSON.parse(readFileSync(path.join(__dirname, '../../mfe-account/src/pages.json'), 'utf8')) as Record<
    string,
    { paths: string[]; needsLogin?: boolean }
  >,
);
const accountPages = declared.filter((page) => page.needsLogin).map((page) => page.paths[0]);
const consolePages = declared.filter((page) => !page.needsLogin).map((page) => page.paths[0]);

/** Axe's serious findings on each page, at phone and desktop width, each named by its page and width. */
async function violationsOf(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(page.locator('.ant-skeleton')).toHaveCount(0);
      found.push(...(await seriousViolations(page)).map((v) => `${path} at ${width} px: ${v}`));
    }
  }
  return found;
}

test('every account page, signed in, has no serious accessibility violation at phone and desktop width', async ({
  page,
}) => {
  // axe on every account page at two widths: about 260 s on one core of a slow machine
  test.setTimeout(780_000);
  const user = newUser();
  await registerViaApi(page.request, user);
  await signIn(page, user);
  const found = await violationsOf(page, accountPages);
  expect(accountPages.length).toBeGreaterThanOrEqual(10);
  expect(found).toEqual([]);
});

test('the support console, for a visitor and for an admin signed in as staff, has no serious accessibility violation at phone and desktop width', async ({
  page,
}) => {
  // axe on the staff sign-in and the console's pages at two widths: about 27 s on two busy cores beside another
  // journey, so about 65 s on one core of a slow machine
  test.setTimeout(180_000);
  // the pages mfe_account declares without login are the console's
  expect(consolePages.length).toBeGreaterThanOrEqual(3);
  expect(consolePages.filter((path) => !path.startsWith('/support'))).toEqual([]);
  // a visitor is shown the staff sign-in
  const found = await violationsOf(page, [consolePages[0]]);
  const admin = { ...newUser(), email: `admin.${randomBytes(4).toString('hex')}@example.com` };
  admin.password = newStaffAccount(await makeStaff(admin.email, 'admin')).password;
  await staffSignIn(page, admin);
  found.push(...(await violationsOf(page, consolePages)));
  expect(found).toEqual([]);
});
