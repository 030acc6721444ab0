import { test, expect, type Page } from '@playwright/test';
import { signIn } from '../support/catalog';
import { listViaApi } from '../support/listings';
import { newUser, registerViaApi } from '../support/users';

/**
 * What the gateway writes into each page's head (issue 11, bff/src/gateway/shell-page.ts), on the real
 * built site: the preloads are the very requests the shell and the route's remote make (each file goes
 * over the network once; a visitor's page, drawn by its first view, preloads only its photo), a shared link's title is the page's until the visitor moves on, and a page
 * that does not exist answers 404 and still renders the site's not-found content.
 *
 * No page.route() here: intercepting requests turns Chromium's cache off, and with it preload reuse.
 */

const TITLE = 'Preloaded walnut desk';
let itemId = 0;
test.beforeAll(async () => {
  itemId = await listViaApi(TITLE);
});

/** Every request the page sends over the network, by path, and the console's words about preloads. */
function watch(page: Page) {
  const requested: string[] = [];
  const preloadWarnings: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) preloadWarnings.push(message.text());
  });
  return { requested, preloadWarnings };
}

/** What the head preloads for the page's scripts (the photo's preload is checked on its own). */
async function preloadedPaths(page: Page): Promise<string[]> {
  return page
    .locator('link[rel="preload"]:not([as="image"]), link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
}

/** Resource timing: one entry per resource the page fetched, a second one if it fetched it twice. */
async function timedPaths(page: Page): Promise<string[]> {
  return page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
}

for (const [name, path, shows] of [
  ['a shared listing', () => `/item-detail/${itemId}`, (page: Page) => page.getByRole('heading', { name: TITLE })],
  ['home', () => '/', (page: Page) => page.getByRole('link', { name: 'Electronics' }).first()],
] as const) {
  // a signed-in browser renders the page itself: the head starts its remote's files with the shell's
  test(`${name}, signed in: the manifest and remoteEntry the head preloads are each fetched once, and used`, async ({
    page,
  }) => {
    const user = newUser();
    await registerViaApi(page.request, user);
    await signIn(page, user);
    const { requested, preloadWarnings } = watch(page);
    const response = await page.goto(path());
    expect(response?.status()).toBe(200);
    await expect(shows(page)).toBeVisible();

    const preloaded = await preloadedPaths(page);
    expect(preloaded).toEqual([
      expect.stringMatching(/^\/mfe\/mfe_catalog\/[^/]+\/mf-manifest\.json$/),
      expect.stringMatching(/^\/mfe\/mfe_catalog\/[^/]+\/remoteEntry\.js$/),
    ]);
    const timed = await timedPaths(page);
    for (const file of preloaded) {
      expect(
        requested.filter((p) => p === file),
        `${file} over the network`,
      ).toHaveLength(1);
      expect(
        timed.filter((p) => p === file),
        `${file} in resource timing`,
      ).toHaveLength(1);
    }
    // Used: the page shows the remote, so the runtime has fetched its manifest and entry, and what the page
    // fetched of them is exactly what the head preloaded, once each. A request the preload did not match (its
    // credentials mode, say) would be a second fetch of the file, which Chromium also says in the console as it
    // happens; a preload of a file the runtime did not ask for would be left here beside the one it did ask for.
    const remoteFiles = requested.filter((p) =>
      /^\/mfe\/mfe_catalog\/[^/]+\/(mf-manifest\.json|remoteEntry\.js)$/.test(p),
    );
    expect(remoteFiles.sort()).toEqual([...preloaded].sort());
    expect(preloadWarnings).toEqual([]);
    // the registry comes in the page: no request for it
    expect(requested).not.toContain('/mf/remotes.json');
    // the tab's icon comes inside the page: the browser never asks for /favicon.ico (a 404 before)
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:image\/svg\+xml,/);
    expect(requested).not.toContain('/favicon.ico');
  });

  // a visitor's page is drawn by its first view: the remote's files are needed only to take it over, and
  // are not preloaded beside the largest paint
  test(`${name}, a visitor: no remote file preloaded, each fetched once as the shell starts`, async ({ page }) => {
    const { requested } = watch(page);
    await page.goto(path());
    await expect(shows(page)).toBeVisible();
    expect(await preloadedPaths(page)).toEqual([]);
    await page.waitForLoadState('networkidle');
    const remoteFiles = requested.filter((p) =>
      /^\/mfe\/mfe_catalog\/[^/]+\/(mf-manifest\.json|remoteEntry\.js)$/.test(p),
    );
    expect(remoteFiles).toHaveLength(2);
    expect(new Set(remoteFiles).size).toBe(2);
    expect(requested).not.toContain('/mf/remotes.json');
  });
}

test("a shared listing's main photo: the copy the head preloads is the one the gallery shows, fetched once", async ({
  page,
}) => {
  const { requested, preloadWarnings } = watch(page);
  await page.goto(`/item-detail/${itemId}`);
  const photo = page.getByRole('img', { name: TITLE }).first();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const shown = new URL(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
  const preload = page.locator('link[rel="preload"][as="image"]');
  await expect(preload).toHaveAttribute('fetchpriority', 'high');
  const candidates = ((await preload.getAttribute('imagesrcset')) ?? '')
    .split(',')
    .map((candidate) => new URL(candidate.trim().split(' ')[0], page.url()).pathname);
  // a copy (AVIF where Chromium reads it), not the original the <img> falls back to
  expect(candidates).toContain(shown);
  expect(shown).toMatch(/\.(avif|webp)$/);
  expect(requested.filter((p) => p === shown)).toHaveLength(1);
  // Used: the one fetch of the copy shown is the preload's (resource timing names the <link> as its initiator),
  // and the gallery took it from there; a preload that picked another copy than the gallery's would leave
  // the shown one fetched by the <img> itself
  const initiators = await page.evaluate(
    (path) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname === path)
        .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
    shown,
  );
  expect(initiators).toEqual(['link']);
  expect(preloadWarnings).toEqual([]);
});

test("a shared listing's title is the tab's until the visitor moves on", async ({ page }) => {
  await page.goto(`/item-detail/${itemId}`);
  await expect(page).toHaveTitle(`${TITLE} | Swapstuff`);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page).toHaveTitle('Swapstuff');
});

test.describe('pages that do not exist', () => {
  test('a route no one renders: 404, and the not-found page', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Page not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  });

  test('an unknown listing: 404, and the item page says it is not there', async ({ page }) => {
    const response = await page.goto('/item-detail/999999');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('No Record Found')).toBeVisible();
    await expect(page.getByText('This listing is no longer available.')).toBeVisible();
  });
});
