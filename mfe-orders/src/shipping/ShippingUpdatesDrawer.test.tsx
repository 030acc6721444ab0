/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDate, ListingStatus, type ShippingData, type ShippingHistoryEntry } from '@swapstuff/contracts';
import { newestFirst, ShippingUpdatesDrawer } from './ShippingUpdatesDrawer';

const entry = (over: Partial<ShippingHistoryEntry>): ShippingHistoryEntry => ({
  status_date: '2026-11-20',
  status_time: '09:15',
  status_at: '',
  ship_status: 'PRE_TRANSIT',
  status_details: 'Label created',
  location: { city: 'Austin' },
  ...over,
});

const AT = ['2026-11-20T09:15:00.000Z', '2026-11-21T08:00:00.000Z', '2026-11-22T16:40:00.000Z'];
const HISTORY = [
  entry({ status_at: AT[0] }),
  entry({
    status_date: '2026-11-21',
    status_time: '08:00',
    status_at: AT[1],
    ship_status: 'TRANSIT',
    status_details: 'Departed',
  }),
  entry({
    status_date: '2026-11-22',
    status_time: '16:40',
    status_at: AT[2],
    ship_status: 'DELIVERED',
    status_details: 'Left at front door',
    location: { city: 'Denver' },
  }),
];

const data = (over: Partial<ShippingData['order_detail']> = {}): ShippingData => ({
  product_detail: {
    id: 5,
    title: 'Walnut desk',
    sales_price: '250.00',
    featured_image: { file_name: 'https://cdn.test/desk.jpg' },
    is_buyable: 1,
    status: ListingStatus.InProcess,
  },
  order_detail: {
    eta: '2026-11-22T17:00:00.000Z',
    current_status: '0',
    shipment_status: 'TRANSIT',
    carrier: 'USPS',
    tracking_number: '9400111899223197428490',
    delivery_address: '350 Fifth Avenue, New York, NY 10118',
    sender_address: '1 Congress Ave, Austin, TX 73301',
    history: HISTORY,
    ...over,
  },
});

function renderDrawer(props: Partial<Parameters<typeof ShippingUpdatesDrawer>[0]> = {}) {
  const onClose = jest.fn();
  const view = render(<ShippingUpdatesDrawer open data={data()} onClose={onClose} {...props} />);
  const panel = () => screen.getByRole('dialog', { name: 'Shipping Updates' });
  return { ...view, onClose, panel };
}

it('shows the ETA, the status, the parcel, both addresses and the history newest first', () => {
  const { panel } = renderDrawer();
  const text = panel().textContent ?? '';
  expect(text).toContain('Walnut desk');
  expect(text).toContain(formatDate('2026-11-22T17:00:00.000Z'));
  expect(text).toContain('Current statusIn Process');
  expect(text).toContain('Tracking statusIn transit');
  expect(text).toContain('USPS · 9400111899223197428490');
  expect(text).toContain('350 Fifth Avenue, New York, NY 10118');
  expect(text).toContain('1 Congress Ave, Austin, TX 73301');

  const entries = within(panel()).getAllByTestId('shipping-history-entry');
  // each moment in the viewer's time zone, as the site writes dates
  expect(entries.map((e) => e.textContent)).toEqual([
    `${formatDate(AT[2])}DeliveredLeft at front doorDenver`,
    `${formatDate(AT[1])}In transitDepartedAustin`,
    `${formatDate(AT[0])}Pre-transitLabel createdAustin`,
  ]);
});

it('without an ISO moment, sorts and shows the date and time as sent', () => {
  const { panel } = renderDrawer({
    data: data({
      history: [
        entry({ status_date: '2026-11-22', status_time: '16:40', ship_status: 'DELIVERED', location: null }),
        entry({ location: null }),
      ],
    }),
  });
  const entries = within(panel()).getAllByTestId('shipping-history-entry');
  expect(entries.map((e) => e.textContent)).toEqual([
    '2026-11-22 · 16:40DeliveredLabel created',
    '2026-11-20 · 09:15Pre-transitLabel created',
  ]);
});

it('reads a buy-now order’s current_status "1" as Delivered', () => {
  const { panel } = renderDrawer({ data: data({ current_status: '1' }) });
  expect(within(panel()).getByText('Delivered', { selector: '.ant-tag' })).toBeTruthy();
  expect(panel().textContent).not.toContain('In Process');
});

it('names every shipment status', () => {
  const statuses = ['RETURNED', 'FAILURE', 'UNKNOWN'] as const;
  const { panel } = renderDrawer({
    data: data({
      history: statuses.map((ship_status, i) =>
        entry({ ship_status, status_time: `1${i}:00`, status_at: `2026-11-20T1${i}:00:00.000Z`, location: null }),
      ),
    }),
  });
  const entries = within(panel()).getAllByTestId('shipping-history-entry');
  expect(entries.map((e) => e.textContent?.replace(/^.*(AM|PM)/, ''))).toEqual([
    'UnknownLabel created',
    'FailureLabel created',
    'ReturnedLabel created',
  ]);
});

it('with dates it cannot read, turns the api’s oldest-first order round', () => {
  const odd = [entry({ status_date: 'yesterday' }), entry({ status_date: 'today', ship_status: 'DELIVERED' })];
  expect(newestFirst(odd).map((e) => e.status_date)).toEqual(['today', 'yesterday']);
});

it('says when there is no history yet, and the ETA is not known', () => {
  const { panel } = renderDrawer({ data: data({ history: [], eta: null }) });
  expect(within(panel()).getByText('No tracking updates yet')).toBeTruthy();
  expect(within(panel()).getByText('Not known yet')).toBeTruthy();
});

it('shows that it loads, then an error with a Retry', async () => {
  const onRetry = jest.fn();
  const { panel, rerender, onClose } = renderDrawer({ data: null });
  expect(within(panel()).getByRole('status').getAttribute('aria-busy')).toBe('true');
  rerender(
    <ShippingUpdatesDrawer open data={null} error="Tracking is unavailable" onRetry={onRetry} onClose={onClose} />,
  );
  expect(within(panel()).getByText('Tracking is unavailable')).toBeTruthy();
  await userEvent.setup({ delay: null }).click(within(panel()).getByRole('button', { name: /Retry/ }));
  expect(onRetry).toHaveBeenCalled();
});

it('closes with its close button and Escape', async () => {
  const user = userEvent.setup({ delay: null });
  const { panel, onClose } = renderDrawer();
  await user.click(within(panel()).getByRole('button', { name: 'Close' }));
  expect(onClose).toHaveBeenCalledTimes(1);
  await user.keyboard('{Escape}');
  expect(onClose).toHaveBeenCalledTimes(2);
});
