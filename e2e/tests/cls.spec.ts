import { randomBytes } from 'node:crypto';
import { test, expect, type Page } from '@playwright/test';
import { signIn } from '../support/catalog';
import { layoutShifts, observeLayoutShifts, throttle } from '../support/layoutShift';
import { listViaApi } from '../support/listings';
import { newUser, registerViaApi } from '../support/users';
import { baseURL } from '../servers';

/**
 * Issue 11, acceptance 4: home, search and item detail load without moving under the reader's eyes
 * (CLS ≤ 0.05), at phone and desktop width, for a visitor and for a signed-in user (whose header gets
 * the session's counts late), on a throttled network and CPU so that every late arrival (the remote's
 * code, antd, the api's answers, the photos) really comes late.
 *
 * The figure asserted is the sum of every shift over the whole load, which is never less than the
 * session-window CLS that Lighthouse and Core Web Vitals report (both are printed).
 */
const CLS_BUDGET = 0.05;
const tag = `c${randomBytes(3).toString('hex')}`; // a word only this run's listings contain
let itemId = 0;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // more than a screenful of cards, each with two photos; the last listed is the newest, first on home
  for (let i = 1; i <= 6; i += 1) itemId = await listViaApi(`Lamp ${i} ${tag}`);
});

const viewports = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 900 },
};

/** Each page, and what shows that it has finished loading: its main content with its first photo drawn. */
/** long enough for the whole throttled load (before issue 11, 2 MB of uncompressed JS at 1.6 Mbit/s) */
const LOADED = { timeout: 90_000 };

const pages: { name: string; path: () => string; loaded: (page: Page) => Promise<void> }[] = [
  {
    name: 'home',
    path: () => '/',
    loaded: async (page) => {
      await expect(page.getByRole('heading', { name: 'Browse Categories' })).toBeVisible(LOADED);
      await firstPhotoDrawn(page, page.getByRole('article').first().locator('img').first());
    },
  },
  {
    name: 'search',
    path: () => `/search/all/${tag}`,
    loaded: async (page) => {
      await expect(page.getByText('6 results')).toBeVisible(LOADED);
      await firstPhotoDrawn(page, page.getByRole('article').first().locator('img').first());
    },
  },
  {
    name: 'item detail',
    path: () => `/item-detail/${itemId}`,
    loaded: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: `Lamp 6 ${tag}` })).toBeVisible(LOADED);
      await firstPhotoDrawn(page, page.getByRole('button', { name: /Open photo 1 of 2/ }).locator('img'));
    },
  },
];

async function firstPhotoDrawn(page: Page, img: ReturnType<Page['locator']>) {
  await expect(img).toBeVisible(LOADED);
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), LOADED)
    .toBe(true);
}

for (const signedIn of [false, true]) {
  for (const [viewportName, viewport] of Object.entries(viewports)) {
    for (const { name, path, loaded } of pages) {
      const who = signedIn ? 'signed in' : 'visitor';
      test(`${name}, ${viewportName} (${viewport.width} px), ${who}: CLS ≤ ${CLS_BUDGET}`, async ({ browser }) => {
        test.setTimeout(180_000);
        const context = await browser.newContext({
          baseURL: baseURL,
          viewport,
          isMobile: viewportName === 'phone',
        });
        const page = await context.newPage();
        if (signedIn) {
          const user = newUser();
          await registerViaApi(context.request, user);
          await signIn(page, user);
        }
        await observeLayoutShifts(page);
        await throttle(page);
        await page.goto(path());
        await loaded(page);
        // late answers after the content (counts, the other photos) still count: the page has them once the
        // network is idle, and they are drawn in the frames that layoutShifts waits for
        await page.waitForLoadState('networkidle');
        const report = await layoutShifts(page);
        const figures = `sum ${report.sum.toFixed(4)}, session window ${report.sessionWindow.toFixed(4)}`;
        test.info().annotations.push({ type: 'CLS', description: figures });
        console.log(`CLS ${name}, ${viewportName}, ${who}: ${figures}`);
        expect(report.sum, `${figures}\n${JSON.stringify(report.shifts, null, 1)}`).toBeLessThanOrEqual(CLS_BUDGET);
        await context.close();
      });
    }
  }
}
