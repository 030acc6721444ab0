/** @jest-environment jsdom */
import { StrictMode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  ListingStatus,
  messages,
  orderMessages,
  type Checkout,
  type CourierRateView,
  type FeeQuoteContent,
  type Product,
} from '@swapstuff/contracts';
import { browser, useSession } from '@swapstuff/sdk';
import {
  fakeFetch,
  ok,
  recordToasts,
  refused,
  testAddress,
  testCard,
  TestQueryProvider,
  testUser,
} from '@swapstuff/sdk/testing';
import { CheckoutPage } from './CheckoutPage';
import { readChoices } from './state';

const { calls, answer } = fakeFetch();
const toasts = recordToasts();
let assign: jest.SpyInstance;

const product = (changes: Partial<Product> = {}): Product => ({
  id: 5,
  title: 'Walnut stool',
  description: 'A stool',
  status: ListingStatus.Active,
  sales_price: '40.00',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  likes_count: '0',
  reports_count: 0,
  images: [],
  featured_image: { file_name: 'https://img.test/stool.jpg' },
  videos: [],
  user: { id: 99, avatar: null, first_name: 'Sam', last_name: 'Seller', is_business: 0, businessName: null },
  category: { id: 1, name: 'Furniture', parent_id: null },
  is_buyable: 1,
  condition: 'Used',
  address_id: 1,
  swap_product: null,
  swap_category_ids: [],
  open_for_offer: 0,
  productdimention: { length: 12, width: 12, height: 18, pounds: 6, ounces: 0, sizeUnit: 'inches' },
  questions_count: 0,
  created_at: '2025-01-01T00:00:00Z',
  ...changes,
});

const address = testAddress;
const HOME = address(11, '1 Home St', 1);
const WORK = address(12, '2 Work Ave', 0);

const card = (id: string, brand: string, last4: string, is_default: 0 | 1, exp_year = 2031) =>
  testCard(id, last4, is_default, { brand, exp_year });
const VISA = card('pm_visa', 'visa', '4242', 1);
const MASTERCARD = card('pm_mc', 'mastercard', '4444', 0);

const QUOTE: FeeQuoteContent = {
  item_price: '40.00',
  platform_fee: '2.00',
  platform_fee_unit: 'percentage',
  platform_fee_value: '5.00',
  platform_fee_floor: null,
  platform_fee_cap: null,
  platform_discount: '0.50',
  platform_discount_unit: 'percentage',
  platform_discount_value: '25.00',
  cash_amount: '0.00',
  total: '41.50',
  minimum: '41.50',
  maximum: '41.50',
};

const rate = (object_id: string, name: string, amount: number, included_insurance_price = 0): CourierRateView => ({
  object_id,
  name,
  service: 'Ground',
  amount,
  included_insurance_price,
  provider_image_200: 'https://shippo.test/logo.png',
  duration_terms: 'Delivery in 2 to 5 business days.',
  estimated_days: 3,
});
const USPS = rate('rate_usps', 'USPS', 8.35);
const UPS = rate('rate_ups', 'UPS', 12.5, 1.25);

const checkout = (changes: Partial<Checkout> = {}): Checkout => ({
  paymentIntentId: 'pi_1',
  status: 'requires_capture',
  redirectUrl: null,
  amounts: { item: '40.00', shipping: '8.35', fee: '2.00', discount: '0.50', total: '49.85' },
  ...changes,
});

const order = { id: 300, kind: 'buynow' };

beforeEach(() => {
  window.sessionStorage.clear();
  useSession.getState().reset();
  useSession.getState().signIn(testUser());
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
  answer('GET /api/productdetail/5', ok({ product: product() }));
  answer('GET /api/user/address', ok({ address: [WORK, HOME] }));
  answer('GET /api/stripe/cards', ok({ cards: [MASTERCARD, VISA] }));
  answer('GET /api/protected/rate?price=40.00', ok(QUOTE));
  answer('POST /api/get/shippments', ok({ rates: [USPS, UPS] }));
});
afterEach(() => assign.mockRestore());

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderAt(url: string) {
  const user = userEvent.setup({ delay: null });
  // strict mode at the root (React runs each effect twice on mount only there): the return from the
  // bank must confirm once all the same
  const view = render(
    <StrictMode>
      <TestQueryProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route
              path="/checkout/:id"
              element={
                <>
                  <CheckoutPage />
                  <Where />
                </>
              }
            />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </TestQueryProvider>
    </StrictMode>,
  );
  return { user, ...view };
}

const where = () => screen.getByTestId('where').textContent;
const region = (name: string) => screen.getByRole('region', { name });
const payButton = () => screen.getByRole('button', { name: /^Pay/ }) as HTMLButtonElement;
const sent = (method: string, url: string) =>
  calls
    .filter((c) => c.url === url && (c.init?.method ?? 'GET') === method)
    .map((c) => JSON.parse(String(c.init?.body)));
const breakdown = () => {
  const list = screen.getByLabelText('Price breakdown');
  return [...list.querySelectorAll('div')].map((row) => row.textContent);
};

async function chooseCourier(user: ReturnType<typeof userEvent.setup>, name: RegExp) {
  await user.click(within(region('Courier')).getByRole('button', { name: 'Choose Courier' }));
  const panel = await screen.findByRole('dialog', { name: 'Select Courier' });
  await user.click(await within(panel).findByRole('radio', { name }));
  await user.click(within(panel).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Select Courier' })).toBeNull());
}

/** The page with its listing, addresses, cards and price loaded. */
async function loaded(url = '/checkout/5') {
  const rendered = renderAt(url);
  await screen.findByRole('heading', { name: 'Checkout' });
  await waitFor(() => expect(within(region('Delivery address')).getByText(/1 Home St/)).toBeTruthy());
  await waitFor(() => expect(within(region('Payment')).getAllByRole('radio')).toHaveLength(2));
  await waitFor(() => expect(breakdown()).toHaveLength(5));
  return rendered;
}

describe('/checkout/:id', () => {
  it('shows the listing, quantity one, the default address and card, and the price without shipping', async () => {
    await loaded();
    const item = region('Item');
    expect(within(item).getByRole('link', { name: 'Walnut stool' }).getAttribute('href')).toBe('/item-detail/5');
    expect(item.textContent).toContain('$40.00');
    expect(item.textContent).toContain('Quantity: 1');
    expect(item.querySelector('img')?.getAttribute('src')).toBe('https://img.test/stool.jpg');

    expect(region('Delivery address').textContent).toContain('1 Home St, New York, NY 10001');
    expect(within(region('Courier')).getByText(orderMessages.chooseCourier)).toBeTruthy();

    const radios = within(region('Payment')).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Visa ending in 4242, expires 04/31',
      'Mastercard ending in 4444, expires 04/31',
    ]);
    expect(radios[0].checked).toBe(true);

    expect(breakdown()).toEqual([
      'Item$40.00',
      'ShippingChoose a courier',
      'Platform fee$2.00',
      'Discount-$0.50',
      'Total—',
    ]);
    expect(payButton().disabled).toBe(true);
    expect(payButton().textContent).toBe('Pay');
  });

  it('quotes the couriers for the address, adds the chosen one’s amount, and pays: authorized, then placed', async () => {
    answer('POST /api/buynow/initialize-payment', ok({ checkout: checkout() }));
    answer('POST /api/buynow/confirm-payment', ok({ order }, orderMessages.orderPlaced));
    const { user } = await loaded();
    await chooseCourier(user, /^USPS Ground/);

    expect(sent('POST', '/api/get/shippments')).toEqual([{ productId: 5, addressId: 11 }]);
    expect(region('Courier').textContent).toContain('USPS Ground · $8.35');
    // total = item price + fee + cash amount − discount, plus the courier
    expect(breakdown()).toEqual(['Item$40.00', 'Shipping$8.35', 'Platform fee$2.00', 'Discount-$0.50', 'Total$49.85']);
    expect(payButton().disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Pay $49.85' })).toBeTruthy();

    await user.click(payButton());
    await waitFor(() => expect(where()).toBe('/my-purchases'));
    expect(toasts).toEqual([`success: ${orderMessages.orderPlaced}`]);
    expect(sent('POST', '/api/buynow/initialize-payment')).toEqual([
      { productId: 5, addressId: 11, rateId: 'rate_usps', paymentMethodId: 'pm_visa', quantity: 1 },
    ]);
    expect(sent('POST', '/api/buynow/confirm-payment')).toEqual([{ paymentIntentId: 'pi_1' }]);
    expect(assign).not.toHaveBeenCalled();
    // the next checkout starts afresh
    expect(readChoices('5')).toEqual({});
  });

  it('charges the courier’s fee as the panel shows it (amount less the insurance Swapstuff pays), as the api does', async () => {
    const { user } = await loaded();
    await chooseCourier(user, /^UPS Ground/);
    expect(region('Courier').textContent).toContain('UPS Ground · $11.25');
    expect(region('Courier').textContent).toContain('insured for you by Swapstuff');
    expect(breakdown()[1]).toBe('Shipping$11.25');
    expect(screen.getByRole('button', { name: 'Pay $52.75' })).toBeTruthy();
  });

  it('pays with the card chosen; an expired card cannot be chosen', async () => {
    answer('GET /api/stripe/cards', ok({ cards: [VISA, MASTERCARD, card('pm_old', 'amex', '0005', 0, 2020)] }));
    answer('POST /api/buynow/initialize-payment', ok({ checkout: checkout() }));
    answer('POST /api/buynow/confirm-payment', ok({ order }));
    const { user } = renderAt('/checkout/5');
    const old = await screen.findByRole('radio', { name: /American Express ending in 0005, expires 04\/20, expired/ });
    expect((old as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: /Mastercard ending in 4444/ }));
    await chooseCourier(user, /^USPS Ground/);
    await user.click(payButton());
    await waitFor(() => expect(where()).toBe('/my-purchases'));
    expect(sent('POST', '/api/buynow/initialize-payment')[0].paymentMethodId).toBe('pm_mc');
  });

  it('Change opens the Preferred delivery address dialog; another address needs a courier quoted for it', async () => {
    const { user } = await loaded();
    await chooseCourier(user, /^USPS Ground/);
    await user.click(within(region('Delivery address')).getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preferred delivery address' });
    const radios = within(dialog).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual([
      '1 Home St, New York, NY 10001 (default)',
      '2 Work Ave, New York, NY 10001',
    ]);
    expect(radios[0].checked).toBe(true);
    await user.click(radios[1]);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Preferred delivery address' })).toBeNull());

    expect(region('Delivery address').textContent).toContain('2 Work Ave');
    expect(within(region('Courier')).getByText(orderMessages.chooseCourier)).toBeTruthy();
    expect(payButton().disabled).toBe(true);
    await chooseCourier(user, /^UPS Ground/);
    expect(sent('POST', '/api/get/shippments')).toEqual([
      { productId: 5, addressId: 11 },
      { productId: 5, addressId: 12 },
    ]);
    expect(readChoices('5')).toMatchObject({ addressId: 12, rate: { addressId: 12, rate: { object_id: 'rate_ups' } } });
  });

  it('with no address: Next stays disabled, and Add Address goes to /address and comes back to the new one', async () => {
    answer('GET /api/user/address', ok({ address: [] }));
    const { user, unmount } = renderAt('/checkout/5');
    await screen.findByText(orderMessages.addressRequired, { selector: '.ant-typography' });
    expect(
      (within(region('Courier')).getByRole('button', { name: 'Choose Courier' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(within(region('Delivery address')).getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preferred delivery address' });
    expect((within(dialog).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Add Address' }));
    await waitFor(() => expect(where()).toBe('/address?redirect=/checkout/5'));
    unmount();

    // /address adds one and sends the user back
    answer('GET /api/user/address', ok({ address: [HOME] }));
    await loaded();
    expect(region('Delivery address').textContent).toContain('1 Home St');
  });

  it('an address added from the checkout is the one chosen on return', async () => {
    const { user, unmount } = await loaded();
    await user.click(within(region('Delivery address')).getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preferred delivery address' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Address' }));
    await waitFor(() => expect(where()).toBe('/address?redirect=/checkout/5'));
    unmount();

    answer('GET /api/user/address', ok({ address: [HOME, WORK, address(13, '3 New Rd', 0)] }));
    renderAt('/checkout/5');
    await waitFor(() => expect(region('Delivery address').textContent).toContain('3 New Rd'));
  });

  it('Add a new card goes to /payment-methods and back, with the new card chosen', async () => {
    const { user, unmount } = await loaded();
    await user.click(within(region('Payment')).getByRole('button', { name: 'Add a new card' }));
    await waitFor(() => expect(where()).toBe('/payment-methods?redirect=/checkout/5'));
    unmount();

    answer('GET /api/stripe/cards', ok({ cards: [VISA, MASTERCARD, card('pm_new', 'discover', '1117', 0)] }));
    renderAt('/checkout/5');
    const fresh = await screen.findByRole('radio', { name: /Discover ending in 1117/ });
    await waitFor(() => expect((fresh as HTMLInputElement).checked).toBe(true));
  });

  it('keeps the choices over a reload of the page', async () => {
    const { user, unmount } = await loaded();
    await user.click(screen.getByRole('radio', { name: /Mastercard ending in 4444/ }));
    await chooseCourier(user, /^USPS Ground/);
    unmount();
    renderAt('/checkout/5');
    expect(await screen.findByRole('button', { name: 'Pay $49.85' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Mastercard ending in 4444/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('couriers refused for the route: the spec’s message in the panel', async () => {
    answer('POST /api/get/shippments', refused(422, orderMessages.couriersNotAvailable));
    const { user } = await loaded();
    await user.click(within(region('Courier')).getByRole('button', { name: 'Choose Courier' }));
    const panel = await screen.findByRole('dialog', { name: 'Select Courier' });
    expect(await within(panel).findByText(orderMessages.couriersNotAvailable)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: /Refresh/ })).toBeTruthy();
  });

  it('a card the bank wants authenticated goes to the bank’s page; back, the payment is confirmed once', async () => {
    const redirectUrl = 'https://pay.sandbox.test/sandbox/authenticate/pi_3ds';
    answer(
      'POST /api/buynow/initialize-payment',
      ok({ checkout: checkout({ paymentIntentId: 'pi_3ds', status: 'requires_action', redirectUrl }) }),
    );
    const { user, unmount } = await loaded();
    await chooseCourier(user, /^USPS Ground/);
    await user.click(screen.getByRole('button', { name: 'Pay $49.85' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(redirectUrl));
    expect(screen.getByText('Taking you to your bank to confirm this payment…')).toBeTruthy();
    expect(sent('POST', '/api/buynow/confirm-payment')).toEqual([]);
    unmount();

    answer('POST /api/buynow/confirm-payment', ok({ order }, orderMessages.orderPlaced));
    renderAt('/checkout/5?payment_intent=pi_3ds&payment_intent_client_secret=pi_3ds_secret&redirect_status=succeeded');
    expect(await screen.findByText('Finishing your payment…')).toBeTruthy();
    await waitFor(() => expect(where()).toBe('/my-purchases'));
    expect(toasts).toEqual([`success: ${orderMessages.orderPlaced}`]);
    // strict mode ran the effect twice: one request
    expect(sent('POST', '/api/buynow/confirm-payment')).toEqual([{ paymentIntentId: 'pi_3ds' }]);
  });

  it('back from a bank that refused: its words by Pay, the query gone, confirmed once', async () => {
    answer('POST /api/buynow/confirm-payment', refused(402, orderMessages.paymentNotAuthorized));
    renderAt('/checkout/5?payment_intent=pi_refused&redirect_status=failed');
    expect(await screen.findByText(orderMessages.paymentNotAuthorized)).toBeTruthy();
    await waitFor(() => expect(where()).toBe('/checkout/5'));
    expect(sent('POST', '/api/buynow/confirm-payment')).toEqual([{ paymentIntentId: 'pi_refused' }]);
    expect(toasts).toEqual([]);
  });

  it('sold to someone else first: a result panel with a link home', async () => {
    answer('POST /api/buynow/initialize-payment', ok({ checkout: checkout({ paymentIntentId: 'pi_late' }) }));
    answer('POST /api/buynow/confirm-payment', refused(409, orderMessages.listingNotAvailable));
    const { user } = await loaded();
    await chooseCourier(user, /^USPS Ground/);
    await user.click(payButton());
    expect(await screen.findByText(orderMessages.listingNotAvailable)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Check Out New Items' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('a declined card: the provider’s words next to Pay, and Pay again with another card', async () => {
    answer(
      'POST /api/buynow/initialize-payment',
      refused(402, 'Your card was declined.'),
      ok({ checkout: checkout({ paymentIntentId: 'pi_2' }) }),
    );
    answer('POST /api/buynow/confirm-payment', ok({ order }));
    const { user } = await loaded();
    await chooseCourier(user, /^USPS Ground/);
    await user.click(payButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your card was declined.');
    expect(payButton().disabled).toBe(false);
    await user.click(screen.getByRole('radio', { name: /Mastercard ending in 4444/ }));
    expect(screen.queryByText('Your card was declined.')).toBeNull();
    await user.click(payButton());
    await waitFor(() => expect(where()).toBe('/my-purchases'));
    expect(sent('POST', '/api/buynow/initialize-payment').map((b) => b.paymentMethodId)).toEqual(['pm_visa', 'pm_mc']);
  });

  it('a courier quote that expired: the couriers are quoted again and the panel opens', async () => {
    answer('POST /api/buynow/initialize-payment', refused(400, orderMessages.chooseCourier));
    const { user } = await loaded();
    await chooseCourier(user, /^USPS Ground/);
    await user.click(payButton());
    const panel = await screen.findByRole('dialog', { name: 'Select Courier' });
    expect(await within(panel).findByRole('radio', { name: /^USPS Ground/ })).toBeTruthy();
    expect(sent('POST', '/api/get/shippments')).toHaveLength(2);
    expect(screen.getByRole('alert').textContent).toContain(orderMessages.chooseCourier);
    expect(payButton().disabled).toBe(true);
  });

  it.each([
    ['one’s own listing', { user: { ...product().user, id: 7 } }, orderMessages.ownListing],
    ['a swap-only listing', { is_buyable: 0 as const }, orderMessages.listingNotBuyable],
    ['a listing no longer Active', { status: ListingStatus.InProcess }, orderMessages.listingNotAvailable],
  ])('%s: says so, with a link back to the item', async (_name, changes, message) => {
    answer('GET /api/productdetail/5', ok({ product: product(changes) }));
    renderAt('/checkout/5');
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the item' }).getAttribute('href')).toBe('/item-detail/5');
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('a listing that does not exist: No Record Found, with a link home', async () => {
    answer('GET /api/productdetail/5', refused(404, messages.productNotFound));
    renderAt('/checkout/5');
    expect(await screen.findByText(messages.noRecordFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Check Out New Items' }).getAttribute('href')).toBe('/');
  });
});
