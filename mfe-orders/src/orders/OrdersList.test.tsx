/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { messages, orderMessages, type DisputeView, type Order, type ShippingData } from '@swapstuff/contracts';
import { fakeFetch, ok, recordToasts, refused, TestQueryProvider } from '@swapstuff/sdk/testing';
import { OrdersList } from './OrdersList';
import { testOrder, testSwapLeg } from './testOrder';

const { calls, answer } = fakeFetch();
const toasts = recordToasts();

const ORDERS = 'POST /api/buynow/orders';
const SWAP_ORDERS = 'POST /api/swap/orders/recieved';
const page = (orders: Order[], over: Partial<{ total: number; pageNumber: number; perPage: number }> = {}) =>
  ok({ orders, total: orders.length, pageNumber: 1, perPage: 10, ...over });

/** Nothing to do on it: shipped with the seller's own courier, tracking given. */
const shipped = (over: Partial<Order> = {}) => testOrder({ is_platform: 0, manual_ship_check_count: 1, ...over });

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderAt(url: string, type: 'received' | 'purchases' = 'received') {
  const user = userEvent.setup({ delay: null });
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/my-orders"
          element={
            <>
              <OrdersList type={type} />
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
/** What each request for the list asked, oldest first. */
const listBodies = () =>
  calls.filter((c) => c.url === '/api/buynow/orders').map((c) => JSON.parse(String(c.init?.body)));
const bodyOf = (url: string) => JSON.parse(String(calls.filter((c) => c.url === url).at(-1)?.init?.body));
const cards = () => within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('article');
const card = (title = 'Walnut desk') => screen.getByRole('article', { name: title });

/**
 * The open dialog or drawer with this title. (antd names its dialogs by an id that is "test-id" in every
 * component under test, so the accessible name cannot be asked for here; a browser gets unique ids.)
 */
const findDialog = (title: string) =>
  waitFor(() => {
    const found = screen
      .getAllByRole('dialog')
      .find((d) => d.querySelector('.ant-modal-title, .ant-drawer-title')?.textContent === title);
    if (!found) throw new Error(`no dialog "${title}" is open`);
    return found;
  });

describe('the list', () => {
  it('shows that it loads, then the cards of the orders of the user’s listings', async () => {
    answer(
      ORDERS,
      page([shipped(), shipped({ id: 42, product_detail: { ...testOrder().product_detail, title: 'Oak chair' } })]),
    );
    renderAt('/my-orders');
    expect(screen.getByRole('status', { name: '' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Loading orders…')).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(listBodies()).toEqual([{ type: 'received', pageNumber: 1, perPage: 10 }]);
    expect(within(card('Oak chair')).getByRole('heading', { name: 'Oak chair' })).toBeTruthy();
    expect(card().textContent).toContain('Pending');
  });

  it('asks for the purchases on My Purchases', async () => {
    answer(ORDERS, page([shipped({ role: 'buyer' })]));
    renderAt('/my-orders', 'purchases');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(listBodies()[0].type).toBe('purchases');
    expect(card().textContent).toContain('Seller: Ada L.');
  });

  it('marks an order that needs action with a red border', async () => {
    answer(
      ORDERS,
      page([
        shipped(),
        shipped({
          id: 43,
          product_detail: { ...testOrder().product_detail, title: 'Lamp' },
          action_required: 3,
          remediation_link: 'https://swapstuff.test/payment-methods#payouts',
        }),
      ]),
    );
    renderAt('/my-orders');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(card('Lamp').getAttribute('data-action-required')).toBe('true');
    expect(card().getAttribute('data-action-required')).toBeNull();
    expect(within(card('Lamp')).getByRole('link', { name: 'Add Bank Details' }).getAttribute('href')).toBe(
      'https://swapstuff.test/payment-methods#payouts',
    );
  });

  it('an empty list: No Records Found, and Check Out New Items goes home', async () => {
    answer(ORDERS, page([]));
    renderAt('/my-orders');
    expect(await screen.findByRole('heading', { name: orderMessages.noOrders })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Check Out New Items' }).getAttribute('href')).toBe('/');
  });

  it('a list that cannot be loaded says why; Retry asks again', async () => {
    answer(ORDERS, refused(503, messages.genericError), page([shipped()]));
    const user = renderAt('/my-orders');
    expect(await screen.findByText('Orders could not be loaded')).toBeTruthy();
    expect(toasts).toEqual([]);
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it('pages through many orders, the page in the address', async () => {
    answer(ORDERS, page([shipped()], { total: 25 }));
    const user = renderAt('/my-orders');
    await waitFor(() => expect(cards()).toHaveLength(1));
    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(where()).toBe('/my-orders?page=2'));
    await waitFor(() => expect(listBodies().at(-1)).toEqual({ type: 'received', pageNumber: 2, perPage: 10 }));
  });
});

describe('the filter bar', () => {
  /** Picks a status with the keyboard (rc-select reads `which`, which user-event leaves out). */
  async function pickStatus(label: string) {
    const status = screen.getByRole('combobox', { name: 'Status' });
    const press = async (key: 'ArrowDown' | 'Enter') => {
      const code = key === 'ArrowDown' ? 40 : 13;
      await act(async () => {
        fireEvent.keyDown(status, { key, keyCode: code, which: code });
      });
    };
    const shown = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
    act(() => status.focus());
    await press('ArrowDown');
    await waitFor(() => expect(shown()).toContain(label));
    for (let i = 0; i < shown().indexOf(label); i++) await press('ArrowDown');
    await press('Enter');
  }

  it('searches with the words and status chosen, kept in the address; Clear Filter shows all again', async () => {
    answer(ORDERS, page([shipped()]));
    const user = renderAt('/my-orders');
    await waitFor(() => expect(cards()).toHaveLength(1));
    await user.type(screen.getByRole('textbox', { name: 'Search orders' }), ' walnut ');
    await pickStatus('Delivered');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(where()).toBe('/my-orders?search=walnut&status=5'));
    await waitFor(() =>
      expect(listBodies().at(-1)).toEqual({
        type: 'received',
        search: 'walnut',
        status: '5',
        pageNumber: 1,
        perPage: 10,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Clear Filter' }));
    await waitFor(() => expect(where()).toBe('/my-orders'));
    expect((screen.getByRole('textbox', { name: 'Search orders' }) as HTMLInputElement).value).toBe('');
  });

  it('opened at a filtered address (a reload, Back): the bar shows the filter, the list is filtered', async () => {
    answer(ORDERS, page([]));
    renderAt('/my-orders?search=desk&status=9&page=3');
    expect((screen.getByRole('textbox', { name: 'Search orders' }) as HTMLInputElement).value).toBe('desk');
    expect(screen.getByRole('search', { name: 'Filter orders' }).textContent).toContain('Completed');
    await screen.findByRole('heading', { name: orderMessages.noOrders });
    expect(listBodies()).toEqual([{ type: 'received', search: 'desk', status: '9', pageNumber: 3, perPage: 10 }]);
    expect(screen.getByText('No orders match this filter.')).toBeTruthy();
  });

  it('ignores a status the api does not know', async () => {
    answer(ORDERS, page([]));
    renderAt('/my-orders?status=7');
    await screen.findByRole('heading', { name: orderMessages.noOrders });
    expect(listBodies()).toEqual([{ type: 'received', pageNumber: 1, perPage: 10 }]);
  });
});

describe('what the cards’ buttons open', () => {
  it('Shipping Updates: the parcel’s story in the side panel', async () => {
    answer(ORDERS, page([shipped({ shipping_update_count: 1 })]));
    const data: ShippingData = {
      product_detail: testOrder().product_detail,
      order_detail: {
        eta: null,
        current_status: '0',
        shipment_status: 'TRANSIT',
        carrier: 'UPS',
        tracking_number: '1Z999',
        delivery_address: '350 Fifth Avenue',
        sender_address: '1 Main St',
        history: [],
      },
    };
    answer('GET /api/track/shipment/41', ok(data));
    const user = renderAt('/my-orders');
    await user.click(await within(await waitFor(() => card())).findByRole('button', { name: 'Shipping Updates' }));
    const drawer = await findDialog('Shipping Updates');
    await waitFor(() => expect(drawer.textContent).toContain('UPS · 1Z999'));
    expect(drawer.textContent).toContain('In Process');
  });

  it('Print Label buys the label when the order has none yet, shows it and downloads it', async () => {
    answer(ORDERS, page([testOrder()]));
    answer(
      'GET /api/initiate/shiping/41',
      ok({ label_url: 'https://shippo.test/label.png', carrier: 'USPS', tracking_number: '9400' }),
    );
    // POST /api/download answers the image itself
    const fakeFetchMock = window.fetch;
    const png = new Blob(['png'], { type: 'image/png' });
    window.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/download') {
        calls.push({ url, init });
        return { ok: true, status: 200, blob: async () => png } as unknown as Response;
      }
      return fakeFetchMock(url, init);
    }) as typeof fetch;
    const saved: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });

    const user = renderAt('/my-orders');
    await user.click(await within(await waitFor(() => card())).findByRole('button', { name: 'Print Label' }));
    const dialog = await findDialog('Shipping Label');
    await waitFor(() =>
      expect(within(dialog).getByRole('img', { name: 'Shipping label' }).getAttribute('src')).toBe(
        'https://shippo.test/label.png',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual(['shipping_label.png']));
    expect(bodyOf('/api/download')).toEqual({ url: 'https://shippo.test/label.png' });
    // the order's views are read again: its card now knows its label
    await waitFor(() => expect(listBodies().length).toBeGreaterThan(1));
    click.mockRestore();
  });

  it('Print Label of an order with its label asks for no other', async () => {
    answer(ORDERS, page([shipped({ label_url: 'https://shippo.test/label.png' })]));
    const user = renderAt('/my-orders');
    await user.click(await within(await waitFor(() => card())).findByRole('button', { name: 'Print Label' }));
    const dialog = await findDialog('Shipping Label');
    expect(within(dialog).getByRole('img', { name: 'Shipping label' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/initiate/shiping'))).toBe(false);
  });

  it('Print Label says why when the label cannot be had', async () => {
    answer(ORDERS, page([testOrder()]));
    answer('GET /api/initiate/shiping/41', refused(503, orderMessages.shippingUnavailable));
    const user = renderAt('/my-orders');
    await user.click(await within(await waitFor(() => card())).findByRole('button', { name: 'Print Label' }));
    const dialog = await findDialog('Shipping Label');
    expect(await within(dialog).findByText(orderMessages.shippingUnavailable)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Download' })).toBeNull();
  });

  it('Add Tracking Info sends the courier and number; the card then asks for none', async () => {
    answer(ORDERS, page([testOrder({ is_platform: 0 })]), page([shipped()]));
    answer('POST /api/add/tracking/info', ok({ order: shipped() }, orderMessages.trackingAdded));
    const user = renderAt('/my-orders');
    await user.click(await within(await waitFor(() => card())).findByRole('button', { name: 'Add Tracking Info' }));
    const dialog = await findDialog('Add Tracking Info');
    await user.type(within(dialog).getByLabelText('Company Name'), 'UPS');
    await user.type(within(dialog).getByLabelText('Tracking Number'), '1Z999');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toasts).toEqual([`success: ${orderMessages.trackingAdded}`]));
    expect(bodyOf('/api/add/tracking/info')).toEqual({ orderId: 41, companyName: 'UPS', trackingNumber: '1Z999' });
    await waitFor(() => expect(within(card()).queryByRole('button', { name: 'Add Tracking Info' })).toBeNull());
  });

  it('Add Ratings rates the other side in the buy-now payload; the card then offers no Add Ratings', async () => {
    const completed = testOrder({ role: 'buyer', swap_status: '9' });
    answer(ORDERS, page([completed]), page([{ ...completed, user_rate_count: 1 }]));
    answer('POST /api/buynow/review', ok({ review: {} }, orderMessages.rated));
    const user = renderAt('/my-orders', 'purchases');
    await user.click(await within(await waitFor(() => card())).findByRole('button', { name: 'Add Ratings' }));
    const dialog = await findDialog('Add Ratings');
    expect(dialog.textContent).toContain('How was your experience with Ada L.?');
    await user.click(within(dialog).getAllByRole('radio')[3].firstElementChild!);
    await user.click(within(dialog).getByLabelText('Comments'));
    await user.paste('Quick to ship, well packed.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toasts).toEqual([`success: ${orderMessages.rated}`]));
    expect(bodyOf('/api/buynow/review')).toEqual({ buyNowId: 41, rating: 4, comments: 'Quick to ship, well packed.' });
    await waitFor(() => expect(within(card()).queryByRole('button', { name: 'Add Ratings' })).toBeNull());
  });

  it('Create Dispute opens the dispute form', async () => {
    answer(ORDERS, page([testOrder({ role: 'buyer', create_dispute: 1 })]));
    const user = renderAt('/my-orders', 'purchases');
    await user.click(await within(await waitFor(() => card())).findByRole('button', { name: 'Create Dispute' }));
    const dialog = await findDialog('Create Dispute');
    expect(within(dialog).getByLabelText('Reason')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('View Dispute shows the dispute’s timeline in a drawer', async () => {
    answer(ORDERS, page([testOrder({ role: 'buyer', swap_status: '6', dispute_count: 1, user_rate_count: 1 })]));
    const dispute: DisputeView = {
      id: 3,
      order_id: 41,
      disputeType: 'Item damaged',
      disputeReason: 'The leg is broken.',
      status: 'open',
      refund: null,
      info_requested_from: null,
      created_at: '2026-11-24T10:00:00.000Z',
      timeline: [
        {
          id: 1,
          kind: 'opened',
          by: 'buyer',
          text: 'The leg is broken.',
          images: [],
          created_at: '2026-11-24T10:00:00.000Z',
        },
      ],
    };
    answer('GET /api/edit/dispute/41', ok({ dispute }));
    const user = renderAt('/my-orders', 'purchases');
    await user.click(await within(await waitFor(() => card())).findByRole('button', { name: 'View Dispute' }));
    const drawer = await findDialog('Dispute');
    await waitFor(() => expect(drawer.textContent).toContain('Buyer (you) opened the dispute'));
    expect(drawer.textContent).toContain('Item damaged');
  });
});

describe('Buy now or Swaps', () => {
  const swapBodies = () =>
    calls.filter((c) => c.url === '/api/swap/orders/recieved').map((c) => JSON.parse(String(c.init?.body)));
  const kind = (name: 'Buy now' | 'Swaps') =>
    within(screen.getByRole('radiogroup', { name: 'Order kind' })).getByRole('radio', { name }) as HTMLInputElement;
  /** antd's Segmented takes the click on the option's label (its radio lets the pointer through). */
  const choose = (user: ReturnType<typeof userEvent.setup>, name: 'Buy now' | 'Swaps') =>
    user.click(kind(name).closest('label')!);

  it('lists buy-now orders by default; Swaps lists the legs of swaps with the same filter, kept in the address', async () => {
    answer(ORDERS, page([shipped()]));
    answer(SWAP_ORDERS, page([testSwapLeg({ role: 'seller' })]));
    const user = renderAt('/my-orders?search=desk&status=1&page=2');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(kind('Buy now').checked).toBe(true);
    expect(swapBodies()).toEqual([]);
    expect(within(card()).queryByText('Swap')).toBeNull();

    await choose(user, 'Swaps');
    // the kind keeps the filter, from its first page
    await waitFor(() => expect(where()).toBe('/my-orders?kind=swap&search=desk&status=1'));
    await waitFor(() =>
      expect(swapBodies()).toEqual([{ type: 'received', search: 'desk', status: '1', pageNumber: 1, perPage: 10 }]),
    );
    await waitFor(() => expect(within(card()).getByTestId('order-kind').textContent).toBe('Swap'));
    expect(card().textContent).toContain('You give: Walnut desk');
    expect((screen.getByRole('textbox', { name: 'Search orders' }) as HTMLInputElement).value).toBe('desk');
    expect(listBodies()).toHaveLength(1);

    await choose(user, 'Buy now');
    await waitFor(() => expect(where()).toBe('/my-orders?search=desk&status=1'));
  });

  it('opened at ?kind=swap (a reload, Back): the swaps, filtered and paged as the buy-now list is', async () => {
    answer(SWAP_ORDERS, page([testSwapLeg()], { total: 25 }));
    const user = renderAt('/my-orders?kind=swap', 'purchases');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(kind('Swaps').checked).toBe(true);
    expect(swapBodies()).toEqual([{ type: 'purchases', pageNumber: 1, perPage: 10 }]);
    expect(calls.some((c) => c.url === '/api/buynow/orders')).toBe(false);
    expect(card().textContent).toContain('You give: Brass lamp');

    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(where()).toBe('/my-orders?kind=swap&page=2'));
    await waitFor(() => expect(swapBodies().at(-1)).toEqual({ type: 'purchases', pageNumber: 2, perPage: 10 }));

    await user.type(screen.getByRole('textbox', { name: 'Search orders' }), 'desk');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(where()).toBe('/my-orders?kind=swap&search=desk'));
    await waitFor(() =>
      expect(swapBodies().at(-1)).toEqual({ type: 'purchases', search: 'desk', pageNumber: 1, perPage: 10 }),
    );
  });

  it('an empty list of swaps says what will show there', async () => {
    answer(SWAP_ORDERS, page([]));
    renderAt('/my-orders?kind=swap', 'purchases');
    expect(await screen.findByRole('heading', { name: orderMessages.noOrders })).toBeTruthy();
    expect(screen.getByText('The items you receive in swaps will show here.')).toBeTruthy();
  });

  it('Mark as received, once the receiver says the parcel arrived: the leg is delivered, the list read again', async () => {
    const sent = testSwapLeg({ is_platform: 0, manual_ship_check_count: 1 });
    const delivered = { ...sent, swap_status: '5' as const, time_remaining: { hours: 72, minutes: 0, seconds: 0 } };
    answer(SWAP_ORDERS, page([sent]), page([delivered]));
    answer('GET /api/order/delivered/41', ok({ order: delivered }));
    const user = renderAt('/my-orders?kind=swap', 'purchases');
    await user.click(await within(await waitFor(() => card())).findByRole('button', { name: 'Mark as received' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm.textContent).toContain('Did the parcel arrive?');
    expect(calls.some((c) => c.url === '/api/order/delivered/41')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Yes, it arrived' }));
    await waitFor(() => expect(toasts).toEqual(['success: Marked as received']));
    expect(calls.filter((c) => c.url === '/api/order/delivered/41')).toHaveLength(1);
    await waitFor(() => expect(swapBodies()).toHaveLength(2));
    await waitFor(() => expect(within(card()).queryByRole('button', { name: 'Mark as received' })).toBeNull());
    expect(card().textContent).toContain('Delivered');
  });

  it('Mark as received that the api refuses says why', async () => {
    answer(SWAP_ORDERS, page([testSwapLeg({ is_platform: 0, manual_ship_check_count: 1 })]));
    answer('GET /api/order/delivered/41', refused(409, orderMessages.orderCannotMove));
    const user = renderAt('/my-orders?kind=swap', 'purchases');
    await user.click(await within(await waitFor(() => card())).findByRole('button', { name: 'Mark as received' }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Yes, it arrived' }));
    await waitFor(() => expect(toasts).toEqual([`error: ${orderMessages.orderCannotMove}`]));
  });
});
