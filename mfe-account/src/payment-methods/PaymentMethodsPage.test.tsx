/** @jest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { fakeFetch, ok, recordToasts, refused, TestQueryProvider, testUser } from '@swapstuff/sdk/testing';
import { browser, useSession } from '@swapstuff/sdk';
import { messages, type PaymentCard } from '@swapstuff/contracts';
import { PaymentMethodsPage } from './PaymentMethodsPage';

const { calls, answer } = fakeFetch();

beforeEach(() => {
  useSession.getState().reset();
  useSession.getState().signIn(testUser({ customer_id: 'cus_ada' }));
  answer('GET /api/payouts/account', ok({ payouts: PAYOUTS_ON }));
});

const PAYOUTS_ON = { details_submitted: 1, payouts_enabled: 1, action_required: 0, remediation_link: null };

const toasts = recordToasts();

const card = (id: string, brand: string, last4: string, is_default: 0 | 1, exp_year = 2031): PaymentCard => ({
  id,
  brand,
  last4,
  exp_month: 4,
  exp_year,
  name: 'Ada Lovelace',
  is_default,
});
const visa = card('pm_visa', 'visa', '4242', 1);
const mastercard = card('pm_mc', 'mastercard', '4444', 0);
const amex = card('pm_amex', 'amex', '0005', 0);

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderAt(url: string) {
  const user = userEvent.setup({ delay: null });
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/payment-methods"
          element={
            <>
              <PaymentMethodsPage />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );
  return user;
}

const rows = () => within(screen.getByRole('list', { name: 'Your cards' })).getAllByRole('listitem');
const urls = (prefix: string) => calls.filter((c) => c.url.startsWith(prefix)).map((c) => c.url);
const bodyOf = (url: string) => calls.find((c) => c.url === url)?.init?.body;

describe('/payment-methods', () => {
  it('lists the cards with brand icon, last 4 and expiry, the default first and marked Default', async () => {
    answer('GET /api/stripe/cards', ok({ cards: [mastercard, visa, amex] }));
    renderAt('/payment-methods');
    expect(screen.getByRole('heading', { name: 'Payment Methods' })).toBeTruthy();
    expect(screen.getByLabelText('Loading cards')).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [first, second, third] = rows();

    expect(within(first).getByRole('img', { name: 'Visa' })).toBeTruthy();
    expect(first.textContent).toContain('Visa ending in 4242');
    expect(first.textContent).toContain('Expires 04/31');
    expect(within(first).getByText('Default')).toBeTruthy();
    expect(within(first).queryByRole('button', { name: /Make Default/ })).toBeNull();

    expect(within(second).getByRole('img', { name: 'Mastercard' })).toBeTruthy();
    expect(second.textContent).toContain('Mastercard ending in 4444');
    expect(within(second).queryByText('Default')).toBeNull();
    expect(within(second).getByRole('button', { name: /Make Default/ })).toBeTruthy();

    expect(within(third).getByRole('img', { name: 'American Express' })).toBeTruthy();
    expect(within(third).getByRole('button', { name: 'Delete American Express ending in 0005' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add Card/ })).toBeTruthy();
  });

  it('marks a card that has expired', async () => {
    answer('GET /api/stripe/cards', ok({ cards: [card('pm_old', 'discover', '1117', 1, 2020)] }));
    renderAt('/payment-methods');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]).getByRole('img', { name: 'Discover' })).toBeTruthy();
    expect(within(rows()[0]).getByText('Expired')).toBeTruthy();
  });

  it('with no card: No cards saved yet, and Add Card opens the card form', async () => {
    answer('GET /api/stripe/cards', ok({ cards: [] }));
    const user = renderAt('/payment-methods');
    expect(await screen.findByText('No cards saved yet')).toBeTruthy();
    expect(screen.queryByText(messages.noRecordsFound)).toBeNull();
    await user.click(screen.getByRole('button', { name: /Add Card/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Card number')).toBeTruthy();
    // the card-entry step shows the spec's brand icons
    const accepted = within(dialog).getByRole('list', { name: 'Cards we accept' });
    for (const name of ['Visa', 'American Express', 'Discover', 'Diners Club', 'JCB', 'Solo']) {
      expect(within(accepted).getByRole('img', { name })).toBeTruthy();
    }
    expect(within(accepted).getAllByRole('img')).toHaveLength(7);
  });

  it('a list that cannot be loaded says so; Retry loads it again', async () => {
    answer('GET /api/stripe/cards', refused(503, messages.paymentsUnavailable), ok({ cards: [visa] }));
    const user = renderAt('/payment-methods');
    expect(await screen.findByText('Your cards could not be loaded')).toBeTruthy();
    expect(screen.getByText(messages.paymentsUnavailable)).toBeTruthy();
    expect(toasts).toEqual([]);
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByText('Your cards could not be loaded')).toBeNull();
  });

  it('Make Default shows the cards the api answers, the new default first', async () => {
    answer('GET /api/stripe/cards', ok({ cards: [visa, mastercard] }));
    answer(
      'GET /api/patch/setdefault/pm_mc',
      ok(
        {
          cards: [
            { ...mastercard, is_default: 1 },
            { ...visa, is_default: 0 },
          ],
        },
        messages.cardDefault,
      ),
    );
    const user = renderAt('/payment-methods');
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(within(rows()[1]).getByRole('button', { name: /Make Default/ }));
    await waitFor(() => expect(rows()[0].textContent).toContain('Mastercard ending in 4444'));
    expect(within(rows()[0]).getByText('Default')).toBeTruthy();
    expect(within(rows()[1]).queryByText('Default')).toBeNull();
    expect(toasts).toEqual([`success: ${messages.cardDefault}`]);
    expect(urls('/api/stripe/cards')).toHaveLength(1);
  });

  it('Delete asks first; Cancel keeps the card, Delete removes it', async () => {
    answer('GET /api/stripe/cards', ok({ cards: [visa, mastercard] }));
    answer('GET /api/delete/card/pm_mc', ok({ cards: [visa] }, messages.cardDeleted));
    const user = renderAt('/payment-methods');
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.click(within(rows()[1]).getByRole('button', { name: /Delete/ }));
    let confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Delete this card?')).toBeTruthy();
    expect(confirm.textContent).toContain('Mastercard ending in 4444');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(urls('/api/delete')).toEqual([]);
    expect(rows()).toHaveLength(2);

    await user.click(within(rows()[1]).getByRole('button', { name: /Delete/ }));
    confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(urls('/api/delete')).toEqual(['/api/delete/card/pm_mc']);
    expect(rows()[0].textContent).toContain('Visa ending in 4242');
    expect(toasts).toEqual([`success: ${messages.cardDeleted}`]);
  });

  it('a refused change toasts the api’s words; a card gone meanwhile leaves the list', async () => {
    answer('GET /api/stripe/cards', ok({ cards: [visa, mastercard] }), ok({ cards: [visa] }));
    answer('GET /api/patch/setdefault/pm_mc', refused(404, messages.cardNotFound));
    const user = renderAt('/payment-methods');
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(within(rows()[1]).getByRole('button', { name: /Make Default/ }));
    await waitFor(() => expect(toasts).toEqual([`error: ${messages.cardNotFound}`]));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });
});

describe('/payment-methods?setup_intent= (back from the authentication page)', () => {
  it('finishes saving the card, shows it, and takes the query out of the address', async () => {
    answer('GET /api/stripe/cards', ok({ cards: [] }));
    answer(
      'POST /api/attach/customer',
      ok({ status: 'succeeded', setup_intent_id: 'seti_3ds', redirect_url: null, cards: [visa] }, messages.cardAdded),
    );
    renderAt(
      '/payment-methods?setup_intent=seti_3ds&setup_intent_client_secret=seti_3ds_secret&redirect_status=succeeded',
    );
    await waitFor(() => expect(toasts).toEqual([`success: ${messages.cardAdded}`]));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0].textContent).toContain('Visa ending in 4242');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/payment-methods'));
    expect(JSON.parse(String(bodyOf('/api/attach/customer')))).toEqual({ setupIntentId: 'seti_3ds' });
    expect(urls('/api/attach/customer')).toHaveLength(1);
  });

  it('an authentication that failed says so, and the query is taken out all the same', async () => {
    answer('GET /api/stripe/cards', ok({ cards: [] }));
    answer('POST /api/attach/customer', refused(402, messages.cardAuthenticationFailed));
    renderAt('/payment-methods?setup_intent=seti_3ds&redirect_status=failed');
    expect(await screen.findByText(messages.cardAuthenticationFailed)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/payment-methods'));
    expect(screen.getByText('No cards saved yet')).toBeTruthy();
    expect(toasts).toEqual([]);
    expect(urls('/api/attach/customer')).toHaveLength(1);
  });
});

describe('/payment-methods#payouts', () => {
  let assign: jest.SpyInstance;
  beforeEach(() => {
    assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    answer('GET /api/stripe/cards', ok({ cards: [] }));
  });
  afterEach(() => assign.mockRestore());

  it('asks for bank details until payouts are on, and sends the seller to the provider’s onboarding page', async () => {
    answer(
      'GET /api/payouts/account',
      ok({
        payouts: {
          details_submitted: 0,
          payouts_enabled: 0,
          action_required: 3,
          remediation_link: '/payment-methods#payouts',
        },
      }),
    );
    answer('POST /api/payouts/onboarding', ok({ url: 'https://pay.sandbox.test/sandbox/onboarding/tok' }));
    const user = renderAt('/payment-methods');
    const payouts = await screen.findByRole('region', { name: 'Payouts' });
    await user.click(await within(payouts).findByRole('button', { name: 'Add Bank Details' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.sandbox.test/sandbox/onboarding/tok'));
  });

  it('says payouts are on once they are', async () => {
    renderAt('/payment-methods');
    const payouts = await screen.findByRole('region', { name: 'Payouts' });
    expect(await within(payouts).findByText('Payouts on')).toBeTruthy();
    expect(within(payouts).queryByRole('button', { name: 'Add Bank Details' })).toBeNull();
  });
});
