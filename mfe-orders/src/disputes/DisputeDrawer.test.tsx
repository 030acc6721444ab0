/** @jest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDate, messages, orderMessages, type DisputeView } from '@swapstuff/contracts';
import { fakeFetch, fakeXhr, ok, recordToasts, refused, TestQueryProvider } from '@swapstuff/sdk/testing';
import { testOrder } from '../orders/testOrder';
import { DisputeDrawer } from './DisputeDrawer';

const { calls, answer } = fakeFetch();
const toasts = recordToasts();

const order = testOrder({ role: 'seller', swap_status: '6', dispute_count: 1 });

const dispute = (over: Partial<DisputeView> = {}): DisputeView => ({
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
      images: ['https://cdn.test/leg.jpg', 'https://cdn.test/box.jpg'],
      created_at: '2026-11-24T10:00:00.000Z',
    },
    {
      id: 2,
      kind: 'additional',
      by: 'seller',
      text: 'It left here in one piece.',
      images: [],
      created_at: '2026-11-24T12:00:00.000Z',
    },
  ],
  ...over,
});

function renderDrawer(focusForm = false) {
  const onClose = jest.fn();
  const user = userEvent.setup({ delay: null });
  render(<DisputeDrawer order={order} focusForm={focusForm} onClose={onClose} />, { wrapper: TestQueryProvider });
  const drawer = screen.getByRole('dialog');
  const entries = () => within(drawer).getAllByTestId('dispute-entry');
  return { user, drawer, entries, onClose };
}

it('shows the dispute and its timeline: who, what, the photos and when', async () => {
  answer('GET /api/edit/dispute/41', ok({ dispute: dispute() }));
  const { drawer, entries } = renderDrawer();
  expect(drawer.querySelector('.ant-drawer-title')?.textContent).toBe('Dispute');
  expect(within(drawer).getByText('Loading the dispute…')).toBeTruthy();
  await waitFor(() => expect(entries()).toHaveLength(2));
  expect(drawer.textContent).toContain('Item damaged');
  expect(drawer.textContent).toContain('Open');
  const [opened, added] = entries();
  expect(opened.textContent).toContain('Buyer opened the dispute');
  expect(opened.textContent).toContain(formatDate('2026-11-24T10:00:00.000Z'));
  expect(opened.textContent).toContain('The leg is broken.');
  const photos = within(opened).getAllByRole('link');
  expect(photos.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')])).toEqual([
    ['Photo 1 of 2 from the buyer (opens in a new tab)', 'https://cdn.test/leg.jpg'],
    ['Photo 2 of 2 from the buyer (opens in a new tab)', 'https://cdn.test/box.jpg'],
  ]);
  expect(added.textContent).toContain('Seller (you) added information');
  expect(within(drawer).getByRole('heading', { level: 3, name: 'Timeline' })).toBeTruthy();
  expect(within(drawer).getByRole('heading', { level: 3, name: 'Add Additional Info' })).toBeTruthy();
});

it('adds text and photos to an open dispute; the timeline shows them', async () => {
  const { sent } = fakeXhr({
    status: 201,
    body: {
      Success: true,
      Description: messages.imageUploaded,
      Content: { image: { id: 31, url: 'https://cdn.test/packing.jpg', width: 800, height: 600 } },
    },
  });
  const after = dispute();
  after.timeline.push({
    id: 3,
    kind: 'additional',
    by: 'seller',
    text: 'Here is how it was packed.',
    images: ['https://cdn.test/packing.jpg'],
    created_at: '2026-11-25T09:00:00.000Z',
  });
  answer('GET /api/edit/dispute/41', ok({ dispute: dispute() }));
  answer('POST /api/dispute/additional', ok({ dispute: after }, orderMessages.disputeUpdated));
  const { user, drawer, entries } = renderDrawer();
  await waitFor(() => expect(entries()).toHaveLength(2));

  await user.click(within(drawer).getByRole('button', { name: 'Submit' }));
  expect(await within(drawer).findByText(orderMessages.additionalRequired)).toBeTruthy();

  await user.click(within(drawer).getByLabelText('Message'));
  await user.paste('Here is how it was packed.');
  await user.upload(within(drawer).getByTestId('photo-input'), new File(['x'], 'packing.jpg', { type: 'image/jpeg' }));
  await waitFor(() =>
    expect(within(drawer).getByRole('img', { name: 'Photo 1: packing.jpg' }).getAttribute('src')).toBe(
      'https://cdn.test/packing.jpg',
    ),
  );
  expect(sent).toHaveLength(1);
  await user.click(within(drawer).getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(entries()).toHaveLength(3));
  expect(JSON.parse(String(calls.find((c) => c.url === '/api/dispute/additional')?.init?.body))).toEqual({
    orderId: 41,
    text: 'Here is how it was packed.',
    images: [31],
  });
  expect(toasts).toEqual([`success: ${orderMessages.disputeUpdated}`]);
  expect(entries()[2].textContent).toContain('Seller (you) added information');
  // the form is ready for more
  await waitFor(() => expect((within(drawer).getByLabelText('Message') as HTMLTextAreaElement).value).toBe(''));
  expect(within(drawer).queryByRole('img', { name: /^Photo 1:/ })).toBeNull();
});

it('a resolved dispute takes no more, and says what was refunded', async () => {
  answer(
    'GET /api/edit/dispute/41',
    ok({
      dispute: dispute({
        status: 'resolved',
        refund: '20.00',
        timeline: [
          ...dispute().timeline,
          {
            id: 4,
            kind: 'resolved',
            by: 'support',
            text: 'Support refunded the buyer of $20.00.',
            images: [],
            created_at: '2026-11-26T09:00:00.000Z',
          },
        ],
      }),
    }),
  );
  const { drawer, entries } = renderDrawer();
  await waitFor(() => expect(entries()).toHaveLength(3));
  expect(entries()[2].textContent).toContain('Support resolved the dispute');
  expect(drawer.textContent).toContain('Resolved');
  expect(drawer.textContent).toContain('$20.00');
  expect(within(drawer).getByText(orderMessages.disputeClosed)).toBeTruthy();
  expect(within(drawer).queryByRole('button', { name: 'Submit' })).toBeNull();
});

it('a dispute that cannot be loaded says why; Retry asks again', async () => {
  answer('GET /api/edit/dispute/41', refused(404, orderMessages.disputeNotFound), ok({ dispute: dispute() }));
  const { user, drawer, entries } = renderDrawer();
  expect(await within(drawer).findByText(orderMessages.disputeNotFound)).toBeTruthy();
  await user.click(within(drawer).getByRole('button', { name: /Retry/ }));
  await waitFor(() => expect(entries()).toHaveLength(2));
});

it('opened by Add Additional Info, the message box takes the focus', async () => {
  answer('GET /api/edit/dispute/41', ok({ dispute: dispute() }));
  const { drawer } = renderDrawer(true);
  await waitFor(() => expect(document.activeElement).toBe(within(drawer).getByLabelText('Message')));
});
