/** @jest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { fakeFetch, ok, recordToasts, refused, TestQueryProvider, testUser } from '@swapstuff/sdk/testing';
import { browser, useSession } from '@swapstuff/sdk';
import { messages, type PaymentCard } from '@swapstuff/contracts';
import { PaymentMethodsPage } from './PaymentMethodsPage';

const { answer } = fakeFetch();
const toasts = recordToasts();
let assign: jest.SpyInstance;

const PROVIDER = 'https://pay.sandbox.test';
const TOKENIZE = `POST ${PROVIDER}/v1/payment_methods`;
const PAYOUTS_ON = { details_submitted: 1, payouts_enabled: 1, action_required: 0, remediation_link: null };
/** A year ahead that stays ahead: the expiry typed as MMYY. */
const YY = String((new Date().getFullYear() + 4) % 100).padStart(2, '0');
const visa: PaymentCard = {
  id: 'pm_new',
  brand: 'visa',
  last4: '4242',
  exp_month: 12,
  exp_year: 2000 + Number(YY),
  name: 'Ada Lovelace',
  is_default: 1,
};

beforeEach(() => {
  window.sessionStorage.clear();
  useSession.getState().reset();
  useSession.getState().signIn(testUser({ customer_id: 'cus_ada' }));
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
  answer('GET /api/stripe/cards', ok({ cards: [] }));
  answer('GET /api/payouts/account', ok({ payouts: PAYOUTS_ON }));
  answer('GET /api/payments/config', ok({ provider: 'stripe', publishableKey: 'pk_test_sandbox', apiBase: PROVIDER }));
});
afterEach(() => assign.mockRestore());

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderAt(url: string) {
  const user = userEvent.setup({ delay: null });
  const view = render(
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
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );
  return { user, ...view };
}

const where = () => screen.getByTestId('where').textContent;

async function addCard(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /Add Card/ }));
  const dialog = await screen.findByRole('dialog');
  const values = {
    'Card holder name': 'Ada Lovelace',
    'Card number': '4242424242424242',
    'Expiry (MM / YY)': `12${YY}`,
  };
  for (const [label, value] of Object.entries({ ...values, CVC: '123' })) {
    await user.click(within(dialog).getByLabelText(label));
    await user.keyboard(value);
  }
  await user.click(within(dialog).getByRole('button', { name: /Add Card/ }));
}

describe('/payment-methods?redirect= (sent from the checkout)', () => {
  it('goes back to the page once the card is added, and offers the way back before', async () => {
    answer(TOKENIZE, { status: 200, body: { id: 'pm_new' } });
    answer(
      'POST /api/attach/customer',
      ok({ status: 'succeeded', setup_intent_id: 'seti_1', redirect_url: null, cards: [visa] }),
    );
    const { user } = renderAt('/payment-methods?redirect=/checkout/5');
    const back = await screen.findByRole('link', { name: 'Back to checkout' });
    expect(back.getAttribute('href')).toBe('/checkout/5');
    await addCard(user);
    await waitFor(() => expect(where()).toBe('/checkout/5'));
    expect(toasts).toEqual([`success: ${messages.cardAdded}`]);
  });

  it('goes back also after the bank’s authentication page, which returns to the bare page', async () => {
    const redirect = `${PROVIDER}/authenticate/seti_3ds`;
    answer(TOKENIZE, { status: 200, body: { id: 'pm_3ds' } });
    answer(
      'POST /api/attach/customer',
      ok({ status: 'requires_action', setup_intent_id: 'seti_3ds', redirect_url: redirect, cards: [] }),
    );
    const { user, unmount } = renderAt('/payment-methods?redirect=/checkout/5');
    await addCard(user);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(redirect));
    unmount();

    answer(
      'POST /api/attach/customer',
      ok({ status: 'succeeded', setup_intent_id: 'seti_3ds', redirect_url: null, cards: [visa] }),
    );
    renderAt('/payment-methods?setup_intent=seti_3ds&setup_intent_client_secret=s&redirect_status=succeeded');
    await waitFor(() => expect(where()).toBe('/checkout/5'));
    expect(toasts).toEqual([`success: ${messages.cardAdded}`]);
  });

  it('after an authentication that failed, stays to try another card, still going back after', async () => {
    answer('POST /api/attach/customer', refused(402, messages.cardAuthenticationFailed));
    window.sessionStorage.setItem('swapstuff:payment-methods:redirect', '/checkout/5');
    renderAt('/payment-methods?setup_intent=seti_3ds&redirect_status=failed');
    expect(await screen.findByText(messages.cardAuthenticationFailed)).toBeTruthy();
    await waitFor(() => expect(where()).toBe('/payment-methods?redirect=%2Fcheckout%2F5'));
    expect(screen.getByRole('link', { name: 'Back to checkout' })).toBeTruthy();
  });

  it('a visit of the bare page forgets a way back that was kept', async () => {
    window.sessionStorage.setItem('swapstuff:payment-methods:redirect', '/checkout/5');
    renderAt('/payment-methods');
    await screen.findByText('No cards saved yet');
    await waitFor(() => expect(window.sessionStorage.getItem('swapstuff:payment-methods:redirect')).toBeNull());
    expect(screen.queryByRole('link', { name: /^Back/ })).toBeNull();
  });

  it.each(['//evil.example/checkout', 'https://evil.example/', 'javascript:alert(1)'])(
    'never goes to another site (%s): the card is added and the user stays',
    async (target) => {
      answer(TOKENIZE, { status: 200, body: { id: 'pm_new' } });
      answer(
        'POST /api/attach/customer',
        ok({ status: 'succeeded', setup_intent_id: 'seti_1', redirect_url: null, cards: [visa] }),
      );
      const { user } = renderAt(`/payment-methods?redirect=${encodeURIComponent(target)}`);
      await addCard(user);
      await waitFor(() => expect(toasts).toEqual([`success: ${messages.cardAdded}`]));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(where()).toBe(`/payment-methods?redirect=${encodeURIComponent(target)}`);
      expect(screen.queryByRole('link', { name: /^Back/ })).toBeNull();
    },
  );
});
