/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ListingStatus } from '@swapstuff/contracts';
import { bus, useSession } from '@swapstuff/sdk';
import { fakeFetch, ok, TestQueryProvider, testProduct, testUser } from '@swapstuff/sdk/testing';
import { ItemDetailPage } from './ItemDetailPage';

const { answer, calls } = fakeFetch();

const product = testProduct;

let logins: { callbackUrl?: string }[] = [];
let off = () => {};
beforeEach(() => {
  useSession.getState().reset();
  answer('GET /api/productdetail/5', ok({ product: product() }));
  answer('GET /api/product/questionaire/5', ok({ questions: [] }));
  answer('GET /api/reports/5', ok({ productId: 5, already_reported: 0 }));
  logins = [];
  off = bus.on('login:open', (request) => void logins.push(request));
});
afterEach(() => off());

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderPage() {
  const user = userEvent.setup({ delay: null });
  render(
    <MemoryRouter initialEntries={['/item-detail/5']}>
      <Routes>
        <Route path="/item-detail/:id" element={<ItemDetailPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );
  return user;
}

describe('Buy Now on the item page', () => {
  it('takes a signed-in user to the listing’s checkout', async () => {
    useSession.getState().signIn(testUser());
    const user = renderPage();
    const buyNow = await screen.findByRole('link', { name: 'Buy Now' });
    expect(buyNow.getAttribute('href')).toBe('/checkout/5');
    await user.click(buyNow);
    expect((await screen.findByTestId('where')).textContent).toBe('/checkout/5');
    expect(logins).toEqual([]);
  });

  it('asks a visitor to log in first, then goes on to the checkout', async () => {
    const user = renderPage();
    const buyNow = await screen.findByRole('link', { name: 'Buy Now' });
    // without script: the login page, which comes back to the checkout
    expect(buyNow.getAttribute('href')).toBe('/login?callbackUrl=/checkout/5');
    await user.click(buyNow);
    expect(logins).toEqual([{ callbackUrl: '/checkout/5' }]);
    expect(screen.queryByTestId('where')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Walnut desk' })).toBeTruthy();
  });

  it.each([
    ['a swap-only listing', { is_buyable: 0 as const }],
    ['a listing no longer Active', { status: ListingStatus.InProcess }],
  ])('is not offered on %s', async (_name, changes) => {
    answer('GET /api/productdetail/5', ok({ product: product(changes) }));
    useSession.getState().signIn(testUser());
    renderPage();
    await screen.findByRole('heading', { name: 'Walnut desk' });
    expect(screen.queryByRole('link', { name: 'Buy Now' })).toBeNull();
    expect(screen.queryByText('Buy Now')).toBeNull();
  });

  it('is not offered to the listing’s owner, who may edit it instead', async () => {
    useSession.getState().signIn(testUser({ id: 2 }));
    renderPage();
    await screen.findByRole('button', { name: 'Edit' });
    expect(screen.queryByText('Buy Now')).toBeNull();
  });
});

describe('the Platform Shipment calculator on the item page', () => {
  it('estimates shipping the listing’s parcel to the signed-in buyer, from its dimensions', async () => {
    useSession.getState().signIn(testUser());
    answer('POST /api/estimated/rates', ok({ minimum: 12.4, maximum: 31 }));
    const user = renderPage();
    const calculator = await screen.findByRole('region', { name: 'Shipping Calculator' });
    expect((screen.getByLabelText(/^Length/) as HTMLInputElement).value).toBe('40');
    await user.click(within(calculator).getByRole('button', { name: /Calculate/ }));
    expect(await within(calculator).findByText('$12.40 – $31.00')).toBeTruthy();
    const sent = calls.find((c) => c.url.endsWith('/api/estimated/rates'))!;
    expect(JSON.parse(String(sent.init?.body))).toMatchObject({
      productId: 5,
      length: 40,
      width: 20,
      height: 30,
      pounds: 30,
      ounces: 0,
      sizeUnit: 'inches',
    });
  });

  it('asks a visitor to log in first, and is not offered on one’s own listing or a swap-only one', async () => {
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Estimate shipping' }));
    expect(logins).toEqual([{}]);
  });

  it.each([
    [
      'the owner',
      () => answer('GET /api/productdetail/5', ok({ product: product({ user: { ...product().user, id: 7 } }) })),
    ],
    [
      'a swap-only listing',
      () => answer('GET /api/productdetail/5', ok({ product: product({ is_buyable: 0, productdimention: null }) })),
    ],
  ])('is not offered to %s', async (_who, setUp) => {
    useSession.getState().signIn(testUser());
    setUp();
    renderPage();
    await screen.findByRole('heading', { name: 'Walnut desk' });
    expect(screen.queryByRole('region', { name: 'Shipping Calculator' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Estimate shipping' })).toBeNull();
  });
});
