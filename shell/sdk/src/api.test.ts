/** @jest-environment jsdom */
import { endpoints, messages, type Envelope } from '@swapstuff/contracts';
import { ApiError, api } from './api';
import { bus } from './bus';
import { useSession } from './store';
import { fakeXhr } from './testing';

/** jsdom has no Response: what the client reads of one (status, ok, a JSON body or a parse failure). */
function answer(status: number, body: unknown): Response {
  const json = () => (typeof body === 'string' ? Promise.reject(new SyntaxError('not JSON')) : Promise.resolve(body));
  return { status, ok: status >= 200 && status < 300, json } as Response;
}

const ok = (Content: unknown, Description = ''): Envelope => ({ Success: true, Description, Content });

describe('api client', () => {
  const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();
  const toasts: string[] = [];
  let unsubscribe: () => void;
  const sentXsrf = () =>
    fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['X-XSRF-TOKEN']);

  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
    toasts.length = 0;
    unsubscribe = bus.on('toast', ({ content }) => toasts.push(content));
    useSession.getState().reset();
    document.cookie = 'XSRF-TOKEN=abc123; path=/';
  });
  afterEach(() => unsubscribe());

  it('returns Content of a successful envelope', async () => {
    fetchMock.mockResolvedValue(answer(200, ok({ categories: [1] }, 'ok')));
    await expect(api.call(endpoints.home)).resolves.toEqual({ categories: [1] });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/home');
    expect(fetchMock.mock.calls[0][1]?.method).toBe('GET');
    expect(toasts).toEqual([]);
  });

  it("sends each endpoint's input where the table says: path, query string or JSON body", async () => {
    fetchMock.mockResolvedValue(answer(200, ok(null)));
    await api.call(endpoints.product, { id: 'a/b 1' });
    await api.call(endpoints.searchPlaces, { q: '350 Fifth Avenue, 10118' });
    await api.call(endpoints.publicSearch, { string: 'red bike', sort: 'newest', keyword: undefined, perPage: 5 });
    await api.call(endpoints.search, { keyword: 'bike', categoryId: undefined, pageNumber: 2 });
    await api.call(endpoints.logoutByPost, { token: '-' });
    const sent = fetchMock.mock.calls.map(([url, init]) => [init?.method, url, init?.body]);
    expect(sent).toEqual([
      ['GET', '/api/productdetail/a%2Fb%201', undefined],
      ['GET', '/api/places/search?q=350%20Fifth%20Avenue%2C%2010118', undefined],
      ['GET', '/api/public/productsearch/red%20bike?sort=newest&perPage=5', undefined],
      ['POST', '/api/webgetproducts', JSON.stringify({ keyword: 'bike', pageNumber: 2 })],
      ['POST', '/api/web/logout/-', undefined],
    ]);
    const contentType = fetchMock.mock.calls.map(
      ([, init]) => (init?.headers as Record<string, string>)['Content-Type'],
    );
    expect(contentType).toEqual([undefined, undefined, undefined, 'application/json', undefined]);
  });

  it('refuses to call a path whose parameter is missing', async () => {
    await expect(api.call(endpoints.product, { id: '' })).rejects.toThrow('/api/productdetail/:id needs its id');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('echoes the XSRF cookie on every call, reads included (the spec changes state on GETs)', async () => {
    fetchMock.mockResolvedValue(answer(200, ok(null)));
    await api.call(endpoints.changePassword, { currentPassword: 'a', newPassword: 'b', confirmPassword: 'b' });
    await api.call(endpoints.deleteAddress, { addressId: 7 });
    await api.call(endpoints.deleteListings, { productIds: [1] });
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      'POST /api/change/password',
      'GET /api/delete/address/7',
      'DELETE /api/delete/products',
    ]);
    expect(sentXsrf()).toEqual(['abc123', 'abc123', 'abc123']);
  });

  it('tries once more when the gateway refused a lost XSRF cookie and set a fresh one', async () => {
    document.cookie = 'XSRF-TOKEN=stale; path=/';
    fetchMock.mockImplementationOnce(async () => {
      document.cookie = 'XSRF-TOKEN=fresh; path=/';
      return answer(403, { Success: false, Description: messages.csrfRefused, Content: null });
    });
    fetchMock.mockResolvedValueOnce(answer(200, ok({ ok: 1 })));
    await expect(api.call(endpoints.userDetail)).resolves.toEqual({ ok: 1 });
    expect(sentXsrf()).toEqual(['stale', 'fresh']);
    // a refusal with the same cookie is not retried
    fetchMock.mockResolvedValueOnce(answer(403, { Success: false, Description: messages.csrfRefused, Content: null }));
    await expect(api.call(endpoints.userDetail)).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('shows no toast unless asked: the caller shows its own error state', async () => {
    fetchMock.mockResolvedValueOnce(answer(500, { Success: false, Description: 'Broken', Content: null }));
    await expect(api.call(endpoints.home)).rejects.toThrow('Broken');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.call(endpoints.home)).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual([]);
  });

  it("toasts the server's Description when asked, else the spec's generic message", async () => {
    fetchMock.mockResolvedValueOnce(
      answer(409, { Success: false, Description: 'This email is already registered', Content: null }),
    );
    const register = { firstName: 'A', lastName: 'B', username: 'ab', email: 'a@b.c', password: 'p' };
    await expect(
      api.call(endpoints.register, { ...register, confirmPassword: 'p', agreeToTerms: true }, { toastOnError: true }),
    ).rejects.toThrow('This email is already registered');
    fetchMock.mockResolvedValueOnce(answer(502, '<html>bad gateway</html>'));
    await expect(api.call(endpoints.home, {}, { toastOnError: true })).rejects.toBeInstanceOf(ApiError);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.call(endpoints.home, {}, { toastOnError: true })).rejects.toMatchObject({ status: 0 });
    expect(toasts).toEqual(['This email is already registered', messages.genericError, messages.genericError]);
    expect(messages.genericError).toBe('Opps something went wrong!!!');
  });

  it('carries field errors', async () => {
    fetchMock.mockResolvedValue(
      answer(400, {
        Success: false,
        Description: 'Email is required',
        Content: { errors: { email: 'Email is required' } },
      }),
    );
    const error = await api.call(endpoints.signIn, { email: '', password: '' }).catch((e: ApiError) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ email: 'Email is required' });
    expect(toasts).toEqual([]);
  });

  it('ends the session on a 401 with error "407", and only then', async () => {
    const ended = jest.fn();
    const off = bus.on('session:ended', ended);
    fetchMock.mockResolvedValueOnce(
      answer(401, { Success: false, Description: 'Please sign in to continue.', Content: null }),
    );
    await expect(api.call(endpoints.userDetail)).rejects.toBeInstanceOf(ApiError);
    expect(useSession.getState().clearSession).toBe(false);
    expect(ended).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(
      answer(401, { Success: false, Description: messages.sessionEnded, Content: null, error: '407' }),
    );
    await expect(api.call(endpoints.userDetail)).rejects.toBeInstanceOf(ApiError);
    expect(useSession.getState().clearSession).toBe(true);
    expect(ended).toHaveBeenCalledTimes(1);
    off();
  });
});

describe('api client, multipart', () => {
  const listing = {
    title: 'Lamp',
    condition: 'New',
    description: 'Brass',
    category: '2',
    price: '10',
    addressId: '',
    city: 'Dallas',
    state: 'TX',
    zip: '75201',
    is_buyable: '0',
  };

  beforeEach(() => {
    useSession.getState().reset();
    document.cookie = 'XSRF-TOKEN=abc123; path=/';
  });

  it('sends a form with files and lists as name[i], reports progress, and resolves the whole envelope', async () => {
    const { sent } = fakeXhr({ status: 201, body: ok({ product: { id: 5 } }, 'Product Uploaded Successfully') });
    const progress: number[] = [];
    const photo = new File([new Uint8Array([1, 2, 3])], 'bike.jpg', { type: 'image/jpeg' });
    const envelope = await api.upload(
      endpoints.updateListing,
      { ...listing, subCategory: undefined, productId: '99', existingImages: [41, 42], images: [photo] },
      { onProgress: (share) => progress.push(share) },
    );
    expect(envelope).toEqual(ok({ product: { id: 5 } }, 'Product Uploaded Successfully'));
    expect(progress).toEqual([0.25, 1]);
    const [request] = sent;
    expect([request.method, request.url, request.headers['X-XSRF-TOKEN']]).toEqual([
      'POST',
      '/api/update/product',
      'abc123',
    ]);
    const strings = [...request.body.entries()].filter(([, value]) => typeof value === 'string');
    expect(Object.fromEntries(strings)).toEqual({
      ...listing,
      productId: '99',
      'existingImages[0]': '41',
      'existingImages[1]': '42',
    });
    expect((request.body.get('images[0]') as File).name).toBe('bike.jpg');
  });

  it('call() resolves Content; refusals, the XSRF retry and transport failures behave as for fetch', async () => {
    const { sent, replies } = fakeXhr({ status: 201, body: ok({ product: { id: 6 } }) });
    await expect(api.call(endpoints.uploadListing, listing)).resolves.toEqual({ product: { id: 6 } });

    document.cookie = 'XSRF-TOKEN=stale; path=/';
    replies.push(
      {
        status: 403,
        body: { Success: false, Description: messages.csrfRefused, Content: null },
        before: () => (document.cookie = 'XSRF-TOKEN=fresh; path=/'),
      },
      { status: 201, body: ok({ product: { id: 7 } }) },
    );
    await expect(api.call(endpoints.uploadListing, listing)).resolves.toEqual({ product: { id: 7 } });
    expect(sent.slice(1).map((r) => r.headers['X-XSRF-TOKEN'])).toEqual(['stale', 'fresh']);

    const errors = { title: 'Title is required' };
    replies.push({ status: 400, body: { Success: false, Description: errors.title, Content: { errors } } });
    const refused = await api.upload(endpoints.uploadListing, listing).catch((e: ApiError) => e);
    expect((refused as ApiError).fieldErrors).toEqual(errors);

    // no reply: the connection failed
    await expect(api.upload(endpoints.uploadListing, listing)).rejects.toMatchObject({ status: 0 });
  });
});
