/** @jest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, orderMessages } from '@swapstuff/contracts';
import { ApiError } from '@swapstuff/sdk';
import { recordToasts } from '@swapstuff/sdk/testing';
import { LABEL_FILE_NAME, ShippingLabelModal } from './ShippingLabelModal';

const LABEL = 'https://shippo.test/labels/9400111.png';
const toasts = recordToasts();

let open: jest.SpyInstance;
let click: jest.SpyInstance;
let createObjectURL: jest.SpyInstance;
let revokeObjectURL: jest.SpyInstance;
const clicked: { href: string; download: string }[] = [];

beforeEach(() => {
  clicked.length = 0;
  open = jest.spyOn(window, 'open');
  click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  createObjectURL = jest.spyOn(URL, 'createObjectURL').mockReturnValue('blob:label-1');
  revokeObjectURL = jest.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => {
  open.mockRestore();
  click.mockRestore();
  createObjectURL.mockRestore();
  revokeObjectURL.mockRestore();
});

function renderModal(
  labelUrl: string | null,
  download = jest.fn(),
  more: { loading?: boolean; error?: string | null } = {},
) {
  const onClose = jest.fn();
  const user = userEvent.setup({ delay: null });
  render(<ShippingLabelModal open labelUrl={labelUrl} download={download} onClose={onClose} {...more} />);
  const dialog = screen.getByRole('dialog', { name: 'Shipping Label' });
  return { user, dialog, onClose, download };
}

it('shows the label', () => {
  const { dialog } = renderModal(LABEL);
  expect(within(dialog).getByRole('img', { name: 'Shipping label' }).getAttribute('src')).toBe(LABEL);
});

it('prints the label in a window of its own once it has loaded', async () => {
  const printDoc = document.implementation.createHTMLDocument('');
  const printWindow = { document: printDoc, focus: jest.fn(), print: jest.fn() };
  open.mockReturnValue(printWindow as unknown as Window);
  const { user, dialog } = renderModal(LABEL);
  await user.click(within(dialog).getByRole('button', { name: /Print/ }));

  const img = printDoc.querySelector('img')!;
  expect(img.getAttribute('src')).toBe(LABEL);
  expect(printWindow.print).not.toHaveBeenCalled();
  img.dispatchEvent(new Event('load')); // (the print window's document has no window of its own here)
  expect(printWindow.print).toHaveBeenCalledTimes(1);
  expect(toasts).toEqual([]);
});

it('says the print window failed when the browser gives none', async () => {
  open.mockReturnValue(null);
  const { user, dialog } = renderModal(LABEL);
  await user.click(within(dialog).getByRole('button', { name: /Print/ }));
  expect(toasts).toEqual([`error: ${orderMessages.printWindowFailed}`]);
});

it('downloads the label through the api and saves it as shipping_label.png', async () => {
  const blob = new Blob(['png'], { type: 'image/png' });
  const download = jest.fn().mockResolvedValue(blob);
  const { user, dialog } = renderModal(LABEL, download);
  await user.click(within(dialog).getByRole('button', { name: /Download/ }));
  expect(download).toHaveBeenCalledWith(LABEL);
  await waitFor(() => expect(clicked).toEqual([{ href: 'blob:label-1', download: LABEL_FILE_NAME }]));
  expect(createObjectURL).toHaveBeenCalledWith(blob);
  expect(LABEL_FILE_NAME).toBe('shipping_label.png');
  expect(document.querySelector('a[download]')).toBeNull(); // the link is let go
  await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:label-1'));
});

it('says why a download failed', async () => {
  const download = jest
    .fn()
    .mockRejectedValueOnce(new ApiError(502, { Success: false, Description: 'Label not ready', Content: null }))
    .mockRejectedValueOnce(new TypeError('Failed to fetch'));
  const { user, dialog } = renderModal(LABEL, download);
  const downloadButton = within(dialog).getByRole('button', { name: /Download/ });
  await user.click(downloadButton);
  await waitFor(() => expect(toasts).toEqual(['error: Label not ready']));
  await waitFor(() => expect(downloadButton.className).not.toMatch(/loading/));
  await user.click(downloadButton);
  await waitFor(() => expect(toasts).toEqual(['error: Label not ready', `error: ${messages.genericError}`]));
  expect(clicked).toEqual([]);
});

it('without a label: "No Shipping Label", no Print or Download', async () => {
  const { user, dialog, onClose } = renderModal(null);
  expect(within(dialog).getByText(orderMessages.noShippingLabel)).toBeTruthy();
  expect(within(dialog).queryByRole('button', { name: /Print/ })).toBeNull();
  expect(within(dialog).queryByRole('button', { name: /Download/ })).toBeNull();
  await user.click(within(dialog).getByText('Close'));
  expect(onClose).toHaveBeenCalled();
});

it('while the label is being fetched: a placeholder that says so, no Print or Download', () => {
  const { dialog } = renderModal(null, jest.fn(), { loading: true });
  const status = within(dialog).getByRole('status');
  expect(status.getAttribute('aria-busy')).toBe('true');
  expect(status.textContent).toContain('Getting the shipping label…');
  expect(within(dialog).queryByText(orderMessages.noShippingLabel)).toBeNull();
  expect(within(dialog).queryByRole('button', { name: /Download/ })).toBeNull();
});

it('a label that could not be had says why', () => {
  const { dialog } = renderModal(null, jest.fn(), { error: orderMessages.shippingUnavailable });
  expect(within(dialog).getByText(orderMessages.noShippingLabel)).toBeTruthy();
  expect(within(dialog).getByText(orderMessages.shippingUnavailable)).toBeTruthy();
});
