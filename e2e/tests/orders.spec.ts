import { test, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/catalog';
import { expectLedgerInvariants } from '../support/ledger';
import { sellerWithListing } from '../support/listings';
import { advanceParcel, cardMoney, closeInspectionWindow, orderReaches } from '../support/orders';
import { makeStaff, staffSignIn } from '../support/staff';
import { photos } from '../support/photos';
import { newUser, registerViaApi, xsrfHeaders, type TestUser } from '../support/users';
import { baseURL, JOBS_ACT_WITHIN_MS } from '../servers';

/**
 * Issue 13's journeys, each on both engines: buying with platform shipping from the checkout to the seller's
 * money, with the carrier sandbox driven through its steps; and a dispute that ends in a refund to the card.
 */

/** Stripe's test cards, as typed. */
const VISA = '4242424242424242';
const MASTERCARD = '5555555555554444';

interface Signed {
  user: TestUser;
  context: BrowserContext;
  page: Page;
}

/** A user (a new one unless given, registered already) in a browser of their own, signed in. */
async function person(browser: Browser, known?: TestUser): Promise<Signed> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const user = known ?? newUser();
  if (!known) await registerViaApi(page.request, user);
  await signIn(page, user);
  return { user, context, page };
}

async function withAddress(buyer: Signed): Promise<void> {
  const res = await buyer.page.request.post('/api/user/edit/address', {
    headers: await xsrfHeaders(buyer.page),
    data: { street1: '1 Congress Ave', city: 'Austin', state: 'Texas', zip: '73301' },
  });
  expect(res.status()).toBe(201);
}

async function addCard(page: Page, number: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Card' });
  await dialog.getByLabel('Card holder name').fill('Bea Buyer');
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Add Card' }).click();
}

/** The checkout of a listing: address preselected, the cheapest courier chosen, the card chosen, paid. */
async function buyFromItemPage(page: Page, listingId: number, card: RegExp): Promise<void> {
  await page.goto(`/item-detail/${listingId}`);
  // the Platform Shipment calculator: the range over the couriers, for the listing's parcel
  const calculator = page.getByRole('region', { name: 'Shipping Calculator' });
  await calculator.getByRole('button', { name: /Calculate/ }).click();
  await expect(calculator.getByText(/\$\d+\.\d\d – \$\d+\.\d\d/)).toBeVisible();
  await page
    .getByRole('link', { name: 'Buy Now' })
    .or(page.getByRole('button', { name: 'Buy Now' }))
    .click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Choose Courier' }).click();
  const panel = page.getByRole('dialog', { name: /courier/i });
  const options = panel.getByRole('radio');
  await expect(options.first()).toBeVisible();
  expect(await options.count()).toBeGreaterThanOrEqual(3);
  await options.first().check();
  await panel.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('radio', { name: card }).check();
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(page).toHaveURL(/\/my-purchases/);
}

async function purchases(page: Page): Promise<{ id: number; product_detail: { id: number } }[]> {
  const res = await page.request.post('/api/buynow/orders', {
    headers: await xsrfHeaders(page),
    data: { type: 'purchases' },
  });
  return ((await res.json()) as { Content: { orders: { id: number; product_detail: { id: number } }[] } }).Content
    .orders;
}

async function trackingNumberOf(seller: Signed, orderId: number): Promise<string> {
  const res = await seller.page.request.get(`/api/initiate/shiping/${orderId}`, {
    headers: await xsrfHeaders(seller.page),
  });
  const body = (await res.json()) as { Description: string; Content: { tracking_number: string } | null };
  if (!res.ok() || !body.Content) throw new Error(`the label of order ${orderId}: ${res.status()} ${body.Description}`);
  return body.Content.tracking_number;
}

const orderCard = (page: Page, title: string) => page.getByRole('article', { name: new RegExp(title) });

test('buy now: saved and new card, cheapest courier, label, tracking, the window, the money, ratings, votes', async ({
  browser,
}) => {
  // two users, two cards, a label, tracking, the window's jobs, ratings: up to 180 s on one core of a slow machine
  test.setTimeout(540_000);
  const first = await sellerWithListing('Copper kettle');
  const second = await sellerWithListing('Copper pan');
  const seller = await person(browser, first.seller);
  const buyer = await person(browser);
  await withAddress(buyer);

  // a saved card first, then the checkout with it
  await buyer.page.goto('/payment-methods');
  await addCard(buyer.page, VISA);
  await expect(buyer.page.getByRole('listitem', { name: 'Visa ending in 4242' })).toBeVisible();
  await buyFromItemPage(buyer.page, first.listingId, /Visa.*4242/);
  await expect(orderCard(buyer.page, 'Copper kettle')).toBeVisible();

  // a new card, added from the checkout, which it returns to
  await buyer.page.goto(`/checkout/${second.listingId}`);
  await buyer.page.getByRole('button', { name: 'Add a new card' }).click();
  await expect(buyer.page).toHaveURL(/\/payment-methods\?redirect=/);
  await addCard(buyer.page, MASTERCARD);
  await expect(buyer.page).toHaveURL(new RegExp(`/checkout/${second.listingId}`));
  await buyer.page.getByRole('button', { name: 'Choose Courier' }).click();
  const panel = buyer.page.getByRole('dialog', { name: /courier/i });
  await panel.getByRole('radio').first().check();
  await panel.getByRole('button', { name: 'OK' }).click();
  await buyer.page.getByRole('radio', { name: /Mastercard.*4444/ }).check();
  // the checkout, filled in, on a phone and a desktop
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await buyer.page.setViewportSize(size);
    expect(await seriousViolations(buyer.page)).toEqual([]);
  }
  await buyer.page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(buyer.page).toHaveURL(/\/my-purchases/);

  const order = (await purchases(buyer.page)).find((o) => o.product_detail.id === first.listingId)!;

  // the seller prints the label
  await seller.page.goto('/my-orders');
  const sold = orderCard(seller.page, 'Copper kettle');
  await expect(sold).toBeVisible();
  expect(await seriousViolations(seller.page)).toEqual([]);
  await sold.getByRole('button', { name: 'Print Label' }).click();
  const labelDialog = seller.page.getByRole('dialog', { name: /label/i });
  await expect(labelDialog.getByRole('img', { name: 'Shipping label' })).toBeVisible();
  const [download] = await Promise.all([
    seller.page.waitForEvent('download'),
    labelDialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('shipping_label.png');
  await labelDialog.getByRole('button', { name: /close/i }).first().click();

  // the carrier takes it to the buyer
  const tracking = await trackingNumberOf(seller, order.id);
  await advanceParcel(seller.page.request, tracking, 'TRANSIT');
  await advanceParcel(seller.page.request, tracking, 'DELIVERED');
  await orderReaches(order.id, 'Delivered');
  await buyer.page.goto('/my-purchases');
  const bought = orderCard(buyer.page, 'Copper kettle');
  await expect(bought.getByText('Delivered')).toBeVisible();
  await expect(bought.getByText(/Inspection ends in \d+:\d\d:\d\d/)).toBeVisible();
  await bought.getByRole('button', { name: 'Shipping Updates' }).click();
  const updates = buyer.page.getByRole('dialog', { name: /Shipping Updates/ });
  for (const step of ['Pre-transit', 'In transit', 'Delivered'])
    await expect(updates.getByText(step).first()).toBeVisible();
  expect(await seriousViolations(buyer.page)).toEqual([]);
  await updates.getByRole('button', { name: /close/i }).first().click();

  // the window closes without a dispute: the seller's money is released, less the platform's fee
  await closeInspectionWindow(order.id);
  await orderReaches(order.id, 'Completed');
  await buyer.page.reload();
  await expect(orderCard(buyer.page, 'Copper kettle').getByText('Completed')).toBeVisible();
  await seller.page.goto('/my-orders');
  await expect(
    seller.page
      .getByRole('region', { name: /balance/i })
      .getByText('$75.00')
      .first(),
  ).toBeVisible();
  await expect(sold.getByRole('link', { name: 'Add Bank Details' })).toBeVisible();

  // each rates the other
  for (const [who, path] of [
    [buyer, '/my-purchases'],
    [seller, '/my-orders'],
  ] as const) {
    await who.page.goto(path);
    await orderCard(who.page, 'Copper kettle').getByRole('button', { name: 'Add Ratings' }).click();
    const dialog = who.page.getByRole('dialog', { name: 'Add Ratings' });
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    const stars = dialog.getByRole('slider', { name: 'Your rating' });
    await stars.focus();
    for (let i = 0; i < 9; i += 1) await stars.press('ArrowRight');
    await expect(dialog.getByText('Excellent', { exact: true })).toBeVisible();
    await dialog.getByLabel('Comments').fill('Smooth from start to finish, thank you');
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(dialog).toBeHidden();
    await expect(orderCard(who.page, 'Copper kettle').getByRole('button', { name: 'Add Ratings' })).toBeHidden();
  }

  // a third user finds the seller's review helpful, then changes their mind
  const third = await person(browser);
  const sellerId = (
    (await (await seller.page.request.get('/api/userdetail', { headers: await xsrfHeaders(seller.page) })).json()) as {
      Content: { user: { id: number } };
    }
  ).Content.user.id;
  await third.page.goto(`/user/${sellerId}/reviews`);
  const review = third.page.getByRole('article').filter({ hasText: 'Smooth from start to finish' });
  await expect(review).toBeVisible();
  expect(await seriousViolations(third.page)).toEqual([]);
  // the card shows a vote at once and sends it after the one before: the reload waits for both answers
  let votesAnswered = 0;
  third.page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/review/vote') votesAnswered += 1;
  });
  await review.getByRole('button', { name: /^Helpful/ }).click();
  await expect(review.getByRole('button', { name: /^Helpful/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(review.getByRole('button', { name: /^Helpful/ })).toContainText('1');
  await review.getByRole('button', { name: /^Not helpful/ }).click();
  await expect(review.getByRole('button', { name: /^Not helpful/ })).toContainText('1');
  await expect(review.getByRole('button', { name: /^Helpful/ })).toContainText('0');
  await expect.poll(() => votesAnswered, { message: 'both votes answered' }).toBe(2);
  await third.page.reload();
  await expect(
    third.page
      .getByRole('article')
      .filter({ hasText: 'Smooth from start to finish' })
      .getByRole('button', { name: /^Not helpful/ }),
  ).toHaveAttribute('aria-pressed', 'true');

  await expectLedgerInvariants();
  for (const who of [seller, buyer, third]) await who.context.close();
});

test('a dispute with two photos holds the money; support refunds it to the card', async ({ browser }) => {
  // an order delivered, a dispute with two photos, support's refund: about 96 s on one core of a slow machine
  test.setTimeout(300_000);
  const listing = await sellerWithListing('Glass vase');
  const seller = await person(browser, listing.seller);
  const buyer = await person(browser);
  await withAddress(buyer);
  await buyer.page.goto('/payment-methods');
  await addCard(buyer.page, VISA);
  await expect(buyer.page.getByRole('listitem', { name: 'Visa ending in 4242' })).toBeVisible();
  await buyFromItemPage(buyer.page, listing.listingId, /Visa.*4242/);
  const order = (await purchases(buyer.page)).find((o) => o.product_detail.id === listing.listingId)!;
  await advanceParcel(buyer.page.request, await trackingNumberOf(seller, order.id), 'DELIVERED');
  await orderReaches(order.id, 'Delivered');

  await buyer.page.goto('/my-purchases');
  const card = orderCard(buyer.page, 'Glass vase');
  await card.getByRole('button', { name: 'Create Dispute' }).click();
  const dialog = buyer.page.getByRole('dialog', { name: /Dispute/ });
  await dialog.getByLabel(/type/i).click();
  await buyer.page.getByTitle('Item damaged').click();
  await dialog.getByLabel(/reason/i).fill('It arrived in three pieces');
  const { jpeg, png } = await photos();
  await dialog.locator('input[type="file"]').setInputFiles([
    { name: jpeg.name, mimeType: jpeg.mimeType, buffer: jpeg.buffer },
    { name: png.name, mimeType: png.mimeType, buffer: png.buffer },
  ]);
  await expect(dialog.getByRole('img', { name: /^Photo \d: / })).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(card.getByText('Disputed')).toBeVisible();
  await expect(card.getByRole('button', { name: 'View Dispute' })).toBeVisible();

  // the money stays held: the seller's sale is still pending, nothing available
  const balance = async () =>
    (
      (await (
        await seller.page.request.get('/api/payouts/balance', { headers: await xsrfHeaders(seller.page) })
      ).json()) as {
        Content: { balance: { pending: string; available: string } };
      }
    ).Content.balance;
  expect(await balance()).toMatchObject({ pending: '75.00', available: '0.00' });

  // support refunds it in full, back to the card
  const support = await person(browser);
  await makeStaff(support.user.email, 'support');
  await staffSignIn(support.page, support.user);
  const refunded = await support.page.request.get(`/api/refund/${order.id}`, {
    headers: await xsrfHeaders(support.page),
  });
  expect(refunded.status()).toBe(200);
  // the decision's event moves the money, through the job runner
  const refundedInFull = async () => {
    const money = await cardMoney(buyer.page.request, order.id);
    return money.charged > 7500 && money.refunded === money.charged;
  };
  await expect.poll(refundedInFull, { message: 'the card refunded in full', timeout: JOBS_ACT_WITHIN_MS }).toBe(true);
  await buyer.page.reload();
  await card.getByRole('button', { name: 'View Dispute' }).click();
  await expect(buyer.page.getByText(/Support refunded the buyer in full/)).toBeVisible();
  expect(await balance()).toMatchObject({ pending: '0.00', available: '0.00' });

  await expectLedgerInvariants();
  for (const who of [seller, buyer, support]) await who.context.close();
});
