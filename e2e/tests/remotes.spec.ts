import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { canaryCatalogVersion as canary, catalogDist as distRoot, registryFile, serverLogFile } from '../servers';

test('a remote that cannot be fetched shows its fallback while the header keeps working', async ({ page }) => {
  await page.route('**/mfe/mfe_catalog/**', (route) => route.abort());
  await page.goto('/');
  const outlet = page.locator('[data-remote="mfe_catalog"]');
  await expect(outlet.getByTestId('remote-fallback')).toBeVisible();
  await expect(outlet.getByRole('button', { name: 'Retry' })).toBeVisible();

  // the header, footer and the shell's own pages still work
  await page.getByRole('link', { name: /about/i }).first().click();
  await expect(page).toHaveURL(/\/page\/about/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // home again while the remote is still down: the fallback again
  await page.goto('/');
  await expect(outlet.getByTestId('remote-fallback')).toBeVisible();

  // the remote comes back: Retry loads it in place, with no page load
  await page.unroute('**/mfe/mfe_catalog/**');
  let loads = 0;
  page.on('load', () => (loads += 1));
  await outlet.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('link', { name: 'Electronics' }).first()).toBeVisible();
  await expect(outlet.getByTestId('remote-fallback')).toHaveCount(0);
  expect(loads).toBe(0);
});

test("a remoteEntry.js that fails to download is loaded again, and the remote's page shows", async ({ page }) => {
  const asked: string[] = [];
  await page.route('**/mfe/mfe_catalog/*/remoteEntry.js*', (route) => {
    asked.push(new URL(route.request().url()).search);
    // the first download breaks (a deploy, a network blip); the retry plugin asks again (the head's preload
    // and the runtime's own load are one request)
    return asked.length === 1 ? route.abort('connectionreset') : route.continue();
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Electronics' }).first()).toBeVisible();
  // the page is the server's until the remote takes it over: wait for the entry to have been asked again
  await expect.poll(() => asked).toEqual(['', '?retry=1']);
  await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
});

test.describe('remote registry', () => {
  test.describe.configure({ mode: 'serial' });
  test('changing an entry switches the version the browser loads, without a shell rebuild', async ({ page }) => {
    const file = registryFile;
    const original = fs.readFileSync(file, 'utf8');
    const registry = JSON.parse(original);
    const current = registry.mfe_catalog.version as string;
    fs.cpSync(path.join(distRoot, current), path.join(distRoot, canary), { recursive: true });

    // each request of the remote with the page's navigation it was made in: a late request of the page before
    // the reload (a chunk it fetched when idle) is not the reloaded page's
    let navigation = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigation += 1;
    });
    const loaded: { path: string; navigation: number }[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/mfe/mfe_catalog/')) loaded.push({ path: new URL(req.url()).pathname, navigation });
    });
    const loadedSince = (since: number) => loaded.filter((r) => r.navigation > since).map((r) => r.path);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Electronics' }).first()).toBeVisible();
    expect(loadedSince(0).filter((p) => !p.startsWith(`/mfe/mfe_catalog/${current}/`))).toEqual([]);

    try {
      registry.mfe_catalog = { version: canary, manifest: `/mfe/mfe_catalog/${canary}/mf-manifest.json` };
      fs.writeFileSync(file, JSON.stringify(registry, null, 2));
      const beforeReload = navigation;
      // the page shows the server's first view before its scripts run: the remote's entry is the signal
      const canaryEntry = page.waitForResponse((r) => r.url().includes(`/mfe/mfe_catalog/${canary}/remoteEntry.js`));
      await page.reload();
      expect((await canaryEntry).ok()).toBe(true);
      await expect(page.getByRole('link', { name: 'Electronics' }).first()).toBeVisible();
      expect(loadedSince(beforeReload).filter((p) => !p.startsWith(`/mfe/mfe_catalog/${canary}/`))).toEqual([]);
    } finally {
      fs.writeFileSync(file, original);
    }
  });
});

test("the gateway checks the remotes' shared versions against the shell's, so that the phone need not", async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Electronics' }).first()).toBeVisible();
  // the browser's federation runtime is given no version range to check (build/webpack.base.js)
  const ranges = await page.evaluate(() => {
    type Instance = { options: { shared: Record<string, { shareConfig?: { requiredVersion?: unknown } }[]> } };
    const instances = (window as unknown as { __FEDERATION__: { __INSTANCES__: Instance[] } }).__FEDERATION__
      .__INSTANCES__;
    return instances.flatMap((instance) =>
      Object.values(instance.options.shared).flatMap((versions) => versions.map((s) => s.shareConfig?.requiredVersion)),
    );
  });
  expect(ranges.length).toBeGreaterThan(80);
  expect([...new Set(ranges)]).toEqual([false]);

  // the shell's manifest says what it provides, each remote's what it needs, of the same packages
  const shell = await (await request.get('/mf-manifest.json')).json();
  const provides = shell.metaData.swapstuff.provides as Record<string, string>;
  expect(provides.react).toMatch(/^19\./);
  const registry = (await (await request.get('/mf/remotes.json')).json()) as Record<string, { manifest: string }>;
  expect(Object.keys(registry).length).toBeGreaterThanOrEqual(4);
  for (const { manifest } of Object.values(registry)) {
    const remote = await (await request.get(manifest)).json();
    expect(Object.keys(remote.metaData.swapstuff.requires).sort()).toEqual(Object.keys(provides).sort());
  }
  // and the gateway, which has read them all for this page, found every range met
  expect(fs.readFileSync(serverLogFile, 'utf8')).not.toContain('shared versions the shell does not provide');
});
