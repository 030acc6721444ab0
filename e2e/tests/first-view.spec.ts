import { randomBytes } from 'node:crypto';
import { test, expect, type Page } from '@playwright/test';
import { card, signIn } from '../support/catalog';
import { listViaApi } from '../support/listings';
import { newUser, registerViaApi } from '../support/users';
import { baseURL } from '../servers';

/**
 * Issue 11: a visitor's home, search and item detail arrive rendered (the gateway runs the shell's and the
 * catalog's server builds), so a phone paints them before any script, and the browser then takes that very
 * HTML over (hydration) instead of drawing the page again.
 */
const tag = `f${randomBytes(3).toString('hex')}`; // a word only this run's listings contain
let itemId = 0;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await listViaApi(`Kettle 1 ${tag}`);
  itemId = await listViaApi(`Kettle 2 ${tag}`);
});

const pages = [
  {
    name: 'home',
    path: () => '/',
    shows: async (page: Page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Buy, sell and swap what you own' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Electronics' })).toBeVisible();
      await expect(card(page, `Kettle 2 ${tag}`)).toBeVisible();
    },
  },
  {
    name: 'search',
    path: () => `/search/all/${tag}`,
    shows: async (page: Page) => {
      await expect(page.getByText('2 results')).toBeVisible();
      await expect(card(page, `Kettle 1 ${tag}`)).toBeVisible();
    },
  },
  {
    name: 'item detail',
    path: () => `/item-detail/${itemId}`,
    shows: async (page: Page) => {
      await expect(page.getByRole('heading', { level: 1, name: `Kettle 2 ${tag}` })).toBeVisible();
      await expect(page.getByText('$75.00').first()).toBeVisible();
      await expect(page.getByRole('img', { name: `Kettle 2 ${tag}` }).first()).toBeVisible();
    },
  },
];

for (const { name, path, shows } of pages) {
  test(`${name}: the page is in its HTML, styled, with no JavaScript at all`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(path());
    await shows(page);
    // styled by the page's own CSS (the frame's header sticks to the top), and antd's (its buttons' pointer)
    await expect(page.locator('header').first()).toHaveCSS('position', 'sticky');
    await expect(page.locator('.ant-btn').first()).toHaveCSS('cursor', 'pointer');
    await context.close();
  });

  test(`${name}: the browser takes the server's HTML over, node for node, without an error`, async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // every element the server sent, marked before any script runs
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        for (const element of Array.from(document.querySelectorAll('#root *')))
          (element as unknown as { fromServer: boolean }).fromServer = true;
      });
    });
    await page.goto(path());
    await shows(page);
    // taken over: the overlays mount once the page is the browser's (the login popup answers the menu)
    await page.waitForLoadState('networkidle');
    const marked = await page.evaluate(() => {
      const main = Array.from(document.querySelectorAll('main *'));
      return {
        all: main.length,
        server: main.filter((e) => (e as unknown as { fromServer?: boolean }).fromServer).length,
      };
    });
    // what the server sent is still there; the browser added only what it alone draws (a photo's load)
    expect(marked.server).toBeGreaterThan(0);
    expect(marked.server / marked.all).toBeGreaterThan(0.9);
    expect(problems).toEqual([]);
  });
}

test('the page works once taken over: a category opens its search without a page load', async ({ page }) => {
  await page.goto('/');
  // taken over (a link clicked before would still open, by a page load)
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByRole('link', { name: 'Electronics' }).click();
  await expect(page).toHaveURL(/\/search\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Electronics' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("the app's scripts are asked for once the first view's largest photo is in, and the page is taken over", async ({
  page,
}) => {
  const PHOTO_DELAY_MS = 1_500;
  const photoDone = new Map<string, number>();
  const scriptAsked: { url: string; at: number }[] = [];
  // every photo takes 1.5 s to come, as on a slow link
  await page.route(/\/media\/products\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, PHOTO_DELAY_MS));
    await route.continue();
  });
  page.on('requestfinished', (request) => {
    if (request.url().includes('/media/products/')) photoDone.set(new URL(request.url()).pathname, Date.now());
  });
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scriptAsked.push({ url: request.url(), at: Date.now() });
  });
  await page.goto(`/search/all/${tag}`);
  await expect(card(page, `Kettle 1 ${tag}`)).toBeVisible();
  await page.waitForLoadState('networkidle');

  const largest = await page
    .locator('#root img[fetchpriority="high"]')
    .evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
  const arrived = photoDone.get(largest);
  expect(arrived).toBeDefined();
  const appScripts = scriptAsked.filter(({ url }) => !new URL(url).pathname.startsWith('/main.js'));
  expect(appScripts.length).toBeGreaterThan(5);
  expect(Math.min(...appScripts.map(({ at }) => at))).toBeGreaterThanOrEqual(arrived!);

  // and then taken over: a card opens its listing without a page load
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await card(page, `Kettle 1 ${tag}`).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/item-detail\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Kettle 1 ${tag}` })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test('a signed-in browser gets its pages drawn in the browser, never a first view rendered for a visitor', async ({
  page,
}) => {
  const user = newUser();
  await registerViaApi(page.request, user);
  await signIn(page, user);
  const html = await (await page.request.get(`/item-detail/${itemId}`, { headers: { Accept: 'text/html' } })).text();
  expect(html).toMatch(/<div id="?root"?><\/div>/);
  expect(html).not.toContain('id="first-view"');
  await page.goto(`/item-detail/${itemId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Kettle 2 ${tag}` })).toBeVisible();
});
