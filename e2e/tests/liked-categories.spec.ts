import { test, expect } from '@playwright/test';
import { signUp } from '../support/catalog';
import { listViaApi } from '../support/listings';
import { newUser } from '../support/users';

test('a new user picks the categories they care about at sign-up, and home shows those first', async ({ page }) => {
  const tag = Date.now().toString(36);
  // a Books & Media listing, then a newer one elsewhere: a visitor's home shows the newer first
  await listViaApi(`Atlas ${tag}`, 'Books & Media');
  await listViaApi(`Kettle ${tag}`, 'Home & Garden');
  // (by their order, not their place: other journeys list things meanwhile)
  const order = async () => {
    await expect(page.getByRole('article', { name: `Atlas ${tag}` })).toBeVisible();
    const titles = await page.getByRole('article').locator('h3').allTextContents();
    return [titles.indexOf(`Atlas ${tag}`), titles.indexOf(`Kettle ${tag}`)];
  };
  await page.goto('/');
  const [atlas, kettle] = await order();
  expect(kettle).toBeLessThan(atlas);

  const user = newUser();
  await signUp(page, user);

  // the welcome step
  await expect(page.getByRole('heading', { name: 'Welcome! What are you into?' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Books & Media' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/$/);
  const [atlasNow, kettleNow] = await order();
  expect(atlasNow).toBeLessThan(kettleNow);

  // and the account menu leads back to the choice, as it was saved
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'My Categories' }).click();
  await expect(page.getByRole('checkbox', { name: 'Books & Media' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Home & Garden' })).not.toBeChecked();
});
