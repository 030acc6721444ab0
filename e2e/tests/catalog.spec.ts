import { randomBytes } from 'node:crypto';
import { test, expect } from '@playwright/test';
import {
  addAddress,
  card,
  fillListing,
  openUpload,
  photoInput,
  refusalWhile,
  signIn,
  signUp,
  submitListing,
} from '../support/catalog';
import { bmp, photos, type FilePayload } from '../support/photos';
import { newUser, registerViaApi } from '../support/users';

/**
 * Issue 3's journey: an owner signs up, adds addresses and lists two items; a second user finds them,
 * likes one and asks about it; the owner answers (shown as Author), edits one title and deletes the other.
 */

test('list, find, like, ask, answer, edit and delete', async ({ page, browser, request }) => {
  // a listing with photos, two users, every step of its life: about 160 s on one core of a slow machine
  test.setTimeout(480_000);
  const tag = `k${randomBytes(3).toString('hex')}`; // one word no other run's listings contain
  const camera = `Camera kit ${tag}`;
  const lens = `Zoom lens ${tag}`;
  const owner = newUser();
  const { jpeg, png, gif } = await photos();

  await test.step('the owner signs up', async () => {
    await signUp(page, owner);
    await expect(page.getByRole('button', { name: 'Upload Product' })).toBeVisible();
  });

  await test.step('adds two addresses by ZIP code and makes the second the default', async () => {
    await page.goto('/address');
    for (const [line, place] of [
      ['350 Fifth Avenue, 10118', /New York, NY 10118/],
      ['1100 Congress Avenue, 78701', /Austin, TX 78701/],
    ] as const) {
      await page.getByRole('button', { name: 'Add Address' }).first().click();
      await addAddress(page, line, place);
    }
    const austin = page.getByRole('listitem').filter({ hasText: '1100 Congress Avenue' });
    await austin.getByRole('button', { name: 'Make Default' }).click();
    await expect(austin.getByText('Default', { exact: true })).toBeVisible();
  });

  await test.step('lists a buyable camera kit with a JPEG, a PNG and a GIF; a .bmp is refused', async () => {
    const sheet = await openUpload(page, 'camera', 'Cameras & Photo');
    await photoInput(page).setInputFiles([jpeg, png, gif]);
    await expect(sheet.locator('.ant-upload-list-item')).toHaveCount(3);
    await refusalWhile(
      page.getByText('Invalid file type. Only JPEG, PNG, JPG, and GIF formats are supported.').first(),
      () => photoInput(page).setInputFiles([bmp]),
    );
    await expect(sheet.locator('.ant-upload-list-item')).toHaveCount(3);

    await fillListing(sheet, { title: camera, price: '450', description: 'Body, two lenses and a charger.' });
    // the default address fills the place
    await expect(sheet.getByLabel('City')).toHaveValue('Austin');
    await sheet.getByRole('switch', { name: 'Allow Buyer To purchase' }).click();
    await sheet.getByLabel('Length (in)').fill('12');
    await sheet.getByLabel('Width (in)').fill('9');
    await sheet.getByLabel('Height (in)').fill('6');
    await sheet.getByLabel('Pounds').fill('3');
    await sheet.getByLabel('Ounces').fill('0');
    await submitListing(page, sheet, 'Product Uploaded Successfully');
  });

  await test.step('lists a swap-only lens; a sixth photo is refused', async () => {
    const sheet = await openUpload(page, 'camera', 'Cameras & Photo');
    const six: FilePayload[] = Array.from({ length: 6 }, (_, i) => ({ ...jpeg, name: `lens-${i + 1}.jpg` }));
    await refusalWhile(page.getByText('You can upload up to 5 images only.').first(), () =>
      photoInput(page).setInputFiles(six),
    );
    await expect(sheet.locator('.ant-upload-list-item')).toHaveCount(5);
    await fillListing(sheet, { title: lens, price: '120', description: 'Would swap for a tripod.' });
    await submitListing(page, sheet, 'Product Uploaded Successfully');
  });

  await test.step('both appear in search by keyword, by category, and by both', async () => {
    const searchBox = page.getByRole('combobox', { name: 'Search items' });
    await searchBox.fill(tag);
    await searchBox.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search/all/${tag}$`));
    await expect(page.getByText('2 results')).toBeVisible();
    await expect(card(page, camera)).toContainText('Category: Cameras & Photo');
    await expect(card(page, camera)).toContainText('$450.00');
    await expect(card(page, lens)).toContainText('Swap Category: Cameras & Photo');
    await expect(card(page, lens)).toContainText('Austin, TX');

    const categoryFilter = page.getByRole('combobox', { name: 'Filter by category' });
    await categoryFilter.click();
    await categoryFilter.fill('Cameras');
    await categoryFilter.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search/\\d+/${tag}$`));
    await expect(page.getByText('2 results')).toBeVisible();

    const categoryPath = new URL(page.url()).pathname.replace(`/${tag}`, '');
    await page.goto(`${categoryPath}?sort=newest`);
    await expect(card(page, camera)).toBeVisible();
    await expect(card(page, lens)).toBeVisible();
  });

  const shopper = newUser();
  await registerViaApi(request, shopper);
  const shopperContext = await browser.newContext();
  const shopperPage = await shopperContext.newPage();

  let itemPath = '';
  await test.step('a second user likes the camera kit and asks a question', async () => {
    await signIn(shopperPage, shopper);
    await shopperPage.goto(`/search/all/${tag}`);
    const like = card(shopperPage, camera).getByRole('button', { name: `Like ${camera}` });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');

    await card(shopperPage, camera).getByRole('link', { name: camera }).click();
    await expect(shopperPage.getByRole('heading', { level: 1, name: camera })).toBeVisible();
    itemPath = new URL(shopperPage.url()).pathname;
    expect(itemPath).toMatch(/^\/item-detail\/\d+$/);
    await expect(shopperPage.getByText('No Questions Yet')).toBeVisible();
    await expect(shopperPage.getByRole('button', { name: `Like ${camera}` })).toHaveAttribute('aria-pressed', 'true');

    // the full-screen preview counts the photos
    await shopperPage.getByRole('button', { name: 'Open photo 1 of 3 full screen' }).click();
    await expect(shopperPage.getByText('1 / 3')).toBeVisible();
    await shopperPage.keyboard.press('ArrowRight');
    await expect(shopperPage.getByText('2 / 3')).toBeVisible();
    await shopperPage.keyboard.press('Escape');

    await shopperPage.getByRole('button', { name: 'Ask Questions' }).click();
    const ask = shopperPage.getByRole('dialog', { name: 'Ask Questions' });
    await ask.getByRole('button', { name: 'Send' }).click();
    await expect(ask.getByText("Can't post an empty question")).toBeVisible();
    await ask.getByLabel('Your question').fill('Is the shutter count low?');
    await ask.getByRole('button', { name: 'Send' }).click();
    await expect(ask).toBeHidden();
    await expect(shopperPage.getByRole('list', { name: 'Questions' })).toContainText('Is the shutter count low?');

    await shopperPage.goto('/my-likes');
    await expect(card(shopperPage, camera)).toBeVisible();
  });

  await test.step('the owner answers from My Listings', async () => {
    await page.goto('/my-listings');
    await card(page, camera).getByRole('button', { name: 'View Questions (1)' }).click();
    const questions = page.getByRole('dialog', { name: `Questions · ${camera}` });
    await expect(questions).toContainText('Is the shutter count low?');
    await questions.getByLabel('Your answer').fill('About 3,000 shots.');
    await questions.getByRole('button', { name: 'Answer' }).click();
    await expect(questions.getByText('Author')).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await test.step('the second user sees the answer labelled Author', async () => {
    await shopperPage.goto(itemPath);
    const answered = shopperPage.getByRole('list', { name: 'Questions' }).getByRole('listitem').first();
    await expect(answered).toContainText('Is the shutter count low?');
    await expect(answered).toContainText('Author');
    await expect(answered).toContainText('About 3,000 shots.');
    // only the owner answers
    await expect(shopperPage.getByLabel('Your answer')).toHaveCount(0);
  });

  const renamed = `Camera bundle ${tag}`;
  await test.step('the owner edits the title and deletes the lens', async () => {
    await card(page, camera).getByRole('button', { name: 'Edit' }).click();
    const sheet = page.getByRole('dialog', { name: 'Edit Product' });
    await expect(sheet.getByLabel('Title')).toHaveValue(camera);
    await sheet.getByLabel('Title').fill(renamed);
    await sheet.getByRole('button', { name: 'Submit' }).click();
    const result = page.getByRole('dialog', { name: 'Success' });
    await expect(result).toContainText('Product Updated Successfully');
    await result.getByRole('button', { name: 'OK' }).click();
    await expect(card(page, renamed)).toBeVisible();

    await card(page, lens).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Product Deleted Successfully').first()).toBeVisible();
    await expect(card(page, lens)).toHaveCount(0);
  });

  await test.step('search shows the new title and no longer the deleted lens', async () => {
    await shopperPage.goto(`/search/all/${tag}`);
    await expect(shopperPage.getByText('1 result', { exact: true })).toBeVisible();
    await expect(card(shopperPage, renamed)).toBeVisible();
    await expect(card(shopperPage, lens)).toHaveCount(0);
  });

  await shopperContext.close();
});
