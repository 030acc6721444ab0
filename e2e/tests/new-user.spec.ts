import { test, expect } from '@playwright/test';
import { fillListing, openUpload, photoInput, signUp, submitListing } from '../support/catalog';
import { photos } from '../support/photos';
import { newUser } from '../support/users';
import { mp4 } from '../support/videos';

test('a new user picks categories at sign-up, adds an address on the map from the upload sheet, and lists a swap with wishes and a video', async ({
  page,
}) => {
  // sign-up, the map, a listing with a video: about 45 s on one core of a slow machine
  test.setTimeout(150_000);
  const user = newUser();
  const title = `Tent ${Date.now().toString(36)}`;
  const { jpeg } = await photos();

  await test.step('signs up and picks the categories they care about', async () => {
    await signUp(page, user);
    await page.getByRole('checkbox', { name: 'Sports & Outdoors' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  const sheet = await openUpload(page, 'camp', 'Camping & Hiking');

  await test.step('fills the listing, with what they would swap it for', async () => {
    await photoInput(page).setInputFiles(jpeg);
    await fillListing(sheet, { title, price: '120', description: 'Two-person tent, used twice' });
    await sheet.getByLabel('In your words (optional)').fill('A kayak paddle');
    await sheet.getByRole('combobox', { name: 'Swap categories' }).click();
    await page.getByTitle('Vehicles & Parts').click();
    await page.keyboard.press('Escape');
  });

  await test.step('adds a video through the video step', async () => {
    await sheet.getByRole('button', { name: 'Add videos' }).click();
    const step = page.getByRole('dialog', { name: 'Add videos' });
    await step.getByRole('button', { name: 'Add to listing' }).click();
    await expect(step.getByRole('alert')).toHaveText('Videos are required.');
    await step.locator('input[type=file]').setInputFiles(mp4('campsite.mp4'));
    await step.getByRole('button', { name: 'Add to listing' }).click();
    await expect(step).toBeHidden();
    await expect(sheet.getByText('campsite.mp4')).toBeVisible();
  });

  await test.step('adds their first address, picked on the map', async () => {
    await sheet.getByRole('button', { name: 'Add address' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Address' });
    await modal.getByLabel('Address').fill('1100 Congress Avenue, 78701');
    await expect(modal.getByText('Searching…')).toHaveCount(0);
    await page
      .getByText(/Austin, TX 78701/)
      .first()
      .click();
    await expect(modal.getByRole('img', { name: 'Map of Austin TX 78701, with the 800 m around it' })).toBeVisible();
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal).toBeHidden();
    await expect(sheet.getByLabel('Zip')).toHaveValue('78701');
  });

  await submitListing(page, sheet, 'Product Uploaded Successfully');

  await test.step('the item page says what it would be swapped for, and plays the video', async () => {
    await page.getByRole('article', { name: title }).getByRole('link', { name: 'View Details' }).click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText('A kayak paddle · Vehicles & Parts')).toBeVisible();
    await expect(page.getByText('Open to offers with cash')).toBeVisible();
    await expect(page.locator('video')).toHaveCount(1);
  });
});
