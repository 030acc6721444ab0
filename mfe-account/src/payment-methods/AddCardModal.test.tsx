/** @jest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { fakeFetch, ok, recordToasts, refused, TestQueryProvider, testUser } from '@swapstuff/sdk/testing';
import { browser, useSession } from '@swapstuff/sdk';
import { messages, type PaymentCard } from '@swapstuff/contracts';
import { PaymentMethodsPage } from './PaymentMethodsPage';

const { calls, answer } = fakeFetch();
let assign: jest.SpyInstance;

const PROVIDER = 'https://pay.sandbox.test';
const TOKENIZE = `POST ${PROVIDER}/v1/payment_methods`;
const config = { provider: 'stripe', publishableKey: 'pk_test_sandbox', apiBase: PROVIDER };
const PAYOUTS_ON = { details_submitted: 1, payouts_enabled: 1, action_required: 0, remediation_link: null };
/** What the page loads besides what adding a card sends. */
const LOADS = ['GET /api/stripe/cards', 'GET /api/payouts/account'];

beforeEach(() => {
  useSession.getState().reset();
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
  answer('GET /api/stripe/cards', ok({ cards: [] }));
  answer('GET /api/payments/config', ok(config));
  answer('GET /api/payouts/account', ok({ payouts: PAYOUTS_ON }));
});
afterEach(() => assign.mockRestore());

const toasts = recordToasts();

const saved = (id: string, brand: string, last4: string): PaymentCard => ({
  id,
  brand,
  last4,
  exp_month: 12,
  exp_year: 2000 + Number(YY),
  name: 'Ada Lovelace',
  is_default: 1,
});

/** A year ahead that stays ahead: the expiry typed as MMYY. */
const YY = String((new Date().getFullYear() + 4) % 100).padStart(2, '0');

async function openForm() {
  const user = userEvent.setup({ delay: null });
  render(
    <MemoryRouter initialEntries={['/payment-methods']}>
      <PaymentMethodsPage />
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );
  await user.click(await screen.findByRole('button', { name: /Add Card/ }));
  const dialog = await screen.findByRole('dialog');
  const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
  const fill = async (values: { name?: string; number?: string; expiry?: string; cvc?: string }) => {
    const labels = { name: 'Card holder name', number: 'Card number', expiry: 'Expiry (MM / YY)', cvc: 'CVC' };
    for (const [key, value] of Object.entries(values) as [keyof typeof labels, string][]) {
      await user.click(field(labels[key]));
      if (value) await user.keyboard(value);
    }
    await user.tab();
  };
  const submit = () => user.click(within(dialog).getByRole('button', { name: /Add Card/ }));
  const detected = () =>
    within(within(dialog).getByTestId('detected-brand')).getByRole('img').getAttribute('aria-label');
  return { user, dialog, field, fill, submit, detected };
}

const theCard = { name: 'Ada Lovelace', number: '4242424242424242', expiry: `12${YY}`, cvc: '123' };
const apiCalls = () => calls.filter((c) => c.url.startsWith('/api/'));
const paths = () => calls.map((c) => `${c.init?.method ?? 'GET'} ${c.url}`).filter((p) => !LOADS.includes(p));

describe('Add Card', () => {
  it('sends the card to the provider, and only the payment method id to our api', async () => {
    useSession.getState().signIn(testUser()); // no customer at the provider yet
    answer('GET /api/create/customer', ok({ customer_id: 'cus_ada' }));
    answer(TOKENIZE, { status: 200, body: { id: 'pm_new', card: { brand: 'visa', last4: '4242' } } });
    answer(
      'POST /api/attach/customer',
      ok({
        status: 'succeeded',
        setup_intent_id: 'seti_1',
        redirect_url: null,
        cards: [saved('pm_new', 'visa', '4242')],
      }),
    );
    const { dialog, field, fill, submit } = await openForm();
    await fill(theCard);
    expect(field('Card number').value).toBe('4242 4242 4242 4242');
    expect(field('Expiry (MM / YY)').value).toBe(`12 / ${YY}`);
    await submit();

    await waitFor(() => expect(toasts).toEqual([`success: ${messages.cardAdded}`]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const list = screen.getByRole('list', { name: 'Your cards' });
    expect(within(list).getByText('Visa ending in 4242')).toBeTruthy();
    expect(dialog.isConnected).toBe(false);

    // first the customer, then the provider's key, the card to the provider, and the id to our api
    expect(paths()).toEqual([
      'GET /api/create/customer',
      'GET /api/payments/config',
      TOKENIZE,
      'POST /api/attach/customer',
    ]);
    expect(useSession.getState().profile?.customerId).toBe('cus_ada');

    const tokenize = calls.find((c) => c.url === `${PROVIDER}/v1/payment_methods`)!;
    expect(tokenize.init?.headers).toEqual({ 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(tokenize.init?.credentials).toBe('omit');
    expect(String(tokenize.init?.body).split('&')).toEqual([
      'type=card',
      'card[number]=4242424242424242',
      'card[exp_month]=12',
      `card[exp_year]=20${YY}`,
      'card[cvc]=123',
      'billing_details[name]=Ada%20Lovelace',
      'key=pk_test_sandbox',
    ]);

    const attach = calls.find((c) => c.url === '/api/attach/customer')!;
    expect(JSON.parse(String(attach.init?.body))).toEqual({ paymentMethodId: 'pm_new' });
    // nothing of the card reaches our api: not its number (in any form), CVC or expiry
    for (const call of apiCalls()) {
      const sent = `${call.url} ${String(call.init?.body ?? '')}`;
      expect(sent).not.toMatch(/4242\s?4242|424242|"123"|cvc|exp_/i);
    }
  });

  it('asks for no new customer when the profile has one', async () => {
    useSession.getState().signIn(testUser({ customer_id: 'cus_known' }));
    answer(TOKENIZE, { status: 200, body: { id: 'pm_new' } });
    answer(
      'POST /api/attach/customer',
      ok({
        status: 'succeeded',
        setup_intent_id: 'seti_1',
        redirect_url: null,
        cards: [saved('pm_new', 'visa', '4242')],
      }),
    );
    const { fill, submit } = await openForm();
    await fill(theCard);
    await submit();
    await waitFor(() => expect(toasts).toEqual([`success: ${messages.cardAdded}`]));
    expect(paths()).toEqual(['GET /api/payments/config', TOKENIZE, 'POST /api/attach/customer']);
  });

  it('shows the brand as the number is typed, and groups it the brand’s way', async () => {
    const { user, field, detected } = await openForm();
    await waitFor(() => expect(detected()).toBe('Card'));
    await user.click(field('Card number'));
    await user.keyboard('3');
    await waitFor(() => expect(detected()).toBe('Card'));
    await user.keyboard('7');
    await waitFor(() => expect(detected()).toBe('American Express'));
    await user.keyboard('82822463100059');
    expect(field('Card number').value).toBe('3782 822463 10005');
    await waitFor(() => expect(field('CVC').getAttribute('maxlength')).toBe('4'));

    await user.clear(field('Card number'));
    await user.keyboard('4');
    await waitFor(() => expect(detected()).toBe('Visa'));
    await waitFor(() => expect(field('CVC').getAttribute('maxlength')).toBe('3'));
    for (const [typed, brand] of [
      ['5555', 'Mastercard'],
      ['6011', 'Discover'],
      ['3056', 'Diners Club'],
      ['3566', 'JCB'],
      ['6200', 'UnionPay'],
    ]) {
      await user.clear(field('Card number'));
      await user.keyboard(typed);
      await waitFor(() => expect(detected()).toBe(brand));
    }
  });

  it('checks each field before anything is sent, with the contracts’ messages', async () => {
    const { dialog, fill, submit } = await openForm();
    await submit();
    for (const message of [
      messages.cardHolderNameRequired,
      messages.cardNumberRequired,
      messages.cardExpiryRequired,
      messages.cardCvcRequired,
    ]) {
      expect(await within(dialog).findByText(message)).toBeTruthy();
    }

    await fill({ name: 'Ada Lovelace', number: '4242424242424241', expiry: '0120', cvc: '12' });
    expect(await within(dialog).findByText(messages.cardNumberInvalid)).toBeTruthy(); // Luhn
    expect(await within(dialog).findByText(messages.cardExpired)).toBeTruthy();
    expect(await within(dialog).findByText(messages.cardCvcInvalid)).toBeTruthy();
    expect(within(dialog).queryByText(messages.cardHolderNameRequired)).toBeNull();
    await submit();
    expect(paths()).toEqual([]);
  });

  it('refuses a month that does not exist, and a 3-digit CVC on American Express', async () => {
    const { dialog, fill, user, field } = await openForm();
    await fill({ number: '378282246310005', expiry: `13${YY}`, cvc: '123' });
    expect(await within(dialog).findByText(messages.cardExpiryInvalid)).toBeTruthy();
    expect(await within(dialog).findByText(messages.cardCvcInvalid)).toBeTruthy();
    // corrected, the messages go as it is typed
    await user.clear(field('Expiry (MM / YY)'));
    await user.keyboard(`11${YY}`);
    await waitFor(() => expect(within(dialog).queryByText(messages.cardExpiryInvalid)).toBeNull());
    await user.click(field('CVC'));
    await user.keyboard('4');
    await waitFor(() => expect(within(dialog).queryByText(messages.cardCvcInvalid)).toBeNull());
  });

  it('a declined card: the provider’s words in the form, all kept but the CVC', async () => {
    useSession.getState().signIn(testUser({ customer_id: 'cus_ada' }));
    answer(TOKENIZE, { status: 200, body: { id: 'pm_declined' } });
    answer('POST /api/attach/customer', refused(402, 'Your card was declined.'));
    const { dialog, field, fill, submit } = await openForm();
    await fill({ ...theCard, number: '4000000000000002' });
    await submit();
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('Your card was declined.');
    expect(field('Card holder name').value).toBe('Ada Lovelace');
    expect(field('Card number').value).toBe('4000 0000 0000 0002');
    expect(field('Expiry (MM / YY)').value).toBe(`12 / ${YY}`);
    expect(field('CVC').value).toBe('');
    expect(toasts).toEqual([]);
    expect(screen.getByText('No cards saved yet')).toBeTruthy();
  });

  it('a card the provider refuses shows its message on the field it is about', async () => {
    useSession.getState().signIn(testUser({ customer_id: 'cus_ada' }));
    answer(TOKENIZE, {
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'incorrect_cvc',
          param: 'cvc',
          message: "Your card's security code is incorrect.",
        },
      },
    });
    const { dialog, fill, submit } = await openForm();
    await fill(theCard);
    await submit();
    expect(await within(dialog).findByText("Your card's security code is incorrect.")).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/attach/customer')).toBe(false);
  });

  it('a provider that cannot be reached: payments are briefly unavailable', async () => {
    useSession.getState().signIn(testUser({ customer_id: 'cus_ada' }));
    answer(TOKENIZE, { fail: true });
    const { dialog, fill, submit } = await openForm();
    await fill(theCard);
    await submit();
    expect(await within(dialog).findByText(messages.paymentsUnavailable)).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/attach/customer')).toBe(false);
  });

  it('a card whose bank wants the holder to authenticate sends the browser to the provider’s page', async () => {
    useSession.getState().signIn(testUser({ customer_id: 'cus_ada' }));
    const redirect = `${PROVIDER}/authenticate/seti_3ds`;
    answer(TOKENIZE, { status: 200, body: { id: 'pm_3ds' } });
    answer(
      'POST /api/attach/customer',
      ok({ status: 'requires_action', setup_intent_id: 'seti_3ds', redirect_url: redirect, cards: [] }),
    );
    const { dialog, fill, submit } = await openForm();
    await fill({ ...theCard, number: '4000002500003155' });
    await submit();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(redirect));
    expect(within(dialog).getByText('Taking you to your bank to confirm this card…')).toBeTruthy();
    expect(toasts).toEqual([]);
  });
});
