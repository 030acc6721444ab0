import { test, expect } from '@playwright/test';

// antd is shared per component and only the shell provides it (build/webpack.base.js): a remote's antd
// components must render inside the shell's ConfigProvider (its theme) and App, not a copy of their own.
test("a remote's antd components take the theme the shell's ConfigProvider sets", async ({ page }) => {
  await page.goto('/search/all/chair');
  await page.waitForLoadState('networkidle');
  const remote = page.locator('[data-remote="mfe_catalog"]');
  await expect(remote.locator('[class*="ant-"]').first()).toBeVisible();
  const themes = await page.evaluate(() => {
    // Each antd component's root (class ant-<component>-css-var) carries the class of the theme whose CSS
    // variables it reads: the shell's is "swapstuff" (sdk/ui theme.ts, cssVar.key). A remote with an antd of
    // its own, outside the shell's ConfigProvider, would read antd's default theme under another key.
    const outlet = document.querySelector('[data-remote="mfe_catalog"]')!;
    const roots = Array.from(outlet.querySelectorAll('[class*="-css-var"]'));
    return {
      components: roots.length,
      keys: [...new Set(roots.map((el) => (el.classList.contains('swapstuff') ? 'swapstuff' : el.className)))],
    };
  });
  expect(themes.components).toBeGreaterThan(0);
  expect(themes.keys).toEqual(['swapstuff']);
});
