/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { formatDate, type Order } from '@swapstuff/contracts';
import { theme } from '@swapstuff/sdk/ui';
import { OrderCard, type OrderCardActions } from './OrderCard';
import { testOrder, testSwapLeg } from './testOrder';

function renderCard(over: Partial<Order> = {}) {
  const actions: jest.Mocked<OrderCardActions> = {
    onShippingUpdates: jest.fn(),
    onAddTrackingInfo: jest.fn(),
    onAddRatings: jest.fn(),
    onCreateDispute: jest.fn(),
    onViewDispute: jest.fn(),
    onAddAdditionalInfo: jest.fn(),
    onPrintLabel: jest.fn(),
    onMarkReceived: jest.fn(),
  };
  const order = testOrder(over);
  const view = render(
    <MemoryRouter>
      <OrderCard order={order} {...actions} />
    </MemoryRouter>,
  );
  const card = () => screen.getByRole('article', { name: 'Walnut desk' });
  const buttonNames = () => {
    const group = within(card()).queryByRole('group', { name: 'Actions for Walnut desk' });
    if (!group) return [];
    return within(group)
      .queryAllByRole('button')
      .concat(within(group).queryAllByRole('link'))
      .map((b) => b.textContent);
  };
  return { ...view, order, actions, card, buttonNames, user: userEvent.setup({ delay: null }) };
}

it('shows the item, its price, the status, when it was ordered and the other party', () => {
  const { card } = renderCard();
  const text = card().textContent ?? '';
  // the photo is decorative: the card is named by the title beside it
  expect(card().querySelector('img')?.getAttribute('src')).toBe('https://cdn.test/desk.jpg');
  expect(within(card()).getByRole('heading', { name: 'Walnut desk' })).toBeTruthy();
  expect(text).toContain('$1,450.00');
  expect(text).toContain('Pending');
  expect(text).toContain(`Ordered ${formatDate('2026-11-23T15:49:00.000Z')}`);
  expect(text).toContain('Buyer: Grace H.');
  expect(card().style.borderColor).toBe('');
});

it('links the item to its page and the other party to their reviews, and names the status', () => {
  const { card } = renderCard();
  const title = within(card()).getByRole('heading', { level: 2, name: 'Walnut desk' });
  expect(within(title).getByRole('link', { name: 'Walnut desk' }).getAttribute('href')).toBe('/item-detail/5');
  expect(within(card()).getByRole('link', { name: 'Grace H.' }).getAttribute('href')).toBe('/user/8/reviews');
  expect(within(card()).getByTestId('order-status').textContent).toBe('Status: Pending');
  // the conversation about the listing with the other party (issue 16)
  expect(within(card()).getByRole('link', { name: 'Message' }).getAttribute('href')).toBe('/chat?product=5&user=8');
});

it('names a deleted account without a link', () => {
  const { card } = renderCard({
    buyer: { id: 0, first_name: 'Deleted', last_name: 'user', avatar: null, is_business: 0 },
  });
  expect(card().textContent).toContain('Buyer: Deleted user');
  expect(within(card()).queryByRole('link', { name: /Deleted/ })).toBeNull();
  expect(within(card()).queryByRole('link', { name: 'Message' })).toBeNull();
});

it('names the seller to the buyer', () => {
  const { card } = renderCard({ role: 'buyer', swap_status: '9' });
  expect(card().textContent).toContain('Seller: Ada L.');
  expect(card().textContent).toContain('Completed');
});

it('offers only the buttons the order calls for, each opening its own thing', async () => {
  const { user, buttonNames, actions, order, card } = renderCard({
    swap_status: '9',
    shipping_update_count: 1,
    create_dispute: 1,
  });
  expect(buttonNames()).toEqual(['Shipping Updates', 'Add Ratings', 'Create Dispute']);
  await user.click(within(card()).getByRole('button', { name: 'Shipping Updates' }));
  expect(actions.onShippingUpdates).toHaveBeenCalledWith(order);
  await user.click(within(card()).getByRole('button', { name: 'Add Ratings' }));
  expect(actions.onAddRatings).toHaveBeenCalledWith(order);
  await user.click(within(card()).getByRole('button', { name: 'Create Dispute' }));
  expect(actions.onCreateDispute).toHaveBeenCalledWith(order);
});

it('Add Tracking Info for a pending order the seller ships with their own courier', async () => {
  const { user, buttonNames, actions, card } = renderCard({ is_platform: 0 });
  expect(buttonNames()).toEqual(['Add Tracking Info']);
  await user.click(within(card()).getByRole('button', { name: 'Add Tracking Info' }));
  expect(actions.onAddTrackingInfo).toHaveBeenCalled();
});

it('View Dispute once there is one; no Add Ratings once rated', async () => {
  const { user, buttonNames, actions, card } = renderCard({
    swap_status: '6',
    dispute_count: 1,
    create_dispute: 1,
    user_rate_count: 1,
  });
  expect(buttonNames()).toEqual(['View Dispute']);
  await user.click(within(card()).getByRole('button', { name: 'View Dispute' }));
  expect(actions.onViewDispute).toHaveBeenCalled();
});

it('Print Label for the seller of a pending platform order whose label is still to be bought', async () => {
  const { user, buttonNames, actions, card } = renderCard();
  expect(buttonNames()).toEqual(['Print Label']);
  await user.click(within(card()).getByRole('button', { name: 'Print Label' }));
  expect(actions.onPrintLabel).toHaveBeenCalled();
});

it('no Print Label for the buyer', () => {
  expect(renderCard({ role: 'buyer' }).buttonNames()).toEqual([]);
});

it('no Print Label once delivered without a label', () => {
  expect(renderCard({ swap_status: '5' }).buttonNames()).toEqual([]);
});

it('Print Label when the order has a label', async () => {
  const { user, buttonNames, actions, card } = renderCard({ label_url: 'https://shippo.test/label.png' });
  expect(buttonNames()).toEqual(['Print Label']);
  await user.click(within(card()).getByRole('button', { name: 'Print Label' }));
  expect(actions.onPrintLabel).toHaveBeenCalled();
});

it('an order that needs action: a red border, the words, the admin’s message and Add Additional Info', async () => {
  const { user, buttonNames, actions, card } = renderCard({
    is_platform: 0,
    manual_ship_check_count: 1,
    action_required: 1,
    admin_message: { id: 3, message: 'Please send a photo of the parcel.' },
  });
  expect(card().style.borderColor).toBe(
    // jsdom writes the colour as rgb()
    (() => {
      const probe = document.createElement('div');
      probe.style.borderColor = theme.token!.colorError!;
      return probe.style.borderColor;
    })(),
  );
  expect(within(card()).getByText('Action required')).toBeTruthy();
  expect(within(card()).getByText('Please send a photo of the parcel.')).toBeTruthy();
  expect(buttonNames()).toEqual(['Add Additional Info']);
  await user.click(within(card()).getByRole('button', { name: 'Add Additional Info' }));
  expect(actions.onAddAdditionalInfo).toHaveBeenCalled();
});

it('Add Bank Details is a link to the remediation page', () => {
  const { card, buttonNames } = renderCard({
    is_platform: 0,
    manual_ship_check_count: 1,
    action_required: 3,
    remediation_link: 'https://connect.stripe.test/setup/acct_1',
  });
  expect(buttonNames()).toEqual(['Add Bank Details']);
  const link = within(card()).getByRole('link', { name: /Add Bank Details/ });
  expect(link.getAttribute('href')).toBe('https://connect.stripe.test/setup/acct_1');
  expect(card().style.borderColor).not.toBe('');
});

it('never links to a script; without a page, Add Bank Details goes to the payouts', () => {
  const { card } = renderCard({ action_required: 3, remediation_link: 'javascript:alert(1)' });
  expect(
    within(card())
      .getByRole('link', { name: /Add Bank Details/ })
      .getAttribute('href'),
  ).toBe('/payment-methods');
});

describe('a swap’s leg', () => {
  /** A leg the viewer receives (My Purchases, Swaps): the desk comes, they give the lamp. */
  const received = (over: Partial<Order> = {}) => renderCard(testSwapLeg(over));
  /** Sent by the other side with their own courier, its tracking info given: the receiver may confirm it. */
  const sentByHand = { is_platform: 0, manual_ship_check_count: 1 } as const;

  it('says Swap and what the viewer gives, and shows no money', () => {
    const { card } = received();
    expect(within(card()).getByTestId('order-kind').textContent).toBe('Swap');
    const text = card().textContent ?? '';
    expect(text).toContain('You give: Brass lamp');
    expect(text).toContain('Seller: Ada L.');
    expect(text).not.toContain('$');
    expect(text).not.toContain('You get');
  });

  it('on a leg the viewer sends: they give the item of the card and get the other one', () => {
    const { card } = received({ role: 'seller' });
    const text = card().textContent ?? '';
    expect(text).toContain('You give: Walnut desk');
    expect(text).toContain('You get: Brass lamp');
    expect(text).toContain('Buyer: Grace H.');
    expect(text).not.toContain('$');
  });

  it('a buy-now order says neither Swap nor You give', () => {
    const { card } = renderCard();
    expect(within(card()).queryByTestId('order-kind')).toBeNull();
    expect(card().textContent).not.toContain('You give');
  });

  it('keeps Print Label for the sender of a platform leg', () => {
    expect(received({ role: 'seller' }).buttonNames()).toEqual(['Print Label']);
  });

  it('keeps Add Tracking Info for the sender who ships with their own courier', () => {
    expect(received({ role: 'seller', is_platform: 0 }).buttonNames()).toEqual(['Add Tracking Info']);
  });

  it('keeps Shipping Updates, Add Ratings and the disputes', () => {
    expect(
      received({ swap_status: '9', shipping_update_count: 1, create_dispute: 1, ...sentByHand }).buttonNames(),
    ).toEqual(['Shipping Updates', 'Add Ratings', 'Create Dispute']);
  });

  it('Mark as received asks whether the parcel arrived, then marks it', async () => {
    const { user, buttonNames, actions, order, card } = received({ ...sentByHand, shipping_update_count: 1 });
    expect(buttonNames()).toEqual(['Mark as received', 'Shipping Updates']);
    await user.click(within(card()).getByRole('button', { name: 'Mark as received' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm.textContent).toContain('Did the parcel arrive?');
    expect(actions.onMarkReceived).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Yes, it arrived' }));
    expect(actions.onMarkReceived).toHaveBeenCalledWith(order);
  });

  it('Not yet marks nothing', async () => {
    const { user, actions, card } = received(sentByHand);
    await user.click(within(card()).getByRole('button', { name: 'Mark as received' }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Not yet' }));
    expect(actions.onMarkReceived).not.toHaveBeenCalled();
  });

  it.each<[string, Partial<Order>]>([
    ['a buy-now order', { kind: 'buynow', our_product: null }],
    ['the leg’s sender', { role: 'seller' }],
    ['a platform label (the carrier reports its delivery)', { is_platform: 1 }],
    ['a leg already delivered', { swap_status: '5' }],
    ['a disputed leg', { swap_status: '6' }],
    ['a leg with no tracking info yet', { manual_ship_check_count: 0 }],
  ])('no Mark as received for %s', (_, over) => {
    expect(received({ ...sentByHand, ...over }).buttonNames()).not.toContain('Mark as received');
  });
});

describe('the countdown', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(new Date('2026-11-25T12:00:00.000Z'));
  });
  afterEach(() => jest.useRealTimers());

  // how it ticks, stops and reads is the SDK's Countdown's (shell/sdk/src/ui/Countdown.test.tsx)
  it('ticks until the inspection ends', () => {
    renderCard({ swap_status: '5', inspection_ends_at: '2026-11-27T13:02:09.000Z' });
    const timer = screen.getByRole('timer');
    expect(timer.parentElement?.textContent).toBe(' Inspection ends in 49:02:09');
    act(() => jest.advanceTimersByTime(10_000));
    expect(timer.getAttribute('aria-label')).toBe('Inspection ends in 49 hours, 1 minute, 59 seconds');
  });

  it('is not shown without a deadline', () => {
    renderCard();
    expect(screen.queryByRole('timer')).toBeNull();
  });
});
