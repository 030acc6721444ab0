import { test, expect } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/catalog';
import { photos } from '../support/photos';
import { newUser, registerViaApi } from '../support/users';

/** Issue 15: feedback with two photos, sent in one request and listed under the form; axe at both widths. */
test('a member sends feedback with two photos and sees it listed', async ({ page }) => {
  // two photos uploaded and re-encoded: about 68 s on one core of a slow machine
  test.setTimeout(210_000);
  const user = newUser();
  await registerViaApi(page.request, user);
  await signIn(page, user);
  await page.goto('/feedback');
  await expect(page.getByText('Nothing sent yet.')).toBeVisible();
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    expect(await seriousViolations(page)).toEqual([]);
  }

  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Please rate your experience.')).toBeVisible();
  await page.locator('label', { hasText: '4 of 5 stars, Good' }).click();
  await expect(page.getByRole('radio', { name: '4 of 5 stars, Good' })).toBeChecked();
  await page.getByRole('radio', { name: 'Swaps', exact: true }).check();
  await page.getByLabel('Message').fill('Counter-offers made my swap work.');
  const { jpeg, png } = await photos();
  await page.getByTestId('feedback-photos').setInputFiles([jpeg, png]);
  await expect(page.getByRole('img', { name: /^Photo \d: / })).toHaveCount(2);
  await page.getByRole('button', { name: 'Send' }).click();

  await expect(page.getByText('Thank you for your feedback')).toBeVisible();
  const history = page.locator('.ant-card', { hasText: 'Your previous feedback' });
  await expect(history.getByText('Counter-offers made my swap work.')).toBeVisible();
  await expect(history.getByText('4 of 5 stars, Good')).toBeVisible();
  const sent = history.getByRole('img', { name: /of your feedback$/ });
  await expect(sent).toHaveCount(2);
  await expect(sent.first()).toHaveAttribute('src', /^\/media\/images\/[0-9a-f]{64}\.jpg$/);
  await expect(page.getByLabel('Message')).toHaveValue('');
});
