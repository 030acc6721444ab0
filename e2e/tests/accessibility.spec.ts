import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { listViaApi } from '../support/listings';
import { servers } from '../servers';

let itemId = 0;
test.beforeAll(async () => {
  itemId = await listViaApi(`http://127.0.0.1:${servers.mariadb.apiPort}`, 'Axe test lamp');
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
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    });
  }
}
