/** @jest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { messages } from '@swapstuff/contracts';
import { fakeFetch, ok, refused, TestQueryProvider } from '@swapstuff/sdk/testing';
import { MyPurchasesPage } from '../my-purchases/MyPurchasesPage';
import { testOrder, testSwapLeg } from '../orders/testOrder';
import { MyOrdersPage } from './MyOrdersPage';

const { calls, answer } = fakeFetch();

const BALANCE = { pending: '1450.00', available: '40.5', on_the_way: '0.00', paid_out: '12345.67' };
const PAYOUTS_ON = { details_submitted: 1, payouts_enabled: 1, action_required: 0, remediation_link: null };
const PAYOUTS_OFF = {
  details_submitted: 0,
  payouts_enabled: 0,
  action_required: 3,
  remediation_link: 'https://swapstuff.test/payment-methods#payouts',
};

beforeEach(() => {
  answer('POST /api/buynow/orders', ok({ orders: [testOrder()], total: 1, pageNumber: 1, perPage: 10 }));
  answer('GET /api/payouts/balance', ok({ balance: BALANCE }));
  answer('GET /api/payouts/account', ok({ payouts: PAYOUTS_ON }));
});

function renderPage(page = <MyOrdersPage />) {
  const user = userEvent.setup({ delay: null });
  render(<MemoryRouter>{page}</MemoryRouter>, { wrapper: TestQueryProvider });
  return user;
}

const amount = (key: string) => screen.getByTestId(`balance-${key}`).textContent;

describe('My Orders', () => {
  it('shows the seller’s balance above the orders of their listings, headings in order', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBeTruthy();
    const balance = screen.getByRole('region', { name: 'Your balance' });
    await waitFor(() => expect(amount('pending')).toBe('$1,450.00'));
    expect(amount('available')).toBe('$40.50');
    expect(amount('on_the_way')).toBe('$0.00');
    expect(amount('paid_out')).toBe('$12,345.67');
    expect([...balance.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
      'Pending',
      'Available',
      'On the way',
      'Paid out',
    ]);
    await screen.findByRole('article', { name: 'Walnut desk' });
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(levels).toEqual([1, 2, 2]);
    expect(JSON.parse(String(calls.find((c) => c.url === '/api/buynow/orders')?.init?.body)).type).toBe('received');
    expect(screen.queryByRole('link', { name: 'Add Bank Details' })).toBeNull();
  });

  it('until payouts are set up: Add Bank Details, a link to where they are', async () => {
    answer('GET /api/payouts/account', ok({ payouts: PAYOUTS_OFF }));
    renderPage();
    const link = await screen.findByRole('link', { name: 'Add Bank Details' });
    expect(link.getAttribute('href')).toBe('https://swapstuff.test/payment-methods#payouts');
    expect(screen.getByText('Add your bank details to be paid for what you sell.')).toBeTruthy();
  });

  it('a balance that cannot be loaded says so, with a Retry; the orders still show', async () => {
    answer('GET /api/payouts/balance', refused(503, messages.paymentsUnavailable), ok({ balance: BALANCE }));
    const user = renderPage();
    expect(await screen.findByText('Your balance could not be loaded')).toBeTruthy();
    await screen.findByRole('article', { name: 'Walnut desk' });
    await user.click(
      within(screen.getByRole('region', { name: 'Your balance' })).getByRole('button', { name: /Retry/ }),
    );
    await waitFor(() => expect(amount('paid_out')).toBe('$12,345.67'));
  });
});

describe('My Purchases', () => {
  it('lists what the user bought, with no balance', async () => {
    answer(
      'POST /api/buynow/orders',
      ok({ orders: [testOrder({ role: 'buyer' })], total: 1, pageNumber: 1, perPage: 10 }),
    );
    renderPage(<MyPurchasesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'My Purchases' })).toBeTruthy();
    await screen.findByRole('article', { name: 'Walnut desk' });
    expect(JSON.parse(String(calls.find((c) => c.url === '/api/buynow/orders')?.init?.body)).type).toBe('purchases');
    expect(screen.queryByRole('region', { name: 'Your balance' })).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/payouts'))).toBe(false);
  });
});

describe('both pages', () => {
  it.each([
    ['My Orders', <MyOrdersPage key="orders" />, 'received'],
    ['My Purchases', <MyPurchasesPage key="purchases" />, 'purchases'],
  ])('%s lists buy-now orders or, under Swaps, the legs of swaps', async (_, page, type) => {
    answer(
      'POST /api/swap/orders/recieved',
      ok({
        orders: [testSwapLeg({ role: type === 'received' ? 'seller' : 'buyer' })],
        total: 1,
        pageNumber: 1,
        perPage: 10,
      }),
    );
    const user = renderPage(page);
    const kinds = screen.getByRole('radiogroup', { name: 'Order kind' });
    expect(
      within(kinds)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Buy now', 'Swaps']);
    await screen.findByRole('article', { name: 'Walnut desk' });
    await user.click(within(kinds).getByRole('radio', { name: 'Swaps' }).closest('label')!);
    await waitFor(() => expect(screen.getByTestId('order-kind').textContent).toBe('Swap'));
    expect(JSON.parse(String(calls.find((c) => c.url === '/api/swap/orders/recieved')?.init?.body)).type).toBe(type);
  });
});
