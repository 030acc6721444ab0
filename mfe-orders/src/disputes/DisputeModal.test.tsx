/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, orderMessages, type DisputeView } from '@swapstuff/contracts';
import { fakeFetch, fakeXhr, ok, recordToasts, refused, TestQueryProvider } from '@swapstuff/sdk/testing';
import { testOrder, testSwapLeg } from '../orders/testOrder';
import { DisputeModal } from './DisputeModal';

const { calls, answer } = fakeFetch();
const toasts = recordToasts();

const order = testOrder({ role: 'buyer', create_dispute: 1 });

const uploaded = (id: number) => ({
  status: 201,
  body: {
    Success: true,
    Description: messages.imageUploaded,
    Content: { image: { id, url: `https://cdn.test/evidence-${id}.jpg`, width: 800, height: 600 } },
  },
});

const dispute: DisputeView = {
  id: 3,
  order_id: 41,
  disputeType: 'Item damaged',
  disputeReason: 'The leg is broken.',
  status: 'open',
  refund: null,
  info_requested_from: null,
  created_at: '2026-11-24T10:00:00.000Z',
  timeline: [],
};

const photo = (name: string, type = 'image/jpeg', bytes = 10) => new File(['x'.repeat(bytes)], name, { type });

function renderModal() {
  const onClose = jest.fn();
  const user = userEvent.setup({ delay: null, applyAccept: false });
  render(<DisputeModal order={order} onClose={onClose} />, { wrapper: TestQueryProvider });
  const dialog = screen.getByRole('dialog');
  const input = within(dialog).getByTestId('photo-input') as HTMLInputElement;
  const type = within(dialog).getByRole('combobox', { name: 'Dispute type' });
  const reason = within(dialog).getByLabelText('Reason');
  const submit = () => within(dialog).getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
  const thumbnails = () => within(dialog).queryAllByRole('img', { name: /^Photo \d/ });
  /** Picks a type with the keyboard (rc-select reads `which`, which user-event leaves out). */
  const pickType = async (label: string) => {
    const press = async (key: 'ArrowDown' | 'Enter') => {
      const code = key === 'ArrowDown' ? 40 : 13;
      await act(async () => {
        fireEvent.keyDown(type, { key, keyCode: code, which: code });
      });
    };
    const shown = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
    act(() => type.focus());
    await press('ArrowDown');
    await waitFor(() => expect(shown()).toContain(label));
    for (let i = 0; i < shown().indexOf(label); i++) await press('ArrowDown');
    await press('Enter');
  };
  return { user, dialog, input, type, reason, submit, thumbnails, pickType, onClose };
}

it('is titled Create Dispute and offers the dispute types', async () => {
  const { dialog, user, type } = renderModal();
  expect(dialog.querySelector('.ant-modal-title')?.textContent).toBe('Create Dispute');
  await user.click(type);
  await waitFor(() =>
    expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'))).toEqual([
      'Item not received',
      'Item not as described',
      'Item damaged',
      'Wrong item',
      'Other',
    ]),
  );
});

it('says what stays on hold: the payment of a buy-now order, the swap of a leg', () => {
  const { dialog } = renderModal();
  expect(dialog.textContent).toContain('The payment stays on hold');
  render(<DisputeModal order={testSwapLeg({ id: 42, create_dispute: 1 })} onClose={jest.fn()} />, {
    wrapper: TestQueryProvider,
  });
  const leg = screen.getAllByRole('dialog').find((d) => d !== dialog)!;
  expect(leg.textContent).toContain('Walnut desk: tell us what went wrong. The swap stays on hold');
});

it('needs a type and a reason', async () => {
  const { dialog, user, submit } = renderModal();
  await user.click(submit());
  expect(await within(dialog).findByText(orderMessages.disputeTypeRequired)).toBeTruthy();
  expect(within(dialog).getByText(orderMessages.disputeReasonRequired)).toBeTruthy();
  expect(calls).toEqual([]);
});

it('uploads each photo as it is picked, shows it, and sends the ids with the dispute', async () => {
  const { sent } = fakeXhr(uploaded(11), uploaded(12));
  answer('POST /api/dispute/store', ok({ dispute }, orderMessages.disputeOpened));
  const { dialog, user, input, reason, submit, thumbnails, pickType, onClose } = renderModal();
  await user.upload(input, [photo('leg.jpg'), photo('box.png', 'image/png')]);
  await waitFor(() =>
    expect(thumbnails().map((img) => img.getAttribute('src'))).toEqual([
      'https://cdn.test/evidence-11.jpg',
      'https://cdn.test/evidence-12.jpg',
    ]),
  );
  expect(sent.map((r) => [r.method, r.url, (r.body.get('image') as File).name])).toEqual([
    ['POST', '/api/upload/image', 'leg.jpg'],
    ['POST', '/api/upload/image', 'box.png'],
  ]);
  expect(thumbnails()[0].getAttribute('alt')).toBe('Photo 1: leg.jpg');

  // the second is taken out again
  await user.click(within(dialog).getByRole('button', { name: 'Remove photo 2' }));
  expect(thumbnails()).toHaveLength(1);

  await pickType('Item damaged');
  await user.click(reason);
  await user.paste('  The leg is broken.  ');
  await user.click(submit());
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  const store = calls.find((c) => c.url === '/api/dispute/store');
  expect(JSON.parse(String(store?.init?.body))).toEqual({
    orderId: 41,
    disputeType: 'Item damaged',
    disputeReason: 'The leg is broken.',
    images: [11],
  });
  expect(toasts).toEqual([`success: ${orderMessages.disputeOpened}`]);
});

it('refuses what is not a photo, one over 5 MB and a sixth one', async () => {
  const { sent } = fakeXhr(uploaded(1), uploaded(2), uploaded(3), uploaded(4), uploaded(5));
  const { dialog, user, input, thumbnails } = renderModal();
  await user.upload(input, [
    photo('notes.pdf', 'application/pdf'),
    photo('huge.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1),
  ]);
  expect(toasts).toEqual([`error: ${messages.imageType}`, `error: ${messages.imageOver5Mb}`]);
  expect(sent).toEqual([]);
  toasts.length = 0;

  await user.upload(
    input,
    ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => photo(`${n}.jpg`)),
  );
  expect(toasts).toEqual([`error: ${messages.imagesMax}`]);
  await waitFor(() => expect(thumbnails()).toHaveLength(5));
  expect(sent).toHaveLength(5);
  expect((within(dialog).getByRole('button', { name: 'Add Photos' }) as HTMLButtonElement).disabled).toBe(true);
});

it('waits for the photos before it sends, and says when one could not be uploaded', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  fakeXhr(
    { ...uploaded(21), held },
    { status: 400, body: { Success: false, Description: messages.imageOver5Mb, Content: null } },
  );
  const { dialog, user, input, submit } = renderModal();
  await user.upload(input, [photo('slow.jpg')]);
  await waitFor(() => expect(submit().disabled).toBe(true));
  expect(within(dialog).getByText('Waiting for the photos to upload…')).toBeTruthy();
  await act(async () => release());
  await waitFor(() => expect(submit().disabled).toBe(false));

  await user.upload(input, [photo('refused.jpg')]);
  expect(await within(dialog).findByText(messages.imageOver5Mb)).toBeTruthy();
});

it('shows the api’s refusal', async () => {
  answer('POST /api/dispute/store', refused(409, orderMessages.disputeNotAllowed));
  const { dialog, user, reason, submit, pickType, onClose } = renderModal();
  await pickType('Other');
  await user.click(reason);
  await user.paste('It never came.');
  await user.click(submit());
  expect(await within(dialog).findByText(orderMessages.disputeNotAllowed)).toBeTruthy();
  expect(onClose).not.toHaveBeenCalled();
  expect(toasts).toEqual([]);
});
