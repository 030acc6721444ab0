import { test, expect } from '@playwright/test';
import { readMail } from '../support/mailbox';
import { mailDir } from '../servers';
import { newUser, registerViaApi } from '../support/users';

test('forgot password: mail, reset, sign in with the new password', async ({ page, request }) => {
  const user = newUser();
  await registerViaApi(request, user);

  await page.goto('/login');
  await page.getByRole('link', { name: /forgot password/i }).click();
  await expect(page).toHaveURL(/\/forget-password/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText(/we have sent a link/i)).toBeVisible();

  const mail = await readMail(mailDir, user.email);
  const link = mail.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  const newPassword = `${user.password}-new`;
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(/password has been/i)).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog')).toContainText('Login Failed');
  await page.getByRole('button', { name: 'OK' }).click();

  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: 'Upload Product' })).toBeVisible();
});
