import { test, expect } from '@playwright/test';

// The site as `npm start` serves it with DATABASE_URL on MariaDB (on the embedded database:
// bff/src/runtime/shutdown.sys.test.ts).
test('a visitor sees the home page with real categories', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Electronics' }).first()).toBeVisible();
  const categoryImage = page.locator('[data-remote="mfe_catalog"] img').first();
  await expect(categoryImage).toBeVisible();
  // loaded, not only laid out: a broken image is complete with no width, and fails here
  await expect
    .poll(() => categoryImage.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1)))
    .toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Swapstuff');
});

test('the api answers health and home through the gateway', async ({ request }) => {
  expect((await request.get('/readyz')).ok()).toBe(true);
  const home = await (await request.get('/api/home')).json();
  expect(home.Success).toBe(true);
  expect(home.Content.categories.length).toBeGreaterThan(5);
});

test('every registered remote serves its own mf-manifest.json, whose pages the registry passes on', async ({
  request,
}) => {
  const registry = await (await request.get('/mf/remotes.json')).json();
  expect(Object.keys(registry).sort()).toEqual(['mfe_account', 'mfe_catalog', 'mfe_orders', 'mfe_swaps']);
  for (const [name, entry] of Object.entries<{ version: string; manifest: string; pages: object }>(registry)) {
    const res = await request.get(entry.manifest);
    expect(res.status(), entry.manifest).toBe(200);
    expect(res.headers()['cache-control']).toContain('no-cache');
    const manifest = await res.json();
    expect(manifest.name).toBe(name);
    expect(manifest.exposes.map((e: { path: string }) => e.path)).toContain('./App');
    expect(Object.keys(entry.pages).length).toBeGreaterThan(0);
    expect(entry.pages).toEqual(manifest.metaData.swapstuff.pages);
  }
});
