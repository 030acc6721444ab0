import { test, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/catalog';
import { sellerWithListing } from '../support/listings';
import { photos } from '../support/photos';
import { newUser, registerViaApi } from '../support/users';

/**
 * Issue 15's profile journeys: an individual edits their names and phone (formatted as typed) and changes their
 * avatar (cropped square in the browser, 400 px square as served); a business edits its EIN (xx-xxxxxxx) and
 * phone. The page has no serious accessibility violation at phone and desktop width.
 */

const profileCard = (page: Page) => page.getByRole('main').locator('.ant-card').first();

test('an individual edits their profile and changes their avatar', async ({ page }) => {
  // an avatar cropped and uploaded: about 36 s on one core of a slow machine (the default timeout)
  const user = newUser();
  await registerViaApi(page.request, user);
  await signIn(page, user);
  await page.goto('/my-profile');
  await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  await expect(profileCard(page)).toContainText(`@${user.username}`);
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    expect(await seriousViolations(page)).toEqual([]);
  }

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Last Name').fill('King');
  const phone = page.getByLabel('Phone');
  await phone.pressSequentially('2125550');
  await expect(phone).toHaveValue('(212) 555-0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Invalid contact no')).toBeVisible();
  await phone.press('End');
  await phone.pressSequentially('199');
  await expect(phone).toHaveValue('(212) 555-0199');

  // a wide photo, cropped square in the browser before it is sent
  const { jpeg } = await photos();
  await page.locator('input[type="file"]').setInputFiles(jpeg);
  const crop = page.getByRole('dialog', { name: 'Crop your photo' });
  await expect(crop).toBeVisible();
  await crop.getByRole('button', { name: 'Use this' }).click();
  await expect(crop).toBeHidden();
  await expect(page.getByRole('button', { name: 'Remove photo' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Your profile has been updated')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ada King' })).toBeVisible();
  await expect(profileCard(page)).toContainText('+1 (212) 555-0199');
  const avatar = profileCard(page).locator('img').first();
  await expect(avatar).toHaveAttribute('src', /^\/media\/avatars\/[0-9a-f]{64}\.jpg$/);
  const served = await page.request.get((await avatar.getAttribute('src'))!);
  const meta = await sharp(await served.body()).metadata();
  expect([meta.width, meta.height]).toEqual([400, 400]);
  // the header's menu shows the new avatar at once
  await expect(page.getByRole('banner').locator(`img[src="${await avatar.getAttribute('src')}"]`)).toHaveCount(1);

  // after a reload, it is what the api keeps
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ada King' })).toBeVisible();
});

test('a business edits its EIN and phone, formatted as typed', async ({ page }) => {
  const id = newUser().username.slice(4);
  const business = {
    businessName: 'Acme Tools',
    businessUsername: `acme_${id}`,
    businessEINNumber: '123456789',
    businessEmail: `sales.${id}@acme.example`,
    address: '1 Main St',
    city: 'Springfield',
    state: 'Illinois',
    zip: '62701',
    phone: '(217) 555-0100',
    password: `hammer-${id}`,
  };
  const res = await page.request.post('/api/v2/register', {
    data: { ...business, confirmPassword: business.password, agreeToTerms: true },
  });
  expect(res.status()).toBe(201);
  await signIn(page, {
    firstName: '',
    lastName: '',
    username: business.businessUsername,
    email: business.businessEmail,
    password: business.password,
  });
  await page.goto('/my-profile');
  await expect(page.getByRole('heading', { name: 'Acme Tools' })).toBeVisible();
  await expect(profileCard(page)).toContainText('Business');
  await expect(profileCard(page)).toContainText('12-3456789');
  await expect(profileCard(page)).toContainText('+1 (217) 555-0100');

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('First Name')).toHaveCount(0);
  const ein = page.getByLabel('EIN Number');
  await ein.fill('');
  await ein.pressSequentially('98765432');
  await expect(ein).toHaveValue('98-765432');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('EIN must be exactly 9 digits')).toBeVisible();
  await ein.press('End');
  await ein.pressSequentially('1');
  await expect(ein).toHaveValue('98-7654321');
  const phone = page.getByLabel('Phone');
  await phone.fill('');
  await phone.pressSequentially('3125550123');
  await expect(phone).toHaveValue('(312) 555-0123');
  await page.getByLabel('Business Name').fill('Acme & Sons');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('heading', { name: 'Acme & Sons' })).toBeVisible();
  await expect(profileCard(page)).toContainText('98-7654321');
  await expect(profileCard(page)).toContainText('+1 (312) 555-0123');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await seriousViolations(page)).toEqual([]);
});

test('a visitor opens a seller’s public profile from the listing’s seller card', async ({ page }) => {
  const { seller, listingId } = await sellerWithListing('Teak bookshelf');
  await page.goto(`/item-detail/${listingId}`);
  await page.getByRole('link', { name: 'Ada L.' }).click();
  await expect(page).toHaveURL(/\/user\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ada L.' })).toBeVisible();
  await expect(page.getByText(/^Member since /)).toBeVisible();
  await expect(page.getByRole('article').getByText('Teak bookshelf')).toBeVisible();
  // what others see holds no contact details
  await expect(page.getByRole('main')).not.toContainText(seller.email);
  expect(await seriousViolations(page)).toEqual([]);
});
