/** @jest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderMessages, type CourierRateView } from '@swapstuff/contracts';
import { ApiError } from '@swapstuff/sdk';
import { CourierPanel, type CourierPanelProps } from './CourierPanel';

// user-event moves between named radios with CSS.escape, which jsdom lacks
if (typeof window.CSS?.escape !== 'function') {
  Object.defineProperty(window, 'CSS', {
    configurable: true,
    value: { ...window.CSS, escape: (value: string) => value.replace(/[^\w-]/g, '\\$&') },
  });
}

const rate = (over: Partial<CourierRateView>): CourierRateView => ({
  object_id: 'r1',
  name: 'USPS',
  service: 'Ground Advantage',
  amount: 10,
  included_insurance_price: 0,
  provider_image_200: 'https://shippo.test/logos/usps/200.png',
  duration_terms: 'Delivery in 2 to 5 business days.',
  estimated_days: 3,
  ...over,
});

const RATES = [
  rate({ object_id: 'ups', name: 'UPS', service: 'Next Day Air', amount: 42.5, included_insurance_price: 2.5 }),
  rate({ object_id: 'usps', name: 'USPS', service: 'Ground Advantage', amount: 8.35, included_insurance_price: 0 }),
  rate({ object_id: 'fedex', name: 'FedEx', service: '2Day', amount: 19.9, included_insurance_price: 1.2 }),
];

function renderPanel(props: Partial<CourierPanelProps> = {}) {
  const handlers = { onRetry: jest.fn(), onOk: jest.fn(), onCancel: jest.fn() };
  const user = userEvent.setup({ delay: null });
  const view = render(<CourierPanel open rates={RATES} {...handlers} {...props} />);
  const dialog = () => screen.getByRole('dialog', { name: 'Select Courier' });
  const okButton = () => within(dialog()).getByRole('button', { name: 'OK' }) as HTMLButtonElement;
  return { ...handlers, ...view, user, dialog, okButton };
}

it('lists the couriers cheapest first, each with its logo, service, fee less insurance and terms', () => {
  const { dialog } = renderPanel();
  const radios = within(dialog()).getAllByRole('radio');
  expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual([
    'USPS Ground Advantage, $8.35, Delivery in 2 to 5 business days.',
    'FedEx 2Day, $18.70, Delivery in 2 to 5 business days.',
    'UPS Next Day Air, $40.00, Delivery in 2 to 5 business days.',
  ]);
  const text = dialog().textContent ?? '';
  expect(text.indexOf('$8.35')).toBeLessThan(text.indexOf('$18.70'));
  expect(text).toContain('Next Day Air');
  expect(text).not.toContain('$42.50');
  const logos = dialog().querySelectorAll('img');
  expect([...logos].map((img) => img.getAttribute('src'))).toEqual(RATES.map(() => RATES[0].provider_image_200));
});

it('keeps OK disabled until a courier is chosen, then hands over that courier', async () => {
  const { user, dialog, okButton, onOk } = renderPanel();
  expect(okButton().disabled).toBe(true);
  expect(within(dialog()).getByText(orderMessages.chooseCourier)).toBeTruthy();
  await user.click(okButton());
  expect(onOk).not.toHaveBeenCalled();

  await user.click(within(dialog()).getByRole('radio', { name: /^FedEx/ }));
  expect(okButton().disabled).toBe(false);
  expect(within(dialog()).queryByText(orderMessages.chooseCourier)).toBeNull();
  await user.click(okButton());
  expect(onOk).toHaveBeenCalledWith(RATES[2]);
});

it('is used with the keyboard: the arrow keys move the choice, OK is reached with Tab', async () => {
  const { user, dialog, okButton, onOk } = renderPanel();
  const radios = within(dialog()).getAllByRole('radio') as HTMLInputElement[];
  radios[0].focus();
  await user.keyboard(' ');
  expect(radios[0].checked).toBe(true);
  await user.keyboard('{ArrowDown}');
  await waitFor(() => expect(radios[1].checked).toBe(true));
  await user.tab();
  await user.tab();
  expect(document.activeElement).toBe(okButton());
  await user.keyboard('{Enter}');
  expect(onOk).toHaveBeenCalledWith(RATES[2]);
});

it('with no courier for the route, says the spec’s words and offers Refresh', async () => {
  const { user, dialog, okButton, onRetry } = renderPanel({ rates: [] });
  expect(within(dialog()).getByText(orderMessages.couriersNotAvailable)).toBeTruthy();
  expect(okButton().disabled).toBe(true);
  await user.click(within(dialog()).getByRole('button', { name: 'Refresh' }));
  expect(onRetry).toHaveBeenCalledTimes(1);
});

it('shows that the rates are loading, and their error with a Retry', async () => {
  const { rerender, user, dialog, okButton, onRetry, onOk, onCancel } = renderPanel({ rates: null });
  expect(within(dialog()).getByRole('status').getAttribute('aria-busy')).toBe('true');
  expect(within(dialog()).getByText('Loading couriers…')).toBeTruthy();
  expect(okButton().disabled).toBe(true);

  rerender(<CourierPanel open rates={null} error="Shipping is briefly unavailable" {...{ onRetry, onOk, onCancel }} />);
  expect(within(dialog()).getByText('Shipping is briefly unavailable')).toBeTruthy();
  await user.click(within(dialog()).getByRole('button', { name: /Retry/ }));
  expect(onRetry).toHaveBeenCalledTimes(1);
});

it('forgets a choice the refreshed rates no longer have', async () => {
  const { rerender, user, dialog, okButton, onRetry, onOk, onCancel } = renderPanel();
  await user.click(within(dialog()).getByRole('radio', { name: /^UPS/ }));
  expect(okButton().disabled).toBe(false);
  rerender(<CourierPanel open rates={RATES.slice(1)} {...{ onRetry, onOk, onCancel }} />);
  expect(okButton().disabled).toBe(true);
});

it('stays open with the error when the choice is refused, and Cancel closes it', async () => {
  const onOk = jest
    .fn()
    .mockRejectedValue(new ApiError(409, { Success: false, Description: 'Rate expired', Content: null }));
  const { user, dialog, okButton, onCancel } = renderPanel({ onOk });
  await user.click(within(dialog()).getByRole('radio', { name: /^USPS/ }));
  await user.click(okButton());
  expect(await within(dialog()).findByText('Rate expired')).toBeTruthy();
  await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
  expect(onCancel).toHaveBeenCalled();
});
