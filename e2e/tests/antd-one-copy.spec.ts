import { test, expect } from '@playwright/test';

// antd is shared per component and only the shell provides it (build/webpack.base.js): a remote's antd
// components must render inside the shell's ConfigProvider (its theme) and App, not a copy of their own.
test("a remote's antd components take the theme the shell's ConfigProvider sets", async ({ page }) => {
  await page.goto('/search/all/chair');
  const remote = page.locator('[data-remote="mfe_catalog"]');
  await expect(remote.locator('[class*="ant-"]').first()).toBeVisible();
  const themed = await page.evaluate(() => {
    // the css-<hash> class antd's style engine gives each element names its theme: a remote with an antd
    // of its own, outside the shell's ConfigProvider, would show antd's default theme under another hash
    const styleClasses = (root: Element) =>
      Array.from(root.querySelectorAll('[class*="ant-"]')).flatMap((el) =>
        Array.from(el.classList).filter((c) => /^css-/.test(c)),
      );
    const outlet = document.querySelector('[data-remote="mfe_catalog"]')!;
    return { remote: [...new Set(styleClasses(outlet))], page: [...new Set(styleClasses(document.body))] };
  });
  expect(themed.remote.length).toBeGreaterThan(0);
  expect(themed.page.sort()).toEqual(themed.remote.sort());
});
