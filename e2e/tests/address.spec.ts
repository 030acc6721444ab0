import { test, expect } from '@playwright/test';
import { signIn } from '../support/catalog';
import { newUser, registerViaApi } from '../support/users';
import { apiURL } from '../servers';

test('the address book uses the page’s width on a desktop, and one column on a phone', async ({ page, request }) => {
  const user = newUser();
  await registerViaApi(request, user);
  // three addresses, added as a mobile app does
  const { Content } = await (await request.post(`${apiURL}/api/user/signin`, { data: user })).json();
  for (const street1 of ['1 Congress Ave', '2 Congress Ave', '3 Congress Ave']) {
    const added = await request.post(`${apiURL}/api/user/edit/address`, {
      headers: { Authorization: `Bearer ${Content.token}` },
      data: { street1, city: 'Austin', state: 'Texas', zip: '73301' },
    });
    expect(added.status()).toBe(201);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, user);
  await page.goto('/address');
  const list = page.getByRole('list', { name: 'Your addresses' });
  const heading = page.getByRole('heading', { name: 'Address', level: 1 });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  const [listBox, headingBox] = [await list.boundingBox(), await heading.boundingBox()];
  // the list spans the frame the heading and Add Address span (it sat in a 720 px column)
  expect(listBox!.width).toBeGreaterThan(1100);
  expect(Math.abs(listBox!.x - headingBox!.x)).toBeLessThan(2);
  const tops = await list.getByRole('listitem').evaluateAll((items) => items.map((i) => i.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(1);

  await page.setViewportSize({ width: 375, height: 800 });
  const narrow = await list
    .getByRole('listitem')
    .evaluateAll((items) => items.map((i) => i.getBoundingClientRect().top));
  expect(new Set(narrow).size).toBe(3);
});

test('a picked place shows on the map at zoom 13 with its 800 m, and stays with the address', async ({
  page,
  request,
}) => {
  const user = newUser();
  await registerViaApi(request, user);
  await signIn(page, user);
  await page.goto('/address');
  await page.getByRole('button', { name: 'Add Address' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Add Address' });
  await expect(modal.getByRole('img', { name: /^Map of/ })).toHaveCount(0);
  await modal.getByLabel('Address').fill('350 Fifth Avenue, 10118');
  await expect(modal.getByText('Searching…')).toHaveCount(0);
  await page
    .getByText(/New York, NY 10118/)
    .first()
    .click();
  const map = modal.getByRole('img', { name: 'Map of New York NY 10118, with the 800 m around it' });
  await expect(map).toBeVisible();
  await expect(map).toHaveAttribute('data-zoom', '13');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();

  // editing it shows the same place again
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Edit Address' }).getByRole('img', { name: /^Map of New York/ }),
  ).toBeVisible();
});
