/** @jest-environment jsdom */
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { endpoints, type AnyEndpoint, type Envelope } from '@swapstuff/contracts';
import { bus, useSession } from '@swapstuff/sdk';
import {
  createQueryClient,
  endpointKey,
  endpointName,
  QueryProvider,
  queryClient,
  useEndpointMutation,
  useEndpointQuery,
} from '.';

/** The api: `METHOD path` → answers in turn (the last one repeats); every request is counted. */
let answers: Record<string, { status: number; body: Envelope }[]>;
let requests: string[];

beforeEach(() => {
  answers = {};
  requests = [];
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    const request = `${init?.method} ${url}`;
    requests.push(request);
    const queue = answers[request] ?? [];
    const answer = (queue.length > 1 ? queue.shift() : queue[0]) ?? { status: 404, body: null };
    return { status: answer.status, json: async () => answer.body };
  });
  Object.defineProperty(window, 'fetch', { configurable: true, writable: true, value: fetchMock });
});

const ok = (Content: unknown): { status: number; body: Envelope } => ({
  status: 200,
  body: { Success: true, Description: '', Content },
});
const refused = (status: number): { status: number; body: Envelope } => ({
  status,
  body: { Success: false, Description: `refused with ${status}`, Content: null },
});

let client: QueryClient;
function wrapper({ children }: { children: ReactNode }) {
  return <QueryProvider client={client}>{children}</QueryProvider>;
}
beforeEach(() => {
  client = createQueryClient();
});

describe('query keys', () => {
  it('are the endpoint name from the table, then the input', () => {
    expect(endpointName(endpoints.myListings)).toBe('myListings');
    expect(endpointKey(endpoints.search, { keyword: 'bike' })).toEqual(['search', { keyword: 'bike' }]);
    expect(endpointKey(endpoints.home)).toEqual(['home', {}]);
  });

  it('refuse an endpoint the table does not have', () => {
    const stray: AnyEndpoint = { ...endpoints.home, path: '/api/nowhere' };
    expect(() => endpointName(stray)).toThrow('GET /api/nowhere is not in the endpoint table');
  });
});

describe('useEndpointQuery', () => {
  it("loads the endpoint's Content, and a refusal as an ApiError with no toast", async () => {
    const toasts: string[] = [];
    const off = bus.on('toast', ({ content }) => toasts.push(content));
    answers['GET /api/productdetail/5'] = [ok({ product: { id: 5 } })];
    const found = renderHook(() => useEndpointQuery(endpoints.product, { id: 5 }), { wrapper });
    await waitFor(() => expect(found.result.current.data).toEqual({ product: { id: 5 } }));

    const missing = renderHook(() => useEndpointQuery(endpoints.product, { id: 6 }), { wrapper });
    await waitFor(() => expect(missing.result.current.isLoadingError).toBe(true));
    expect(missing.result.current.error).toMatchObject({ status: 404 });
    expect(toasts).toEqual([]);
    off();
  });
});

describe('useEndpointMutation', () => {
  /** Two pages of My Listings and the home page on screen, and a delete. */
  async function showing() {
    answers['POST /api/webmyproducts'] = [ok({ products: [] })];
    answers['GET /api/home'] = [ok({ products: [] })];
    const page1 = renderHook(() => useEndpointQuery(endpoints.myListings, { pageNumber: 1 }), { wrapper });
    const page2 = renderHook(() => useEndpointQuery(endpoints.myListings, { pageNumber: 2 }), { wrapper });
    const home = renderHook(() => useEndpointQuery(endpoints.home), { wrapper });
    await waitFor(() => [page1, page2, home].forEach((q) => expect(q.result.current.isSuccess).toBe(true)));
    requests.length = 0;
    return renderHook(() => useEndpointMutation(endpoints.deleteListing, { invalidates: [endpoints.myListings] }), {
      wrapper,
    });
  }

  it('asks every query of the endpoints it changes again, whatever their input, and no other', async () => {
    const remove = await showing();
    answers['GET /api/delete/product/9'] = [ok(null)];
    await act(() => remove.result.current.mutateAsync({ id: 9 }));
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(requests).toEqual(['GET /api/delete/product/9', 'POST /api/webmyproducts', 'POST /api/webmyproducts']);
  });

  it('asks them again after a refusal that says the page was stale (404, 409), not after others', async () => {
    const remove = await showing();
    answers['GET /api/delete/product/9'] = [refused(400), refused(409)];
    await act(() => remove.result.current.mutateAsync({ id: 9 }).catch(() => undefined));
    // nothing changed and nothing was stale: no query is asked again
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual(['GET /api/delete/product/9']);

    await act(() => remove.result.current.mutateAsync({ id: 9 }).catch(() => undefined));
    await waitFor(() => expect(requests).toHaveLength(4));
    expect(requests.slice(2)).toEqual(['POST /api/webmyproducts', 'POST /api/webmyproducts']);
  });
});

describe('the page’s query client', () => {
  it('keeps the session store’s default address as the address book changes in its cache', () => {
    const place = { street_2: null, city: 'Austin', state: 'Texas', zip: '73301', country: 'United States' };
    const first = { ...place, id: 1, street_1: '1 Main St', formatted_street_1: '1 Main St, Austin' };
    const second = { ...place, id: 2, street_1: '2 Oak St', formatted_street_1: '2 Oak St, Austin' };
    useSession.getState().reset();
    queryClient.setQueryData(endpointKey(endpoints.addresses), {
      address: [
        { ...first, featured: 1 },
        { ...second, featured: 0 },
      ],
    });
    expect(useSession.getState().address?.id).toBe(1);
    // Make Default answers the whole book as it now is
    queryClient.setQueryData(endpointKey(endpoints.addresses), {
      address: [
        { ...second, featured: 1 },
        { ...first, featured: 0 },
      ],
    });
    expect(useSession.getState().address?.id).toBe(2);
    queryClient.setQueryData(endpointKey(endpoints.addresses), { address: [] });
    expect(useSession.getState().address).toBeNull();
  });
});
