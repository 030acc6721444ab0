/** @jest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { HistoryCode, OfferStatus, swapMessages, type StatusHistory, type SwapOffer } from '@swapstuff/contracts';
import { useSession } from '@swapstuff/sdk';
import { fakeFetch, ok, recordToasts, refused, TestQueryProvider, testUser } from '@swapstuff/sdk/testing';
import { address, BIKE, CAMERA, card, LENS, testOffer, version } from '../shared/testData';
import { SwapRequestsPage } from './SwapRequestsPage';

const { calls, answer } = fakeFetch();
const toasts = recordToasts();

const RECEIVED = 'POST /api/swap/myrequests';
const SENT = 'POST /api/swap/myoffers';
const page = (offers: SwapOffer[], total = offers.length) => ok({ offers, total, pageNumber: 1, perPage: 10 });
const HOME = address(11, '1 Home St', 0);
const WORK = address(12, '2 Work Ave', 0);
const VISA = card('pm_visa', '4242', 1);

/** I sent it: my bike for their camera, I add $20, pending, their turn. */
const sent = testOffer({
  id: 70,
  role: 'sender',
  awaiting: 'them',
  versions: [
    version({
      proposed_by: 'me',
      my_products: [BIKE],
      thier_products: [CAMERA],
      extra_amount: '20.00',
      extra_payer: 'me',
    }),
  ],
  actions: { accept: 0, reject: 0, cancel: 1, counter: 0, agree: 0, details: 0 },
});

beforeEach(() => {
  window.sessionStorage.clear();
  useSession.getState().reset();
  useSession.getState().signIn(testUser());
  answer(RECEIVED, page([testOffer()]));
  answer(SENT, page([sent]));
  answer('GET /api/user/address', ok({ address: [HOME, WORK] }));
  answer('GET /api/stripe/cards', ok({ cards: [VISA] }));
});

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderAt(url = '/swap-requests') {
  const user = userEvent.setup({ delay: null });
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/swap-requests"
          element={
            <>
              <SwapRequestsPage />
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

const where = () => screen.getByTestId('where').textContent;
const bodies = (url: string) =>
  calls.filter((c) => c.url === url && c.init?.method === 'POST').map((c) => JSON.parse(String(c.init?.body)));
const gets = (url: string) => calls.filter((c) => c.url === url && (c.init?.method ?? 'GET') === 'GET');
const findCard = (title: string) => screen.findByRole('article', { name: title });

/** antd names every dialog by the same test id in jsdom: found by its title instead. */
const findDialog = (title: string) =>
  waitFor(() => {
    const found = screen
      .getAllByRole('dialog')
      .find((d) => d.querySelector('.ant-modal-title, .ant-drawer-title')?.textContent === title);
    if (!found) throw new Error(`no dialog "${title}" is open`);
    return found;
  });
const popconfirm = () =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>('.ant-popconfirm:not(.ant-popover-hidden)');
    if (!found) throw new Error('no confirmation is open');
    return found;
  });

describe('the list', () => {
  it('shows the offers received, each with both sides, the cash, status, date, the other user and whose turn', async () => {
    answer(
      RECEIVED,
      page([
        testOffer({
          versions: [version({ extra_amount: '30.00', extra_payer: 'them' })],
        }),
      ]),
    );
    renderAt();
    const offer = await findCard('Road bike');
    expect(bodies('/api/swap/myrequests')).toEqual([{ pageNumber: 1, perPage: 10 }]);
    expect(within(offer).getByRole('list', { name: 'You give' }).textContent).toBe('Road bike');
    expect(within(offer).getByRole('list', { name: 'You get' }).textContent).toBe('Film cameraZoom lens');
    expect(offer.textContent).toContain('They add $30.00');
    expect(within(offer).getByTestId('offer-status').textContent).toBe('Status: Pending');
    expect(offer.textContent).toContain('From Grace H. · 20/11/2026, 10:00 AM');
    expect(within(offer).getByRole('link', { name: 'Message Grace H.' }).getAttribute('href')).toMatch(
      /^\/chat\?product=\d+&user=\d+$/,
    );
    expect(within(offer).getByTestId('awaiting').textContent).toBe('Waiting for you');
    const buttons = within(within(offer).getByRole('group')).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Accept', 'Counter', 'Reject', 'View Offer', 'View Status']);
  });

  it('keeps the tab in the address: Sent lists the offers I made', async () => {
    const user = renderAt();
    await findCard('Road bike');
    await user.click(screen.getByRole('tab', { name: 'Sent' }));
    const offer = await findCard('Film camera');
    expect(where()).toBe('/swap-requests?tab=sent');
    expect(offer.textContent).toContain('You add $20.00');
    expect(offer.textContent).toContain('To Grace H.');
    expect(within(offer).getByTestId('awaiting').textContent).toBe('Waiting for them');
    expect(bodies('/api/swap/myoffers')).toEqual([{ pageNumber: 1, perPage: 10 }]);
  });

  it('says No Record Found when there is none, and pages by ten', async () => {
    answer(SENT, page([]));
    renderAt('/swap-requests?tab=sent');
    expect(await screen.findByRole('heading', { name: swapMessages.noOffers })).toBeTruthy();
  });

  it('pages by ten, the page in the address', async () => {
    answer(RECEIVED, page([testOffer()], 25));
    const user = renderAt();
    await findCard('Road bike');
    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(where()).toBe('/swap-requests?tab=received&page=2'));
    await waitFor(() => expect(bodies('/api/swap/myrequests').at(-1)).toEqual({ pageNumber: 2, perPage: 10 }));
  });

  it('links to the legs and my label once both gave their details', async () => {
    answer(
      RECEIVED,
      page([
        testOffer({
          offer_status: OfferStatus.Accepted,
          awaiting: null,
          legs: { sent: 301, received: 302 },
          label_url: 'https://labels.test/301.png',
          swap_details_count: 1,
          swap_details2_count: 1,
          actions: { accept: 0, reject: 0, cancel: 0, counter: 0, agree: 0, details: 0 },
        }),
      ]),
    );
    renderAt();
    const offer = await findCard('Road bike');
    expect(within(offer).getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/my-orders');
    expect(within(offer).getByRole('link', { name: 'My Purchases' }).getAttribute('href')).toBe('/my-purchases');
    expect(within(offer).getByRole('link', { name: 'Shipping label' }).getAttribute('href')).toBe(
      'https://labels.test/301.png',
    );
  });
});

describe('Accept', () => {
  it('keeps Next disabled with no address chosen, links to add one, then sends status "1" with the address', async () => {
    answer('POST /api/swap/acceptreject', ok({ offer: testOffer({ offer_status: OfferStatus.Accepted }) }));
    const user = renderAt();
    await user.click(within(await findCard('Road bike')).getByRole('button', { name: 'Accept' }));
    const dialog = await findDialog('Preferred delivery address');
    const next = () => within(dialog).getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    await within(dialog).findByRole('radio', { name: /2 Work Ave/ });
    // no preferred address: none is chosen for me
    expect(next().disabled).toBe(true);
    expect(
      within(dialog)
        .getByRole('link', { name: /Add Address/ })
        .getAttribute('href'),
    ).toBe('/address?redirect=/swap-requests');
    await user.click(within(dialog).getByRole('radio', { name: /2 Work Ave/ }));
    expect(next().disabled).toBe(false);
    await user.click(next());
    await waitFor(() => expect(toasts).toEqual([`success: ${swapMessages.accepted}`]));
    expect(bodies('/api/swap/acceptreject')).toEqual([{ requestId: 61, status: '1', addressId: 12 }]);
    expect(bodies('/api/initialize/payment')).toEqual([]);
  });

  it('keeps Next disabled with no address at all', async () => {
    answer('GET /api/user/address', ok({ address: [] }));
    const user = renderAt();
    await user.click(within(await findCard('Road bike')).getByRole('button', { name: 'Accept' }));
    const dialog = await findDialog('Preferred delivery address');
    await within(dialog).findByText(/Add an address to have your swap delivered to it/);
    expect((within(dialog).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('pays first when the offer asks me for cash: initialize with the address and card, then confirm', async () => {
    answer(RECEIVED, page([testOffer({ versions: [version({ extra_amount: '15.00', extra_payer: 'me' })] })]));
    answer(
      'POST /api/initialize/payment',
      ok({ payment: { paymentIntentId: 'pi_5', status: 'requires_capture', redirectUrl: null, amount: '15.00' } }),
    );
    answer('POST /api/confirm/payment', ok({ offer: testOffer({ offer_status: OfferStatus.Accepted }) }));
    answer('GET /api/user/address', ok({ address: [WORK, address(13, '3 Pref Rd', 1)] }));
    const user = renderAt();
    await user.click(within(await findCard('Road bike')).getByRole('button', { name: 'Accept' }));
    const dialog = await findDialog('Preferred delivery address');
    expect(dialog.textContent).toContain('You pay $15.00 now; it is held in escrow until the swap completes');
    await within(dialog).findByRole('radio', { name: /Visa ending in 4242/ });
    // the preferred address is chosen for me
    expect((within(dialog).getByRole('radio', { name: /3 Pref Rd/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(toasts).toEqual([`success: ${swapMessages.accepted}`]));
    expect(bodies('/api/initialize/payment')).toEqual([
      { action: 'accept', requestId: 61, addressId: 13, paymentMethodId: 'pm_visa' },
    ]);
    expect(bodies('/api/confirm/payment')).toEqual([{ paymentIntentId: 'pi_5' }]);
    expect(bodies('/api/swap/acceptreject')).toEqual([]);
  });

  it('shows the api’s refusal in the dialog', async () => {
    answer('POST /api/swap/acceptreject', refused(409, swapMessages.offerChanged));
    const user = renderAt();
    await user.click(within(await findCard('Road bike')).getByRole('button', { name: 'Accept' }));
    const dialog = await findDialog('Preferred delivery address');
    await user.click(await within(dialog).findByRole('radio', { name: /1 Home St/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(swapMessages.offerChanged);
  });
});

describe('Reject and Cancel Request', () => {
  it('rejects (status "2") only once confirmed', async () => {
    answer('POST /api/swap/acceptreject', ok({ offer: testOffer({ offer_status: OfferStatus.Rejected }) }));
    const user = renderAt();
    await user.click(within(await findCard('Road bike')).getByRole('button', { name: 'Reject' }));
    const confirm = await popconfirm();
    expect(confirm.textContent).toContain('Reject this swap request?');
    expect(bodies('/api/swap/acceptreject')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(toasts).toEqual([`success: ${swapMessages.rejected}`]));
    expect(bodies('/api/swap/acceptreject')).toEqual([{ requestId: 61, status: '2' }]);
  });

  it('asks "Cancel this swap request?" first, then cancels; Keep it sends nothing', async () => {
    answer('GET /api/request/cancel/70', ok({ offer: { ...sent, offer_status: OfferStatus.Canceled } }));
    const user = renderAt('/swap-requests?tab=sent');
    const offer = await findCard('Film camera');
    await user.click(within(offer).getByRole('button', { name: 'Cancel Request' }));
    let confirm = await popconfirm();
    expect(confirm.textContent).toContain('Cancel this swap request?');
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(gets('/api/request/cancel/70')).toHaveLength(0);

    await user.click(within(offer).getByRole('button', { name: 'Cancel Request' }));
    confirm = await popconfirm();
    expect(gets('/api/request/cancel/70')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel Request' }));
    await waitFor(() => expect(toasts).toEqual([`success: ${swapMessages.canceled}`]));
    expect(gets('/api/request/cancel/70')).toHaveLength(1);
  });

  it('says why a cancel failed', async () => {
    answer('GET /api/request/cancel/70', refused(409, swapMessages.offerCannotMove));
    const user = renderAt('/swap-requests?tab=sent');
    await user.click(within(await findCard('Film camera')).getByRole('button', { name: 'Cancel Request' }));
    await user.click(within(await popconfirm()).getByRole('button', { name: 'Cancel Request' }));
    await waitFor(() => expect(toasts).toEqual([`error: ${swapMessages.offerCannotMove}`]));
  });
});

describe('View Status', () => {
  it('lists My Status and Their Status, each step with its icon, description and date', async () => {
    const history: StatusHistory = {
      my_history: [
        {
          status: HistoryCode.Pending,
          description: 'You received a swap offer',
          created_at: '2026-11-20T10:00:00.000Z',
        },
        { status: HistoryCode.Completed, description: 'Swap completed', created_at: '2026-11-24T10:00:00.000Z' },
      ],
      thierhistory: [
        {
          status: HistoryCode.Accepted,
          description: 'Your offer was accepted',
          created_at: '2026-11-21T10:00:00.000Z',
        },
      ],
    };
    answer('POST /api/request/history', ok(history));
    const user = renderAt();
    await user.click(within(await findCard('Road bike')).getByRole('button', { name: 'View Status' }));
    const dialog = await findDialog('View Status');
    const mine = await within(dialog).findByRole('region', { name: 'My Status' });
    const theirs = within(dialog).getByRole('region', { name: 'Their Status' });
    const steps = within(mine).getAllByRole('listitem');
    expect(steps).toHaveLength(2);
    expect(steps[0].textContent).toContain('You received a swap offer');
    expect(steps[1].textContent).toContain('Swap completed');
    expect(within(mine).getByTestId('icon-pending')).toBeTruthy();
    expect(within(mine).getByTestId('icon-completed')).toBeTruthy();
    expect(within(theirs).getByText('Your offer was accepted')).toBeTruthy();
    expect(within(theirs).getByTestId('icon-dot')).toBeTruthy();
    expect(mine.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-20T10:00:00.000Z');
    expect(bodies('/api/request/history')).toEqual([{ id: 61, type: 'received' }]);
  });
});

describe('View Offer', () => {
  it('lists the versions newest first, who proposed each, what changed, the latest marked', async () => {
    const versions = [
      version({ proposed_by: 'them' }),
      version({
        version: 2,
        proposed_by: 'me',
        thier_products: [CAMERA],
        extra_amount: '10.00',
        extra_payer: 'them',
        changes: ['Removed their "Zoom lens"', 'Cash: no cash → $10.00 from them'],
        created_at: '2026-11-21T10:00:00.000Z',
      }),
    ];
    const offer = testOffer({ versions, awaiting: 'them', cash_fee: '0.50' });
    answer(RECEIVED, page([offer]));
    answer('GET /api/swaprequest/detail/61', ok({ offer }));
    const user = renderAt();
    await user.click(within(await findCard('Road bike')).getByRole('button', { name: 'View Offer' }));
    const drawer = await findDialog('View Offer');
    const cards = within(drawer).getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Version 2, latest', 'Version 1']);
    expect(cards[0].textContent).toContain('Counter-offer by you');
    expect(cards[0].textContent).toContain('Latest');
    expect(cards[0].textContent).toContain('They add $10.00');
    expect(cards[0].textContent).toContain('Platform fee on the cash: $0.50');
    expect(
      within(cards[0])
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toContain('Cash: no cash → $10.00 from them');
    expect(cards[1].textContent).toContain('Offer by them');
    expect(cards[1].textContent).toContain('No cash');
    expect(cards[1].textContent).not.toContain('Latest');
    await waitFor(() => expect(gets('/api/swaprequest/detail/61')).toHaveLength(1));
  });
});

describe('Counter', () => {
  it('lets the receiver keep some of the items offered and ask for cash', async () => {
    answer('POST /api/swap/counter', ok({ offer: testOffer() }));
    const user = renderAt();
    await user.click(within(await findCard('Road bike')).getByRole('button', { name: 'Counter' }));
    const dialog = await findDialog('Counter-offer');
    const send = () => within(dialog).getByRole('button', { name: 'Send counter-offer' }) as HTMLButtonElement;
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('aria-checked')),
    ).toEqual(['true', 'true']);
    // the same terms are no counter-offer
    expect(send().disabled).toBe(true);
    expect(dialog.textContent).toContain(swapMessages.nothingChanged);
    await user.click(within(dialog).getByRole('checkbox', { name: LENS.title }));
    await user.click(within(dialog).getByRole('radio', { name: 'I ask for cash' }));
    await user.type(within(dialog).getByRole('spinbutton'), '15');
    expect(dialog.querySelector('[aria-label="Your cards"]')).toBeNull();
    await user.click(send());
    await waitFor(() => expect(toasts).toEqual([`success: ${swapMessages.countered}`]));
    expect(bodies('/api/swap/counter')).toEqual([{ requestId: 61, productIds: [21], cash: -15 }]);
  });

  it('lets the sender pay the cash they add through the payment flow', async () => {
    const mine = { products: [], total: 0, pageNumber: 1, perPage: 100 };
    answer('POST /api/webmyproducts', ok(mine));
    answer(SENT, page([{ ...sent, awaiting: 'me', actions: { ...sent.actions, counter: 1 } }]));
    answer(
      'POST /api/initialize/payment',
      ok({ payment: { paymentIntentId: 'pi_7', status: 'requires_capture', redirectUrl: null, amount: '25.00' } }),
    );
    answer('POST /api/confirm/payment', ok({ offer: sent }));
    const user = renderAt('/swap-requests?tab=sent');
    await user.click(within(await findCard('Film camera')).getByRole('button', { name: 'Counter' }));
    const dialog = await findDialog('Counter-offer');
    const amount = await within(dialog).findByRole('spinbutton', { name: 'Cash you add, in dollars' });
    await user.clear(amount);
    await user.type(amount, '25');
    await within(dialog).findByRole('radio', { name: /Visa ending in 4242/ });
    expect(dialog.textContent).toContain('You pay $25.00 now');
    await user.click(within(dialog).getByRole('button', { name: 'Send counter-offer' }));
    await waitFor(() => expect(toasts).toEqual([`success: ${swapMessages.countered}`]));
    expect(bodies('/api/initialize/payment')).toEqual([
      { action: 'counter', requestId: 70, productIds: [5], cash: 25, paymentMethodId: 'pm_visa' },
    ]);
    expect(bodies('/api/confirm/payment')).toEqual([{ paymentIntentId: 'pi_7' }]);
  });
});

describe('Accept counter-offer', () => {
  it('pays the cash the counter-offer asks of me, then agrees', async () => {
    const countered = testOffer({
      id: 70,
      role: 'sender',
      versions: [
        version({ proposed_by: 'me', my_products: [BIKE], thier_products: [CAMERA] }),
        version({
          version: 2,
          proposed_by: 'them',
          my_products: [BIKE],
          thier_products: [CAMERA],
          extra_amount: '12.00',
          extra_payer: 'me',
        }),
      ],
      actions: { accept: 0, reject: 0, cancel: 1, counter: 1, agree: 1, details: 0 },
    });
    answer(SENT, page([countered]));
    answer(
      'POST /api/initialize/payment',
      ok({ payment: { paymentIntentId: 'pi_8', status: 'requires_capture', redirectUrl: null, amount: '12.00' } }),
    );
    answer('POST /api/confirm/payment', ok({ offer: countered }));
    const user = renderAt('/swap-requests?tab=sent');
    await user.click(within(await findCard('Film camera')).getByRole('button', { name: 'Accept counter-offer' }));
    const dialog = await findDialog('Accept counter-offer');
    expect(dialog.textContent).toContain('You add $12.00');
    await within(dialog).findByRole('radio', { name: /Visa ending in 4242/ });
    await user.click(within(dialog).getByRole('button', { name: 'Accept counter-offer' }));
    await waitFor(() => expect(toasts).toEqual([`success: ${swapMessages.agreed}`]));
    expect(bodies('/api/initialize/payment')).toEqual([{ action: 'agree', requestId: 70, paymentMethodId: 'pm_visa' }]);
    expect(bodies('/api/swap/counter/accept')).toEqual([]);
  });

  it('agrees without a payment when the cash is theirs', async () => {
    const countered = testOffer({
      id: 70,
      role: 'sender',
      versions: [version({ version: 2, proposed_by: 'them', extra_amount: '12.00', extra_payer: 'them' })],
      actions: { accept: 0, reject: 0, cancel: 1, counter: 1, agree: 1, details: 0 },
    });
    answer(SENT, page([countered]));
    answer('POST /api/swap/counter/accept', ok({ offer: countered }));
    const user = renderAt('/swap-requests?tab=sent');
    await user.click(within(await findCard('Film camera')).getByRole('button', { name: 'Accept counter-offer' }));
    const dialog = await findDialog('Accept counter-offer');
    expect(dialog.textContent).not.toContain('You pay');
    await user.click(within(dialog).getByRole('button', { name: 'Accept counter-offer' }));
    await waitFor(() => expect(toasts).toEqual([`success: ${swapMessages.agreed}`]));
    expect(bodies('/api/swap/counter/accept')).toEqual([{ requestId: 70 }]);
  });
});

describe('Give swap details', () => {
  it('needs an address and a way to ship, shows the countdown, and saves them', async () => {
    const accepted = testOffer({
      offer_status: OfferStatus.Accepted,
      awaiting: 'me',
      details_due_at: new Date(Date.now() + 72 * 3600_000 - 2000).toISOString(),
      actions: { accept: 0, reject: 0, cancel: 0, counter: 0, agree: 0, details: 1 },
    });
    answer(RECEIVED, page([accepted]));
    answer('POST /api/swap/details', ok({ offer: accepted }));
    const user = renderAt();
    const offer = await findCard('Road bike');
    expect(within(offer).getByRole('timer').textContent).toMatch(/^71:59:5\d$/);
    await user.click(within(offer).getByRole('button', { name: 'Give swap details' }));
    const dialog = await findDialog('Give swap details');
    const save = () => within(dialog).getByRole('button', { name: 'Save details' }) as HTMLButtonElement;
    expect(within(dialog).getByRole('timer').textContent).toMatch(/^71:59:5\d$/);
    expect(dialog.textContent).toContain(swapMessages.shippingRequired);
    await user.click(await within(dialog).findByRole('radio', { name: /1 Home St/ }));
    expect(save().disabled).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: 'My own courier (add the tracking number later)' }));
    expect(within(dialog).getByRole('radio', { name: /Platform label/ })).toBeTruthy();
    await user.click(save());
    await waitFor(() => expect(toasts).toEqual([`success: ${swapMessages.detailsSaved}`]));
    expect(bodies('/api/swap/details')).toEqual([{ requestId: 61, addressId: 11, shipping: 'own' }]);
  });
});

describe('back from the bank', () => {
  it('confirms the pending payment once, says what it did, and shows its tab', async () => {
    window.sessionStorage.setItem(
      'swapstuff:swap-payment',
      JSON.stringify({ paymentIntentId: 'pi_3', action: 'accept' }),
    );
    answer('POST /api/confirm/payment', ok({ offer: testOffer({ offer_status: OfferStatus.Accepted }) }));
    renderAt('/swap-requests?payment_intent=pi_3&payment_intent_client_secret=s&redirect_status=succeeded');
    await waitFor(() => expect(toasts).toEqual([`success: ${swapMessages.accepted}`]));
    // a reload never confirms it again
    await waitFor(() => expect(where()).toBe('/swap-requests?tab=received'));
    expect(bodies('/api/confirm/payment')).toEqual([{ paymentIntentId: 'pi_3' }]);
    expect(window.sessionStorage.getItem('swapstuff:swap-payment')).toBeNull();
  });

  it('says why the payment could not be confirmed', async () => {
    answer('POST /api/confirm/payment', refused(402, 'Your card was declined.'));
    renderAt('/swap-requests?payment_intent=pi_3&redirect_status=failed');
    expect((await screen.findByRole('alert')).textContent).toContain('Your card was declined.');
    await waitFor(() => expect(where()).toBe('/swap-requests?tab=received'));
  });
});
