import { test, expect, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { newUser, registerViaApi } from '../support/users';
import { identityURL } from '../servers';

/**
 * Issue 15, social sign-in on the site: "Continue with Google" goes through the gateway's /login-web to a real
 * OpenID Provider (our oidc-provider sandbox, which `npm start` runs as Google with SOCIAL_SANDBOX=1) and back.
 * A first sign-in makes an account and lands on My Profile's form with the proposed username; the next one
 * opens the same account; an existing password account with the same (verified) e-mail is linked; a
 * sign-in cancelled at the provider comes back to the login page with a toast.
 */

/** At the provider's pages, as the person: the e-mail is the account (its login page takes any password). */
async function signInAtProvider(page: Page, email: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${identityURL}/`));
  await page.getByPlaceholder('Enter any login').fill(email);
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // consent, once per account and client
  const consent = page.getByRole('button', { name: 'Continue' });
  await expect(consent.or(page.getByRole('button', { name: 'Account menu' }))).toBeVisible();
  if (await consent.isVisible()) await consent.click();
}

/** Logs out, which ends on the login page with a full load: its form is the page to go on from. */
async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
}

test('a first Google sign-in makes an account (username proposed, editable), the next opens it again', async ({
  page,
}) => {
  const id = randomBytes(3).toString('hex');
  // the provider names the person from the e-mail's name: the run's own part goes in the domain
  const email = `grace.hopper@${id}.gmail.example`;

  await page.goto('/login?callbackUrl=/my-likes');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await signInAtProvider(page, email);

  // a new account: My Profile's form, the username proposed from the e-mail, the names from the provider
  await expect(page).toHaveURL(/\/my-profile\?edit=1$/);
  const form = page.getByRole('main');
  await expect(form.getByLabel('Username', { exact: true })).toHaveValue(/^grace_hopper/);
  await expect(form.getByLabel('First Name', { exact: true })).toHaveValue('Grace');
  await expect(form.getByLabel('Last Name', { exact: true })).toHaveValue('Hopper');
  const username = `grace_${id}`;
  await form.getByLabel('Username', { exact: true }).fill(username);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(`@${username}`)).toBeVisible();
  await expect(page).toHaveURL(/\/my-profile$/);

  // (no navigation of our own meanwhile: the logout's load to /login could interrupt it)
  await logOut(page);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  // Google's account chooser (prompt=select_account): the provider asks again
  await signInAtProvider(page, email);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.goto('/my-profile');
  await expect(page.getByRole('main').getByText(`@${username}`)).toBeVisible();
});

test('a Google sign-in with the e-mail of a password account opens that account', async ({ page }) => {
  const member = newUser();
  await registerViaApi(page.request, member);

  // from the login page a guarded page sends a visitor to, to come back to it
  await page.goto('/my-likes');
  await expect(page).toHaveURL(/\/login\?callbackUrl=\/my-likes$/);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await signInAtProvider(page, member.email);
  await expect(page).toHaveURL(/\/my-likes$/);

  await page.goto('/my-profile');
  await expect(page.getByRole('main').getByText(`@${member.username}`)).toBeVisible();
});

test('a sign-in cancelled at the provider comes back to the login page with a toast', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(new RegExp(`^${identityURL}/`));
  await page.getByRole('link', { name: '[ Cancel ]' }).click();
  await expect(page.getByText('Sign-in was cancelled.', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2F$/);
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
});
