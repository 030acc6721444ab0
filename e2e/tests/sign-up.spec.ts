import { test, expect } from '@playwright/test';
import { newUser } from '../support/users';

test('an individual signs up after fixing a validation error', async ({ page }) => {
  const user = newUser();
  await page.goto('/sign-up');
  await expect(page.getByText('Make the Most of What You Have.')).toBeVisible();
  await page.getByLabel('First Name').fill(user.firstName);
  await page.getByLabel('Last Name').fill(user.lastName);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(`${user.password}-typo`);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Password must be matched')).toBeVisible();
  await expect(page.getByText('Accept terms and conditions to register an account')).toBeVisible();

  await page.getByLabel('Confirm Password').fill(user.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign Up' }).click();

  // signed in, on the welcome step: the categories they care about, or Skip
  await expect(page).toHaveURL(/\/my-categories\?welcome=1$/);
  await expect(page.getByRole('button', { name: 'Upload Product' })).toBeVisible();
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a business signs up with formatted phone and EIN', async ({ page }) => {
  const user = newUser();
  await page.goto('/sign-up');
  await page.getByText('Business', { exact: true }).click();
  await page.getByLabel('Business Name').fill('Lovelace Engines');
  await page.getByLabel('Business Username').fill(`biz_${user.username}`.slice(0, 20));
  await page.getByLabel('EIN Number').fill('123456789');
  await expect(page.getByLabel('EIN Number')).toHaveValue('12-3456789');
  await page.getByLabel('Business Email').fill(user.email);
  await page.getByLabel('Address').fill('1 Analytical Way');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').fill('TX');
  await page.getByLabel('Zip').fill('78701');
  await page.getByLabel('Phone').fill('51255');
  await page.getByLabel('Password', { exact: true }).click();
  await expect(page.getByText('Invalid contact no')).toBeVisible();
  await page.getByLabel('Phone').fill('5125550123');
  await expect(page.getByLabel('Phone')).toHaveValue('(512) 555-0123');
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(user.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign Up' }).click();

  // signed in, on the welcome step: the categories they care about, or Skip
  await expect(page).toHaveURL(/\/my-categories\?welcome=1$/);
  await expect(page.getByRole('button', { name: 'Upload Product' })).toBeVisible();
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/\/$/);
});
