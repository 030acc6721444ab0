import { expect, type Locator, type Page } from '@playwright/test';
import type { TestUser } from './users';

/** Drives the site as a user does: signing in, the upload sheet, the address modal, listing cards. */

export async function signIn(page: Page, user: TestUser) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: 'Upload Product' })).toBeVisible();
}

/** Signs up as an individual through the sign-up page, and lands on the welcome step. */
export async function signUp(page: Page, user: TestUser) {
  await page.goto('/sign-up');
  await page.getByLabel('First Name').fill(user.firstName);
  await page.getByLabel('Last Name').fill(user.lastName);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(user.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/my-categories\?welcome=1$/);
}

/** A listing card, by its title. */
export const card = (page: Page, title: string) => page.getByRole('article', { name: title });

/** The upload sheet's photo picker. */
export const photoInput = (page: Page) => page.locator('input[type="file"][accept*=".gif"]');

/** The upload sheet: category step (searching), then the listing form up to its photos. */
export async function openUpload(page: Page, categorySearch: string, category: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Upload Product' }).first().click();
  const sheet = page.getByRole('dialog', { name: 'Upload Product' });
  await sheet.getByLabel('Search categories').fill(categorySearch);
  // antd hides the radio input itself; the user clicks its label
  await sheet.getByText(category, { exact: true }).click();
  await expect(sheet.getByRole('radio', { name: category })).toBeChecked();
  await sheet.getByRole('button', { name: 'Continue' }).click();
  await expect(sheet.getByText(category, { exact: true })).toBeVisible();
  return sheet;
}

export async function fillListing(sheet: Locator, fields: { title: string; price: string; description: string }) {
  await sheet.getByLabel('Title').fill(fields.title);
  await sheet.getByLabel('Amount').fill(fields.price);
  await sheet.getByLabel('Description').fill(fields.description);
  await sheet.getByText('Used', { exact: true }).click();
  await expect(sheet.getByRole('radio', { name: 'Used' })).toBeChecked();
}

/**
 * A refusal's toast, watched from before `act` starts: picking photos can keep the page and Playwright's
 * setInputFiles busy for longer than a toast stays (six photos took 6.6 s in CI; a toast shows for 3 s).
 */
export async function refusalWhile(toast: Locator, act: () => Promise<unknown>): Promise<void> {
  await Promise.all([expect(toast).toBeVisible(), act()]);
}

/**
 * The api answers a listing once every photo is re-encoded and its AVIF and WebP copies are made: with three
 * photos that took 11 s in CI, two test workers and both servers on two cores.
 */
const LISTING_SAVED_WITHIN_MS = 30_000;

/** Submit, read the result dialog, OK. */
export async function submitListing(page: Page, sheet: Locator, message: string) {
  await sheet.getByRole('button', { name: 'Submit' }).click();
  const result = page.getByRole('dialog', { name: 'Success' });
  await expect(result).toContainText(message, { timeout: LISTING_SAVED_WITHIN_MS });
  await result.getByRole('button', { name: 'OK' }).click();
  await expect(sheet).toBeHidden();
}

/**
 * In the open Add Address modal: types the line ("350 Fifth Avenue, 10118"), picks the place the search
 * offers, saves. Its ZIP is the line's last five characters.
 */
export async function addAddress(page: Page, line: string, place: RegExp) {
  const modal = page.getByRole('dialog', { name: 'Add Address' });
  await modal.getByLabel('Address').fill(line);
  // the list is final once the search has answered; antd's role="option" copies are named by the
  // place id, so the visible suggestion is picked by its text
  await expect(modal.getByText('Searching…')).toHaveCount(0);
  await page.getByText(place).first().click();
  await expect(modal.getByLabel('Zip')).toHaveValue(line.slice(-5));
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Address Added Successfully').first()).toBeVisible();
  await expect(modal).toBeHidden();
}
