/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type ProductDimensions, type ShippingEstimate } from '@swapstuff/contracts';
import { ApiError } from '@swapstuff/sdk';
import { ShippingCalculator } from './ShippingCalculator';

const listingDimensions: ProductDimensions = {
  length: 12,
  width: 8.5,
  height: 4,
  pounds: 2,
  ounces: 3,
  sizeUnit: 'inches',
};

function renderCalculator(
  onCalculate: jest.Mock<Promise<ShippingEstimate>>,
  initialDimensions: ProductDimensions | null = listingDimensions,
) {
  const user = userEvent.setup({ delay: null });
  render(<ShippingCalculator initialDimensions={initialDimensions} onCalculate={onCalculate} />);
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  const retype = async (label: string, value: string) => {
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
  };
  const calculate = () => user.click(screen.getByRole('button', { name: /Calculate/ }));
  return { user, field, retype, calculate };
}

it('starts from the listing’s dimensions and shows the estimate as a range', async () => {
  const onCalculate = jest.fn().mockResolvedValue({ minimum: 8.5, maximum: 14.25 });
  const { field, calculate } = renderCalculator(onCalculate);
  expect(field('Length (in)').value).toBe('12');
  expect(field('Width (in)').value).toBe('8.5');
  expect(field('Height (in)').value).toBe('4');
  expect(field('Pounds (lb)').value).toBe('2');
  expect(field('Ounces (oz)').value).toBe('3');
  await calculate();
  expect(onCalculate).toHaveBeenCalledWith({
    length: 12,
    width: 8.5,
    height: 4,
    pounds: 2,
    ounces: 3,
    sizeUnit: 'inches',
  });
  expect(await screen.findByText('$8.50 – $14.25')).toBeTruthy();
  expect(screen.getByText(/Estimated shipping/)).toBeTruthy();
});

it('checks the listing’s bounds, with its messages, before asking', async () => {
  const onCalculate = jest.fn();
  const { retype, calculate } = renderCalculator(onCalculate, null);
  await calculate();
  for (const message of [
    messages.lengthRequired,
    messages.widthRequired,
    messages.heightRequired,
    messages.poundsRequired,
  ]) {
    expect(await screen.findByText(message)).toBeTruthy();
  }
  await retype('Length (in)', '166');
  await retype('Width (in)', '0.05');
  await retype('Height (in)', '109');
  await retype('Pounds (lb)', '154');
  await retype('Ounces (oz)', '60');
  await calculate();
  for (const message of [
    messages.lengthRange,
    messages.widthRange,
    messages.heightRange,
    messages.poundsRange,
    messages.ouncesRange,
  ]) {
    expect(await screen.findByText(message)).toBeTruthy();
  }
  expect(onCalculate).not.toHaveBeenCalled();
});

it('wants ounces while pounds is under 1, and not from a pound up', async () => {
  const onCalculate = jest.fn().mockResolvedValue({ minimum: 5, maximum: 7 });
  const { retype, calculate } = renderCalculator(onCalculate);
  await retype('Pounds (lb)', '0');
  await retype('Ounces (oz)', '');
  await calculate();
  expect(await screen.findByText(messages.ouncesRequired)).toBeTruthy();
  expect(onCalculate).not.toHaveBeenCalled();

  await retype('Pounds (lb)', '1');
  await waitFor(() => expect(screen.queryByText(messages.ouncesRequired)).toBeNull());
  await calculate();
  await waitFor(() => expect(onCalculate).toHaveBeenCalledWith(expect.objectContaining({ pounds: 1, ounces: 0 })));
});

it('keeps only digits and one decimal point as they are typed', async () => {
  const { retype, field } = renderCalculator(jest.fn());
  await retype('Width (in)', '1a2.5.7');
  expect(field('Width (in)').value).toBe('12.57');
});

it('shows why the estimate failed, and clears an estimate once the parcel changes', async () => {
  const onCalculate = jest
    .fn()
    .mockResolvedValueOnce({ minimum: 8.5, maximum: 14.25 })
    .mockRejectedValueOnce(
      new ApiError(422, { Success: false, Description: 'Couriers not available in this area', Content: null }),
    );
  const { retype, calculate } = renderCalculator(onCalculate);
  await calculate();
  expect(await screen.findByText('$8.50 – $14.25')).toBeTruthy();
  await retype('Height (in)', '6');
  expect(screen.queryByText('$8.50 – $14.25')).toBeNull();
  await calculate();
  expect((await screen.findByRole('alert')).textContent).toContain('Couriers not available in this area');
});
