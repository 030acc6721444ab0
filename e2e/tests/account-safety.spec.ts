import { test, expect, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/catalog';
import { sellerWithListing } from '../support/listings';
import { newUser, registerViaApi } from '../support/users';
import { baseURL } from '../servers';

/**
 * Issue 15: a member blocks a seller from the seller card and the seller's listing vanishes from their search,
 * then unblocks them from Blocked Users and it is back; a member deletes their account and another browser
 * signed in as them ends its session. The two pages have no serious accessibility violation at phone and
 * desktop width.
 */

async function noSeriousViolations(page: Page): Promise<void> {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    expect(await seriousViolations(page)).toEqual([]);
  }
}

test('a member blocks a seller, whose listing vanishes from their search, then unblocks them', async ({ page }) => {
  // a search before and after, axe at two widths: about 56 s on one core of a slow machine
  test.setTimeout(180_000);
  const word = `zebra${randomBytes(3).toString('hex')}`;
  const title = `Striped lamp ${word}`;
  await sellerWithListing(title);
  const member = newUser();
  await registerViaApi(page.request, member);
  await signIn(page, member);

  const results = page.getByRole('main');
  await page.goto(`/search/all/${word}`);
  await expect(results.getByText(title)).toBeVisible();
  await results.getByText(title).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await page.getByRole('button', { name: 'More actions for Ada L.' }).click();
  await page.getByRole('menuitem', { name: 'Block User' }).click();
  const confirm = page.getByRole('dialog', { name: 'Block Ada L.?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Block User' }).click();
  await expect(page.getByText('User blocked. You will no longer see each other’s listings.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.goto(`/search/all/${word}`);
  await expect(results.getByText('Try other words, or fewer filters.')).toBeVisible();
  await expect(results.getByText(title)).toHaveCount(0);

  await page.goto('/my-profile');
  await page.getByRole('link', { name: 'Blocked Users' }).click();
  await expect(page).toHaveURL(/\/blocked-users$/);
  await expect(page.getByRole('link', { name: 'Ada L.' })).toBeVisible();
  await noSeriousViolations(page);
  await page.getByRole('button', { name: 'Unblock Ada L.' }).click();
  await expect(page.getByText('You have not blocked anyone')).toBeVisible();

  await page.goto(`/search/all/${word}`);
  await expect(results.getByText(title)).toBeVisible();
});

test('a member deletes their account: their listing is gone and their other browser’s session ends', async ({
  page,
  browser,
}) => {
  // two browsers, axe at two widths: up to 78 s on one core of a slow machine
  test.setTimeout(240_000);
  const title = `Walnut clock ${randomBytes(3).toString('hex')}`;
  const { seller, listingId } = await sellerWithListing(title);
  await signIn(page, seller);

  // the same member in another browser (a laptop beside the phone), on their profile
  const elsewhere = await browser.newContext({ baseURL });
  const other = await elsewhere.newPage();
  await signIn(other, seller);
  await other.goto('/my-profile');
  await expect(other.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();

  await page.goto('/delete-account');
  await expect(page.getByRole('heading', { name: 'Delete Account' })).toBeVisible();
  await expect(page.getByRole('radio').first()).toBeVisible();
  await noSeriousViolations(page);
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByText('Please choose a reason')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await page.getByRole('radio', { name: 'I have privacy concerns' }).check();
  await page.getByLabel('Password').fill('not-my-password');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page
    .getByRole('dialog', { name: 'Delete your account?' })
    .getByRole('button', { name: 'Delete my account' })
    .click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();

  await page.getByLabel('Password').fill(seller.password);
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page
    .getByRole('dialog', { name: 'Delete your account?' })
    .getByRole('button', { name: 'Delete my account' })
    .click();
  await expect(page.getByText('Your account has been deleted')).toBeVisible();
  await page.getByRole('button', { name: 'Go to Home' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // home as a visitor's: its calls found no ended session to send it to /login
  await expect(page).toHaveURL(/\/$/);

  // the listing's page is gone for everyone
  await page.goto(`/item-detail/${listingId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toHaveCount(0);

  // the other browser's next step finds its session ended, and signs in no more with the old password
  await other.reload();
  await expect(other).toHaveURL(/\/login\?callbackUrl=\/my-profile$/);
  await expect(other.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await other.getByLabel('Email').fill(seller.email);
  await other.getByLabel('Password').fill(seller.password);
  await other.getByRole('button', { name: 'Sign In' }).click();
  await expect(other.getByRole('dialog')).toContainText('Login Failed');
  await elsewhere.close();
});
