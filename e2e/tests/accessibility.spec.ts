import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

// The pages of this issue, checked by axe at phone and desktop width: no serious or critical violation.
for (const width of [375, 1280]) {
  for (const path of ['/', '/login', '/sign-up', '/forget-password', '/page/about', '/no-such-page']) {
    test(`${path} at ${width} px has no serious accessibility violation`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    });
  }
}
