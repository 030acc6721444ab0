/** @jest-environment jsdom */
import { Fragment, StrictMode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { MAX_SWAP_ITEMS, messages, swapMessages, type SwapPayment } from '@swapstuff/contracts';
import { browser, useSession } from '@swapstuff/sdk';
import { fakeFetch, ok, recordToasts, refused, TestQueryProvider, testUser } from '@swapstuff/sdk/testing';
import { readPending } from '../shared/payment';
import { card, feeQuote, listing, testOffer } from '../shared/testData';
import { SwapPage } from './SwapPage';

const { calls, answer } = fakeFetch();
const toasts = recordToasts();
let assign: jest.SpyInstance;

const WANTED = listing(5, 'Road bike');
const MINE = [
  listing(21, 'Film camera', { user: { ...WANTED.user, id: 7 } }),
  listing(22, 'Zoom lens'),
  listing(23, 'Tripod'),
];
const VISA = card('pm_visa', '4242', 1);
const sentOffer = testOffer({ role: 'sender' });

const payment = (changes: Partial<SwapPayment> = {}): SwapPayment => ({
  paymentIntentId: 'pi_9',
  status: 'requires_capture',
  redirectUrl: null,
  amount: '20.00',
  ...changes,
});

beforeEach(() => {
  window.sessionStorage.clear();
  useSession.getState().reset();
  useSession.getState().signIn(testUser());
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
  answer('GET /api/productdetail/5', ok({ product: WANTED }));
  answer('POST /api/webmyproducts', ok({ products: MINE, total: 3, pageNumber: 1, perPage: 100 }));
  answer('GET /api/stripe/cards', ok({ cards: [VISA] }));
  answer('GET /api/protected/rate?price=20.00', ok(feeQuote('20.00', '1.00')));
  answer('GET /api/protected/rate?price=30.00', ok(feeQuote('30.00', '1.50')));
});
afterEach(() => assign.mockRestore());

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderAt(url = '/swapstuff/5', { strict = true } = {}) {
  const user = userEvent.setup({ delay: null });
  // strict mode (React runs each effect twice on mount only there): the return from the bank must confirm once
  const Root = strict ? StrictMode : Fragment;
  render(
    <Root>
      <TestQueryProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route
              path="/swapstuff/:id"
              element={
                <>
                  <SwapPage />
                  <Where />
                </>
              }
            />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </TestQueryProvider>
    </Root>,
  );
  return user;
}

const where = () => screen.getByTestId('where').textContent;
const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
const bodies = (url: string) =>
  calls.filter((c) => c.url === url && c.init?.method === 'POST').map((c) => JSON.parse(String(c.init?.body)));

/** antd names every dialog by the same test id in jsdom: found by its title instead. */
const findDialog = (title: string) =>
  waitFor(() => {
    const found = screen.getAllByRole('dialog').find((d) => d.querySelector('.ant-modal-title')?.textContent === title);
    if (!found) throw new Error(`no dialog "${title}" is open`);
    return found;
  });

async function pick(user: ReturnType<typeof userEvent.setup>, ...titles: string[]) {
  await user.click(await screen.findByRole('button', { name: 'Select the product' }));
  const dialog = await findDialog('Select the product');
  for (const title of titles) await user.click(await within(dialog).findByRole('checkbox', { name: title }));
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('list', { name: 'You offer' })).not.toBeNull());
}

describe('/swapstuff/:id', () => {
  it('shows the wanted listing, and Send stays disabled until an item is chosen', async () => {
    renderAt();
    const wanted = await screen.findByRole('region', { name: 'The item you want' });
    expect(within(wanted).getByRole('link', { name: 'Road bike' }).getAttribute('href')).toBe('/item-detail/5');
    expect(wanted.textContent).toContain('$120.00');
    expect(wanted.textContent).toContain('Owner: Sam O.');
    expect(wanted.querySelector('img')?.getAttribute('src')).toBe('https://img.test/5.jpg');
    expect(sendButton().disabled).toBe(true);
    expect(screen.getByTestId('fee-line').textContent).toBe('No fee on a swap without cash');
  });

  it('keeps OK disabled until a listing is selected; tiles toggle by click, Space and Enter, up to the limit', async () => {
    const user = renderAt();
    await user.click(await screen.findByRole('button', { name: 'Select the product' }));
    const dialog = await findDialog('Select the product');
    const ok = () => within(dialog).getByRole('button', { name: 'OK' }) as HTMLButtonElement;
    const tile = await within(dialog).findByRole('checkbox', { name: 'Film camera' });
    expect(ok().disabled).toBe(true);
    expect(dialog.textContent).toContain(swapMessages.selectProduct);

    await user.click(tile);
    expect(tile.getAttribute('aria-checked')).toBe('true');
    expect(ok().disabled).toBe(false);
    await user.click(tile);
    expect(tile.getAttribute('aria-checked')).toBe('false');
    expect(ok().disabled).toBe(true);

    tile.focus();
    await user.keyboard(' ');
    expect(tile.getAttribute('aria-checked')).toBe('true');
    const lens = within(dialog).getByRole('checkbox', { name: 'Zoom lens' });
    lens.focus();
    await user.keyboard('{Enter}');
    expect(lens.getAttribute('aria-checked')).toBe('true');
    expect(dialog.textContent).toContain(`2 of ${MAX_SWAP_ITEMS} selected`);
    // the wanted listing itself is never offered for itself
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(3);
    expect(bodies('/api/webmyproducts')[0]).toEqual({ status: 1, pageNumber: 1, perPage: 100 });
  });

  it(`lets no more than ${MAX_SWAP_ITEMS} listings be selected`, async () => {
    const many = [21, 22, 23, 24, 25, 26].map((id) => listing(id, `Item ${id}`));
    answer('POST /api/webmyproducts', ok({ products: many, total: 6, pageNumber: 1, perPage: 100 }));
    const user = renderAt();
    await user.click(await screen.findByRole('button', { name: 'Select the product' }));
    const dialog = await findDialog('Select the product');
    for (const id of [21, 22, 23, 24, 25]) {
      await user.click(await within(dialog).findByRole('checkbox', { name: `Item ${id}` }));
    }
    const sixth = within(dialog).getByRole('checkbox', { name: 'Item 26' });
    expect(sixth.getAttribute('aria-disabled')).toBe('true');
    await user.click(sixth);
    expect(sixth.getAttribute('aria-checked')).toBe('false');
    expect(dialog.textContent).toContain(swapMessages.tooManyItems);
  });

  it('sends the items and the cash asked for as a negative amount, then shows the sent offers', async () => {
    answer('POST /api/create/swap/request', ok({ offer: sentOffer }, swapMessages.sent));
    const user = renderAt();
    await pick(user, 'Film camera', 'Zoom lens');
    const offered = screen.getByRole('list', { name: 'You offer' });
    expect(within(offered).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(offered).getByRole('button', { name: 'Remove Zoom lens' }));
    expect(within(offered).getAllByRole('listitem')).toHaveLength(1);

    await user.click(screen.getByRole('radio', { name: 'I ask for cash' }));
    const amount = screen.getByRole('spinbutton', { name: 'Cash you ask for, in dollars' });
    await user.type(amount, '30.005');
    expect(await screen.findByText(swapMessages.cashInvalid)).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
    await user.clear(amount);
    await user.type(amount, '30');
    expect(screen.queryByText(swapMessages.cashInvalid)).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('fee-line').textContent).toBe(
        'Platform fee on the cash: $1.50 (taken from the cash its receiver gets)',
      ),
    );
    // I pay nothing: no card, no payment
    expect(screen.queryByRole('region', { name: 'Payment' })).toBeNull();

    await user.click(sendButton());
    await waitFor(() => expect(where()).toBe('/swap-requests?tab=sent'));
    expect(bodies('/api/create/swap/request')).toEqual([{ productId: 5, productIds: [21], cash: -30 }]);
    expect(bodies('/api/initialize/payment')).toEqual([]);
    expect(toasts).toEqual([`success: ${swapMessages.sent}`]);
  });

  it('pays the cash I add first: initialize with the card, then confirm', async () => {
    answer('POST /api/initialize/payment', ok({ payment: payment() }));
    answer('POST /api/confirm/payment', ok({ offer: sentOffer }));
    const user = renderAt();
    await pick(user, 'Film camera');
    await user.click(screen.getByRole('radio', { name: 'I add cash' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Cash you add, in dollars' }), '20');

    const pay = await screen.findByRole('region', { name: 'Payment' });
    expect(pay.textContent).toContain('You pay $20.00 now; it is held in escrow until the swap completes');
    const visa = await within(pay).findByRole('radio', { name: 'Visa ending in 4242, expires 04/40' });
    expect((visa as HTMLInputElement).checked).toBe(true);
    expect(
      within(pay)
        .getByRole('link', { name: /Add a new card/ })
        .getAttribute('href'),
    ).toBe('/payment-methods?redirect=/swapstuff/5');
    await waitFor(() => expect(screen.getByTestId('fee-line').textContent).toContain('$1.00'));

    await user.click(sendButton());
    await waitFor(() => expect(where()).toBe('/swap-requests?tab=sent'));
    expect(bodies('/api/initialize/payment')).toEqual([
      { action: 'offer', productId: 5, productIds: [21], cash: 20, paymentMethodId: 'pm_visa' },
    ]);
    expect(bodies('/api/confirm/payment')).toEqual([{ paymentIntentId: 'pi_9' }]);
    expect(bodies('/api/create/swap/request')).toEqual([]);
    expect(toasts).toEqual([`success: ${swapMessages.sent}`]);
  });

  it('sends the card holder to their bank when it asks, keeping the payment in the tab', async () => {
    answer(
      'POST /api/initialize/payment',
      ok({ payment: payment({ status: 'requires_action', redirectUrl: 'https://bank.test/3ds/pi_9' }) }),
    );
    const user = renderAt();
    await pick(user, 'Film camera');
    await user.click(screen.getByRole('radio', { name: 'I add cash' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Cash you add, in dollars' }), '20');
    await screen.findByRole('radio', { name: /Visa ending in 4242/ });
    await user.click(sendButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://bank.test/3ds/pi_9'));
    expect(readPending()).toEqual({ paymentIntentId: 'pi_9', action: 'offer' });
    expect(bodies('/api/confirm/payment')).toEqual([]);
  });

  it('confirms the pending payment when the bank sends the browser back', async () => {
    window.sessionStorage.setItem(
      'swapstuff:swap-payment',
      JSON.stringify({ paymentIntentId: 'pi_9', action: 'offer' }),
    );
    answer('POST /api/confirm/payment', ok({ offer: sentOffer }));
    renderAt('/swapstuff/5?payment_intent=pi_9&redirect_status=succeeded');
    await waitFor(() => expect(where()).toBe('/swap-requests?tab=sent'));
    // strict mode runs the effect twice: one confirm all the same
    expect(bodies('/api/confirm/payment')).toEqual([{ paymentIntentId: 'pi_9' }]);
    expect(toasts).toEqual([`success: ${swapMessages.sent}`]);
    expect(readPending()).toBeNull();
  });

  it('says what the api refused, or the generic message', async () => {
    answer('POST /api/create/swap/request', refused(409, swapMessages.itemsNotAvailable), { fail: true });
    const user = renderAt();
    await pick(user, 'Film camera');
    await user.click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toContain(swapMessages.itemsNotAvailable);
    await user.click(sendButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(messages.genericError));
    expect(where()).toBe('/swapstuff/5');
  });

  it('offers no form for my own listing', async () => {
    answer('GET /api/productdetail/5', ok({ product: listing(5, 'Road bike', { user: { ...WANTED.user, id: 7 } }) }));
    renderAt();
    expect(await screen.findByText(swapMessages.ownListing)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Select the product' })).toBeNull();
  });

  it('shows that it loads, then No Record Found for a listing that is not there', async () => {
    answer('GET /api/productdetail/5', refused(404, messages.noRecordFound));
    renderAt();
    expect(screen.getByText('Loading the swap…')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: messages.noRecordFound })).toBeTruthy();
  });

  it('offers Retry when the listing could not be loaded', async () => {
    answer('GET /api/productdetail/5', { fail: true }, ok({ product: WANTED }));
    // without strict mode: its second mount would ask again, and the first answer is the failure
    const user = renderAt('/swapstuff/5', { strict: false });
    await user.click(await screen.findByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('region', { name: 'The item you want' })).toBeTruthy();
  });
});
