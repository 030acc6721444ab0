import { randomBytes } from 'node:crypto';
import { test, expect, type Page } from '@playwright/test';
import { addAddress, card, fillListing, openUpload, photoInput, signIn, submitListing } from '../support/catalog';
import { photos } from '../support/photos';
import { newUser, registerViaApi } from '../support/users';

/**
 * Issue 9's acceptance: a listing uploaded from the sheet shows in My Listings and on home without a page
 * reload. The sheet (mfe_catalog's, mounted by the shell over the page) saves through TanStack Query,
 * which asks the page under it again; nothing reloads the page. The address the listing needs is added
 * through mfe_account's modal, which the listing form opens over the sheet with the bus.
 */

const MARK = 'set before the first upload';

/**
 * Marks the document and counts page loads from now on: a reload would lose the mark, add a navigation
 * entry of its own type and fire `load`. Returns the check that none happened.
 */
async function watchForReloads(page: Page): Promise<() => Promise<void>> {
  await page.evaluate((mark) => Object.assign(window, { noReloadMark: mark }), MARK);
  let loads = 0;
  page.on('load', () => (loads += 1));
  return async () => {
    expect(await page.evaluate(() => (window as { noReloadMark?: string }).noReloadMark)).toBe(MARK);
    const navigations = await page.evaluate(() =>
      performance.getEntriesByType('navigation').map((entry) => (entry as PerformanceNavigationTiming).type),
    );
    expect(navigations).toEqual(['navigate']);
    expect(loads).toBe(0);
  };
}

/** A tab of the header: moving through the site the way a user does, without a page load. */
const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

/** Waits until the listings of the page have arrived (their placeholders are gone). */
const listingsLoaded = (page: Page) => expect(page.getByLabel('Loading listings')).toHaveCount(0);

test('a listing uploaded from the sheet appears in My Listings and on home without a page reload', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = `r${randomBytes(3).toString('hex')}`; // one word no other run's listings contain
  const lamp = `Desk lamp ${tag}`;
  const tripod = `Travel tripod ${tag}`;
  const seller = newUser();
  await registerViaApi(request, seller);
  const { jpeg } = await photos();

  // the sign-in ends with a page load; from here on there must be none
  await signIn(page, seller);
  const expectNoReload = await watchForReloads(page);

  await test.step('before: My Listings is empty and home has not the listing', async () => {
    await tab(page, 'My Listings').click();
    await expect(page.getByText('You have not listed anything yet.')).toBeVisible();
    await tab(page, 'Home').click();
    await expect(page.getByRole('heading', { name: 'Fresh Listings' })).toBeVisible();
    await listingsLoaded(page);
    await expect(card(page, lamp)).toHaveCount(0);
  });

  await test.step('uploaded over home, with an address added in the account modal: home shows it', async () => {
    const sheet = await openUpload(page, 'camera', 'Cameras & Photo');
    await photoInput(page).setInputFiles([jpeg]);
    await fillListing(sheet, { title: lamp, price: '40', description: 'Brass, with a linen shade.' });
    // a new seller has no address: mfe_account's modal opens over the sheet, and the form picks what it saved
    await sheet.getByRole('button', { name: 'Add address' }).click();
    await addAddress(page, '1100 Congress Avenue, 78701', /Austin, TX 78701/);
    await expect(sheet.getByLabel('City')).toHaveValue('Austin');
    await submitListing(page, sheet, 'Product Uploaded Successfully');
    // OK stays home, where the sheet was opened: the page under it was read again
    await expect(page).toHaveURL(/\/$/);
    await expect(card(page, lamp)).toBeVisible();
  });

  await test.step('My Listings shows it', async () => {
    await tab(page, 'My Listings').click();
    await expect(card(page, lamp)).toBeVisible();
  });

  await test.step('uploaded over My Listings: OK stays there and shows it, and home shows it', async () => {
    const sheet = await openUpload(page, 'camera', 'Cameras & Photo');
    await photoInput(page).setInputFiles([jpeg]);
    await fillListing(sheet, { title: tripod, price: '65', description: 'Carbon legs, ball head.' });
    // the address added before is the seller's default now
    await expect(sheet.getByLabel('City')).toHaveValue('Austin');
    await submitListing(page, sheet, 'Product Uploaded Successfully');
    await expect(page).toHaveURL(/\/my-listings$/);
    await expect(card(page, tripod)).toBeVisible();
    await expect(card(page, lamp)).toBeVisible();
    await tab(page, 'Home').click();
    await expect(card(page, tripod)).toBeVisible();
    await expect(card(page, lamp)).toBeVisible();
  });

  await expectNoReload();
});
