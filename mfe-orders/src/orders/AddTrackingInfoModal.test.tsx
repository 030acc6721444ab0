/** @jest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderMessages } from '@swapstuff/contracts';
import { ApiError } from '@swapstuff/sdk';
import { AddTrackingInfoModal } from './AddTrackingInfoModal';

function renderModal(onSubmit: jest.Mock = jest.fn().mockResolvedValue(undefined)) {
  const onClose = jest.fn();
  const user = userEvent.setup({ delay: null });
  render(<AddTrackingInfoModal open onSubmit={onSubmit} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Add Tracking Info' });
  const company = within(dialog).getByLabelText('Company Name') as HTMLInputElement;
  const tracking = within(dialog).getByLabelText('Tracking Number') as HTMLInputElement;
  const submit = () => user.click(within(dialog).getByRole('button', { name: 'Submit' }));
  return { user, dialog, company, tracking, submit, onSubmit, onClose };
}

it('wants both fields, with the contracts’ messages', async () => {
  const { dialog, submit, onSubmit } = renderModal();
  await submit();
  expect(await within(dialog).findByText(orderMessages.companyNameRequired)).toBeTruthy();
  expect(await within(dialog).findByText(orderMessages.trackingNumberRequired)).toBeTruthy();
  expect(onSubmit).not.toHaveBeenCalled();
});

it('takes at most 32 and 64 characters', () => {
  const { company, tracking } = renderModal();
  expect(company.maxLength).toBe(32);
  expect(tracking.maxLength).toBe(64);
});

it('sends the trimmed entry and closes', async () => {
  const { user, company, tracking, submit, onSubmit, onClose } = renderModal();
  await user.type(company, ' UPS ');
  await user.type(tracking, '1Z999AA10123456784 ');
  await submit();
  expect(onSubmit).toHaveBeenCalledWith({ companyName: 'UPS', trackingNumber: '1Z999AA10123456784' });
  await waitFor(() => expect(onClose).toHaveBeenCalled());
});

it('shows a refusal on its field, or above the form, and stays open', async () => {
  const onSubmit = jest
    .fn()
    .mockRejectedValueOnce(
      new ApiError(400, {
        Success: false,
        Description: 'Validation failed',
        Content: { errors: { trackingNumber: 'Unknown tracking number' } },
      }),
    )
    .mockRejectedValueOnce(new ApiError(409, { Success: false, Description: 'Already shipped', Content: null }));
  const { user, dialog, company, tracking, submit, onClose } = renderModal(onSubmit);
  await user.type(company, 'UPS');
  await user.type(tracking, '123');
  await submit();
  expect(await within(dialog).findByText('Unknown tracking number')).toBeTruthy();
  await user.type(tracking, '4');
  await submit();
  expect((await within(dialog).findByRole('alert')).textContent).toContain('Already shipped');
  expect(onClose).not.toHaveBeenCalled();
});
