import { test, expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { signIn } from '../support/catalog';
import { expectLedgerInvariants } from '../support/ledger';
import { sellerWithListing } from '../support/listings';
import { advanceParcel, closeInspectionWindow, labelBought, orderReaches } from '../support/orders';
import { passDetailsDeadline, swapCardMoney, swapOf, swapReaches } from '../support/swaps';
import { xsrfHeaders, type TestUser } from '../support/users';
import { baseURL, JOBS_ACT_WITHIN_MS } from '../servers';

/**
 * Issue 14's journeys, in two browsers: a swap with extra cash, countered, accepted, shipped both ways (a
 * platform label one way, the sender's own courier the other), delivered, its windows closed, both listings
 * Swapped and the cash in the receiver's balance less the fee; and a swap abandoned when the receiver never
 * gives their details, its cash refunded to the card.
 */

const VISA = '4242424242424242';

interface Signed {
  user: TestUser;
  context: BrowserContext;
  page: Page;
}

/** A new member with a swap-only listing, signed in in a browser of their own, with a card saved. */
async function memberWithListing(browser: Browser, title: string) {
  const { seller, listingId } = await sellerWithListing(title, undefined, 'swap-only');
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, seller);
  await page.goto('/payment-methods');
  await page.getByRole('button', { name: 'Add Card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Card' });
  await dialog.getByLabel('Card holder name').fill(seller.firstName);
  await dialog.getByLabel('Card number').fill(VISA);
  await dialog.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Add Card' }).click();
  await expect(page.getByRole('listitem', { name: 'Visa ending in 4242' })).toBeVisible();
  return { signed: { user: seller, context, page } as Signed, listingId };
}

/** An offer's card, named by the listing it wants (on both sides). */
const offerCard = (page: Page, wanted: string): Locator => page.getByRole('article', { name: new RegExp(wanted) });

/** From the wanted listing's page: Swap, my listing picked, extra cash added and paid with the saved card. */
async function offerWithCash(page: Page, wantedId: number, mine: string, dollars: number) {
  await page.goto(`/item-detail/${wantedId}`);
  await page.getByRole('link', { name: 'Swap', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/swapstuff/${wantedId}`));
  await page.getByRole('button', { name: 'Select the product' }).click();
  const picker = page.getByRole('dialog', { name: 'Select the product' });
  await expect(picker.getByRole('button', { name: 'OK' })).toBeDisabled();
  await picker.getByRole('checkbox', { name: mine }).click();
  await picker.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('radio', { name: 'I add cash' }).check();
  await page.getByRole('spinbutton', { name: 'Cash you add, in dollars' }).fill(String(dollars));
  await page
    .getByRole('region', { name: 'Payment' })
    .getByRole('radio', { name: /Visa ending in 4242/ })
    .check();
  await expect(page.getByText(`You pay $${dollars}.00 now`)).toBeVisible();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page).toHaveURL(/\/swap-requests\?tab=sent/);
}

/** The receiver accepts with their preferred delivery address. */
async function acceptOffer(page: Page, theirTitle: string) {
  await page.goto('/swap-requests?tab=received');
  await offerCard(page, theirTitle).getByRole('button', { name: 'Accept', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Preferred delivery address' });
  await dialog.getByRole('radio').first().check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(offerCard(page, theirTitle).getByTestId('offer-status')).toHaveText('Status: Accepted');
}

async function giveDetails(page: Page, tab: 'sent' | 'received', title: string, shipping: RegExp) {
  await page.goto(`/swap-requests?tab=${tab}`);
  const card = offerCard(page, title);
  await expect(card.getByRole('timer')).toHaveText(/^7[01]:\d\d:\d\d$/);
  await card.getByRole('button', { name: 'Give swap details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Give swap details' });
  await dialog.getByRole('radio').first().check();
  await dialog.getByRole('radio', { name: shipping }).check();
  await dialog.getByRole('button', { name: 'Save details' }).click();
  await expect(dialog).toBeHidden();
}

test('a swap with cash, countered, accepted, shipped both ways, delivered and completed', async ({ browser }) => {
  // two users, both legs shipped and delivered through the jobs: about 115 s on one core of a slow machine
  test.setTimeout(360_000);
  const a = await memberWithListing(browser, 'Brass lamp');
  const b = await memberWithListing(browser, 'Oak chair');

  // A offers the lamp plus $20 for B's chair
  await offerWithCash(a.signed.page, b.listingId, 'Brass lamp', 20);
  await expect(offerCard(a.signed.page, 'Oak chair')).toContainText('You add $20.00');

  // B counters asking for $30
  const pageB = b.signed.page;
  await pageB.goto('/swap-requests?tab=received');
  await expect(offerCard(pageB, 'Oak chair')).toContainText('They add $20.00');
  await offerCard(pageB, 'Oak chair').getByRole('button', { name: 'Counter' }).click();
  const counter = pageB.getByRole('dialog', { name: 'Counter-offer' });
  await counter.getByRole('radio', { name: 'I ask for cash' }).check();
  await counter.getByRole('spinbutton', { name: 'Cash you ask for, in dollars' }).fill('30');
  await counter.getByRole('button', { name: 'Send counter-offer' }).click();
  await expect(counter).toBeHidden();
  await expect(offerCard(pageB, 'Oak chair')).toContainText('They add $30.00');

  // A sees what changed and accepts the counter, paying $30 (the $20 goes back to the card)
  const pageA = a.signed.page;
  await pageA.goto('/swap-requests?tab=sent');
  await offerCard(pageA, 'Oak chair').getByRole('button', { name: 'View Offer' }).click();
  const versions = pageA.getByRole('dialog', { name: 'View Offer' });
  await expect(versions).toContainText('Cash: $20.00 from you → $30.00 from you');
  await pageA.keyboard.press('Escape');
  await expect(versions).toBeHidden();
  await offerCard(pageA, 'Oak chair').getByRole('button', { name: 'Accept counter-offer' }).click();
  const agree = pageA.getByRole('dialog', { name: 'Accept counter-offer' });
  await agree.getByRole('radio', { name: /Visa ending in 4242/ }).check();
  await agree.getByRole('button', { name: 'Accept counter-offer' }).click();
  await expect(agree).toBeHidden();
  await expect(offerCard(pageA, 'Oak chair')).toContainText('Waiting for them');

  // B accepts; both listings are in trade and the 72 hours start
  await acceptOffer(pageB, 'Oak chair');
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await pageB.setViewportSize(size);
    expect(await seriousViolations(pageB)).toEqual([]);
  }

  // both give their details: A ships with a platform label, B with their own courier
  await giveDetails(pageA, 'sent', 'Oak chair', /Platform label/);
  await giveDetails(pageB, 'received', 'Oak chair', /My own courier/);
  const swap = await swapOf(b.listingId);
  expect(swap.legs).toHaveLength(2);
  // the sender's leg (A ships the lamp) and the receiver's (B ships the chair)
  const [legA, legB] = swap.legs;

  // A's label, bought by the job, printed from My Orders; the carrier delivers it
  await labelBought(legA.id);
  await pageA.goto('/my-orders?kind=swap');
  const sent = pageA.getByRole('article', { name: /Brass lamp/ });
  await expect(sent.getByRole('button', { name: 'Print Label' })).toBeVisible();
  const label = await pageA.request.get(`/api/initiate/shiping/${legA.id}`, { headers: await xsrfHeaders(pageA) });
  const tracking = ((await label.json()) as { Content: { tracking_number: string } }).Content.tracking_number;
  await advanceParcel(pageA.request, tracking, 'DELIVERED');

  // B adds their own courier's tracking number; the carrier service follows that parcel too and delivers it
  await pageB.goto('/my-orders?kind=swap');
  await pageB
    .getByRole('article', { name: /Oak chair/ })
    .getByRole('button', { name: 'Add Tracking Info' })
    .click();
  const trackingDialog = pageB.getByRole('dialog', { name: 'Add Tracking Info' });
  const courierNumber = `1Z999AA1${String(Date.now()).slice(-10)}`;
  await trackingDialog.getByLabel('Company Name').fill('UPS');
  await trackingDialog.getByLabel('Tracking Number').fill(courierNumber);
  await trackingDialog.getByRole('button', { name: 'Submit' }).click();
  await expect(trackingDialog).toBeHidden();
  await pageA.goto('/my-purchases?kind=swap');
  const received = pageA.getByRole('article', { name: /Oak chair/ });
  await expect(received.getByRole('button', { name: 'Mark as received' })).toBeVisible();
  // the outbox registers the number with the carrier service a moment later: until then the carrier has no such parcel
  await expect(() => advanceParcel(pageB.request, courierNumber, 'DELIVERED')).toPass({ timeout: JOBS_ACT_WITHIN_MS });
  await orderReaches(legA.id, 'Delivered');
  await orderReaches(legB.id, 'Delivered');
  await pageA.reload();
  await expect(received.getByRole('button', { name: 'Mark as received' })).toBeHidden();

  // both windows close (time passes); the orders' job completes the legs, then the swap
  await closeInspectionWindow(legA.id);
  await closeInspectionWindow(legB.id);
  await swapReaches(b.listingId, 'Completed');

  await pageA.goto('/swap-requests?tab=sent');
  await expect(offerCard(pageA, 'Oak chair').getByTestId('offer-status')).toHaveText('Status: Completed');
  for (const [page, id] of [
    [pageA, a.listingId],
    [pageB, b.listingId],
  ] as const) {
    await page.goto(`/item-detail/${id}`);
    await expect(page.getByRole('article').getByText('Swapped', { exact: true })).toBeVisible();
  }
  // B's balance: the $30 less the platform's 5 % fee on it
  await pageB.goto('/my-orders');
  await expect(pageB.getByTestId('balance-available')).toHaveText('$28.50');
  // A's card: $20 charged and refunded, $30 charged and kept
  expect(await swapCardMoney(pageA.request, swap.id)).toEqual([
    { charged: 2000, refunded: 2000 },
    { charged: 3000, refunded: 0 },
  ]);
  await expectLedgerInvariants();
});

test('a swap whose receiver never gives their details is abandoned after 72 hours and the cash refunded', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const a = await memberWithListing(browser, 'Tin drum');
  const b = await memberWithListing(browser, 'Felt hat');
  await offerWithCash(a.signed.page, b.listingId, 'Tin drum', 20);
  await acceptOffer(b.signed.page, 'Felt hat');
  await giveDetails(a.signed.page, 'sent', 'Felt hat', /Platform label/);

  // B never does: the clock passes 72 hours, the swaps' job abandons the offer
  const swap = await swapOf(b.listingId);
  await passDetailsDeadline(swap.id);
  const pageA = a.signed.page;
  await swapReaches(b.listingId, 'Abandoned');
  await pageA.goto('/swap-requests?tab=sent');
  await expect(offerCard(pageA, 'Felt hat').getByTestId('offer-status')).toHaveText('Status: Abandoned');
  await offerCard(pageA, 'Felt hat').getByRole('button', { name: 'View Status' }).click();
  const status = pageA.getByRole('dialog', { name: 'View Status' });
  await expect(status.getByRole('region', { name: 'My Status' })).toContainText('not given within 72 hours');
  await expect
    .poll(() => swapCardMoney(pageA.request, swap.id), { timeout: JOBS_ACT_WITHIN_MS })
    .toEqual([{ charged: 2000, refunded: 2000 }]);
  // both listings are back on the market
  for (const [page, title] of [
    [pageA, 'Tin drum'],
    [b.signed.page, 'Felt hat'],
  ] as const) {
    await page.goto('/my-listings?status=1');
    await expect(page.getByText(title, { exact: true })).toBeVisible();
  }
  await expectLedgerInvariants();
});
