import { test, expect } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { signIn } from '../support/catalog';
import { sellerWithListing } from '../support/listings';
import { newUser, registerViaApi } from '../support/users';
import { baseURL } from '../servers';

/**
 * Issue 16, acceptance 3, in two browsers: a shopper asks a question on a seller's listing; the seller's bell rises
 * without a reload, the Notifications page shows it unread under Today, opening it leads to the listing, and Mark
 * all as read clears the bell, in the seller's other tab too. Then she turns e-mail for swap offers off in
 * Notification Settings.
 */

test('a question on a listing notifies its seller live; reading clears the bell in every tab', async ({
  page: shopper,
  browser,
}, info) => {
  // two browsers and three tabs: about 96 s on one core of a slow machine
  test.setTimeout(300_000);
  const title = `Brass lantern ${randomBytes(3).toString('hex')}`;
  const { seller, listingId } = await sellerWithListing(title);
  const asker = { ...newUser(), firstName: 'Grace', lastName: 'Hopper' };
  await registerViaApi(shopper.request, asker);
  await signIn(shopper, asker);

  // the seller, in a browser of her own with two tabs, on the home page
  const sellerContext = await browser.newContext({ baseURL });
  const tab = await sellerContext.newPage();
  await signIn(tab, seller);
  const otherTab = await sellerContext.newPage();
  await otherTab.goto('/');
  await expect(tab.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

  await shopper.goto(`/item-detail/${listingId}`);
  await shopper.getByRole('button', { name: 'Ask Questions' }).click();
  const ask = shopper.getByRole('dialog', { name: 'Ask Questions' });
  await ask.getByLabel('Your question').fill('Does it take a candle or a bulb?');
  await ask.getByRole('button', { name: 'Send' }).click();
  await expect(ask).toBeHidden();

  // the bell rises in both tabs, no reload
  await expect(tab.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(otherTab.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();

  await tab.getByRole('link', { name: 'Notifications, 1 unread' }).click();
  await expect(tab).toHaveURL(/\/notification$/);
  const today = tab.getByRole('region', { name: 'Today' });
  const notice = today.getByRole('button', { name: new RegExp(`Unread: Grace H\\. asked about "${title}"`) });
  await expect(notice).toContainText('“Does it take a candle or a bulb?”');
  await expect(tab.getByText('1 unread', { exact: true })).toBeVisible();

  // opening it leads to the listing and reads it
  await notice.click();
  await expect(tab).toHaveURL(new RegExp(`/item-detail/${listingId}$`));
  await expect(tab.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(otherTab.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

  // a second question, then Mark all as read on the page clears the bell everywhere
  await shopper.getByRole('button', { name: 'Ask Questions' }).click();
  await ask.getByLabel('Your question').fill('And is the glass original?');
  await ask.getByRole('button', { name: 'Send' }).click();
  await expect(otherTab.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  await tab.goto('/notification');
  await tab.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(tab.getByText('All read')).toBeVisible();
  await expect(otherTab.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await tab.setViewportSize({ width: 390, height: 844 });
  await tab.screenshot({ path: info.outputPath('notifications-phone.png'), fullPage: true });

  // e-mail for swap offers turned off from the avatar menu's Notification Settings, and still off on a reload
  await tab.setViewportSize({ width: 1280, height: 800 });
  await tab.getByTestId('avatar-menu').click();
  await tab.getByRole('menuitem', { name: 'Notification Settings' }).click();
  await expect(tab).toHaveURL(/\/notification-settings$/);
  const offers = tab.getByRole('switch', { name: 'Swap offers' });
  await expect(offers).toBeChecked();
  await offers.click();
  await expect(tab.getByText('E-mails for Swap offers are off')).toBeVisible();
  await tab.reload();
  await expect(tab.getByRole('switch', { name: 'Swap offers' })).not.toBeChecked();
  await expect(tab.getByRole('switch', { name: 'Sales' })).toBeChecked();
  await tab.screenshot({ path: info.outputPath('notification-settings.png') });
  await sellerContext.close();
});
