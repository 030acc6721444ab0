/** @jest-environment jsdom */
import { act, renderHook, waitFor } from '@testing-library/react';
import { messages, type DisputeView } from '@swapstuff/contracts';
import { fakeFetch, fakeXhr, ok, TestQueryProvider } from '@swapstuff/sdk/testing';
import { uploadImage, useDispute, useMarkReceived, useOrder, useOrders, useRateOrder, useStoreDispute } from './api';
import { testOrder, testSwapLeg } from './testOrder';

const { calls, answer } = fakeFetch();

const bodyOf = (url: string) => JSON.parse(String(calls.find((c) => c.url === url)?.init?.body));

it('uploads a photo in the multipart field "image", with its progress', async () => {
  const { sent } = fakeXhr({
    status: 201,
    body: {
      Success: true,
      Description: messages.imageUploaded,
      Content: { image: { id: 11, url: 'https://cdn.test/11.jpg', width: 800, height: 600 } },
    },
  });
  const progress: number[] = [];
  const file = new File(['x'], 'leg.jpg', { type: 'image/jpeg' });
  await expect(uploadImage({ image: file, onProgress: (share) => progress.push(share) })).resolves.toEqual({
    id: 11,
    url: 'https://cdn.test/11.jpg',
    width: 800,
    height: 600,
  });
  expect(sent).toHaveLength(1);
  expect(sent[0].url).toBe('/api/upload/image');
  expect((sent[0].body.get('image') as File).name).toBe('leg.jpg');
  expect(progress).toEqual([0.25, 1]);
});

it('rates a buy-now order in the buy-now payload, a swap’s leg in the other one', async () => {
  answer('POST /api/buynow/review', ok({ review: {} }));
  answer('POST /api/v2/rate/user', ok({ review: {} }));
  const { result } = renderHook(() => useRateOrder(), { wrapper: TestQueryProvider });
  await act(() =>
    result.current.mutateAsync({ order: { id: 41, kind: 'buynow' }, stars: 4.5, comments: 'Very good.' }),
  );
  await act(() => result.current.mutateAsync({ order: { id: 42, kind: 'swap' }, stars: 3, comments: 'Fine swap.' }));
  expect(bodyOf('/api/buynow/review')).toEqual({ buyNowId: 41, rating: 4.5, comments: 'Very good.' });
  expect(bodyOf('/api/v2/rate/user')).toEqual({ orderId: 42, ratedStars: 3, comments: 'Fine swap.' });
});

it('a dispute just opened is the one its drawer shows, with no second request', async () => {
  const dispute: DisputeView = {
    id: 3,
    order_id: 41,
    disputeType: 'Other',
    disputeReason: 'It never came.',
    status: 'open',
    refund: null,
    info_requested_from: null,
    created_at: '2026-11-24T10:00:00.000Z',
    timeline: [],
  };
  answer('POST /api/dispute/store', ok({ dispute }));
  const { result } = renderHook(() => ({ store: useStoreDispute(), view: useDispute(41) }), {
    wrapper: TestQueryProvider,
  });
  // the drawer asks (404: nothing yet), then the dispute is opened
  await waitFor(() => expect(result.current.view.isError).toBe(true));
  await act(() =>
    result.current.store.mutateAsync({ orderId: 41, disputeType: 'Other', disputeReason: 'It never came.' }),
  );
  await waitFor(() => expect(result.current.view.data).toEqual(dispute));
  expect(calls.filter((c) => c.url === '/api/edit/dispute/41')).toHaveLength(1);
});

it('reads one order by its kind: a buy-now order, or a swap’s leg at its own endpoint', async () => {
  const leg = testSwapLeg({ id: 42 });
  answer('GET /api/buynow/detail/41', ok({ order: testOrder() }));
  answer('GET /api/swaprequest/order/42', ok({ order: leg }));
  const { result } = renderHook(
    () => ({ buyNow: useOrder(41), swap: useOrder(42, 'swap'), none: useOrder(null, 'swap') }),
    {
      wrapper: TestQueryProvider,
    },
  );
  await waitFor(() => expect(result.current.swap.data).toEqual(leg));
  await waitFor(() => expect(result.current.buyNow.data?.kind).toBe('buynow'));
  expect(calls.map((c) => c.url).sort()).toEqual(['/api/buynow/detail/41', '/api/swaprequest/order/42']);
});

it('lists the legs of swaps with the same filter as buy-now orders; Mark as received reads them again', async () => {
  const page = { orders: [testSwapLeg()], total: 1, pageNumber: 1, perPage: 10 };
  answer('POST /api/swap/orders/recieved', ok(page));
  answer('GET /api/order/delivered/41', ok({ order: testSwapLeg({ swap_status: '5' }) }));
  const input = { type: 'purchases', search: 'desk', status: null, pageNumber: 1, perPage: 10 } as const;
  const { result } = renderHook(() => ({ list: useOrders(input, 'swap'), mark: useMarkReceived() }), {
    wrapper: TestQueryProvider,
  });
  await waitFor(() => expect(result.current.list.data).toEqual(page));
  expect(bodyOf('/api/swap/orders/recieved')).toEqual({
    type: 'purchases',
    search: 'desk',
    pageNumber: 1,
    perPage: 10,
  });
  await act(() => result.current.mark.mutateAsync({ id: 41 }));
  await waitFor(() => expect(calls.filter((c) => c.url === '/api/swap/orders/recieved')).toHaveLength(2));
  expect(calls.some((c) => c.url === '/api/buynow/orders')).toBe(false);
});
