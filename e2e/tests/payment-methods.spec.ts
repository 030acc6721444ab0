import { readFileSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/catalog';
import { dumpDatabase } from '../support/database';
import { newUser, registerViaApi } from '../support/users';
import { apiURL, paymentsURL, serverLogFile } from '../servers';

/** Stripe's documented test cards, as typed (the form groups the digits as they come). */
const CARDS = { visa: '4242424242424242', declined: '4000000000000002', authenticate: '4000002500003155' };

async function fillCard(page: Page, number: string) {
  const dialog = page.getByRole('dialog', { name: 'Add Card' });
  await dialog.getByLabel('Card holder name').fill('Casey Cardholder');
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Add Card' }).click();
  return dialog;
}

test('cards: 4242 saved, 0002 refused, 3155 authenticated at the provider, default, delete — the number never reaches us', async ({
  page,
  request,
}) => {
  const provider = paymentsURL;
  const user = newUser();
  await registerViaApi(request, user);
  await signIn(page, user);

  // every request the page sends, to us and to the provider, with its body
  const toUs: string[] = [];
  const toProvider: string[] = [];
  page.on('request', (r) => {
    const line = `${r.method()} ${r.url()} ${r.postData() ?? ''}`;
    (r.url().startsWith(provider) ? toProvider : toUs).push(line);
  });

  await page.goto('/payment-methods');
  await expect(page.getByText('No cards saved yet')).toBeVisible();
  const cards = page.getByRole('list', { name: 'Your cards' });

  // 4242: saved, and the default as the first card
  await page.getByRole('button', { name: 'Add Card' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Card' }).getByRole('img', { name: 'Visa' }).first()).toBeVisible();
  await fillCard(page, CARDS.visa);
  const visa = cards.getByRole('listitem', { name: 'Visa ending in 4242' });
  await expect(visa).toBeVisible();
  await expect(visa.getByText('Default')).toBeVisible();
  await expect(visa.getByText('Expires 12/34')).toBeVisible();

  // 0002: the provider's refusal, in the form; nothing saved
  await page.getByRole('button', { name: 'Add Card' }).click();
  const refused = await fillCard(page, CARDS.declined);
  await expect(refused.getByText('Your card was declined.')).toBeVisible();
  await refused.getByRole('button', { name: 'Cancel' }).click();
  await expect(cards.getByRole('listitem')).toHaveCount(1);

  // 3155: the provider's own authentication page, then back here with the card saved
  await page.getByRole('button', { name: 'Add Card' }).click();
  await fillCard(page, CARDS.authenticate);
  await page.waitForURL((url) => url.href.startsWith(provider));
  await expect(page.getByRole('heading', { name: '3D Secure authentication' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await page.waitForURL((url) => url.pathname === '/payment-methods' && !url.search);
  const authenticated = cards.getByRole('listitem', { name: 'Visa ending in 3155' });
  await expect(authenticated).toBeVisible();
  await expect(cards.getByRole('listitem')).toHaveCount(2);

  // the default moves, and comes first
  await authenticated.getByRole('button', { name: 'Make Default: Visa ending in 3155' }).click();
  await expect(cards.getByRole('listitem').first()).toHaveAccessibleName('Visa ending in 3155');
  await expect(authenticated.getByText('Default')).toBeVisible();

  // delete asks first
  await visa.getByRole('button', { name: 'Delete Visa ending in 4242' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this card?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await page.reload();
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await expect(cards.getByRole('listitem').first()).toHaveAccessibleName('Visa ending in 3155');

  // the provider received each number; our apiURL, its log and its database none
  const numbers = Object.values(CARDS);
  const sentToProvider = toProvider.join('\n');
  for (const number of numbers) expect(sentToProvider).toContain(number);
  const sentToUs = toUs.join('\n');
  expect(sentToUs).toContain('/api/attach/customer');
  const log = readFileSync(serverLogFile, 'utf8');
  const dump = await dumpDatabase();
  expect(dump).toContain(user.email);
  for (const number of numbers) {
    const spaced = number.replace(/(\d{4})(?=\d)/g, '$1 ');
    for (const [where, text] of [
      ['requests to our api', sentToUs],
      ['server log', log],
      ['database', dump],
    ]) {
      expect({ where, number: text.includes(number) || text.includes(spaced) }).toEqual({ where, number: false });
    }
  }
});

test('the Payment Methods page and its Add Card dialog, on a phone and a desktop: no serious accessibility violation', async ({
  page,
  request,
}) => {
  // axe on a page and a dialog at two widths: about 50 s on one core of a slow machine
  test.setTimeout(150_000);
  const user = newUser();
  await registerViaApi(request, user);
  // a saved card, as a mobile app saves one: the card to the provider, its id to the api
  const { Content } = await (await request.post(`${apiURL}/api/user/signin`, { data: user })).json();
  const tokenized = await request.post(`${paymentsURL}/v1/payment_methods`, {
    form: {
      type: 'card',
      'card[number]': CARDS.visa,
      'card[exp_month]': '12',
      'card[exp_year]': '2034',
      'card[cvc]': '123',
      key: 'pk_test_sandbox',
    },
  });
  const { id: paymentMethodId } = await tokenized.json();
  const saved = await request.post(`${apiURL}/api/attach/customer`, {
    headers: { Authorization: `Bearer ${Content.token}` },
    data: { paymentMethodId },
  });
  expect(saved.status()).toBe(200);

  await signIn(page, user);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/payment-methods');
    await expect(page.getByRole('listitem', { name: 'Visa ending in 4242' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Bank Details' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add Card' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Card' }).getByLabel('Card number')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  }
});
