/** @jest-environment jsdom */
import { messages } from '@swapstuff/contracts';
import { ApiError, api } from './api';
import { bus } from './bus';
import { useSession } from './store';

/** jsdom has no Response: what the client reads of one (status, ok, a JSON body or a parse failure). */
function answer(status: number, body: unknown): Response {
  const json = () => (typeof body === 'string' ? Promise.reject(new SyntaxError('not JSON')) : Promise.resolve(body));
  return { status, ok: status >= 200 && status < 300, json } as Response;
}

describe('api client', () => {
  const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();
  const toasts: string[] = [];
  let unsubscribe: () => void;

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
    fetchMock.mockResolvedValue(answer(200, { Success: true, Description: 'ok', Content: { categories: [1] } }));
    await expect(api.get('/api/home')).resolves.toEqual({ categories: [1] });
    expect(toasts).toEqual([]);
  });

  it('echoes the XSRF cookie on every call, reads included (the spec changes state on GETs)', async () => {
    fetchMock.mockResolvedValue(answer(200, { Success: true, Description: '', Content: null }));
    await api.post('/api/change/password', { a: 1 });
    await api.get('/api/delete/address/7');
    await api.delete('/api/delete/products', { productIds: [1] });
    const sent = fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['X-XSRF-TOKEN']);
    expect(sent).toEqual(['abc123', 'abc123', 'abc123']);
  });

  it('tries once more when the gateway refused a lost XSRF cookie and set a fresh one', async () => {
    document.cookie = 'XSRF-TOKEN=stale; path=/';
    fetchMock.mockImplementationOnce(async () => {
      document.cookie = 'XSRF-TOKEN=fresh; path=/';
      return answer(403, { Success: false, Description: messages.csrfRefused, Content: null });
    });
    fetchMock.mockResolvedValueOnce(answer(200, { Success: true, Description: '', Content: { ok: 1 } }));
    await expect(api.get('/api/userdetail')).resolves.toEqual({ ok: 1 });
    const sent = fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['X-XSRF-TOKEN']);
    expect(sent).toEqual(['stale', 'fresh']);
    // a refusal with the same cookie is not retried
    fetchMock.mockResolvedValueOnce(answer(403, { Success: false, Description: messages.csrfRefused, Content: null }));
    await expect(api.get('/api/userdetail', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("shows the server's Description, else the spec's generic message", async () => {
    fetchMock.mockResolvedValueOnce(
      answer(409, { Success: false, Description: 'This email is already registered', Content: null }),
    );
    await expect(api.post('/api/register', {})).rejects.toThrow('This email is already registered');
    fetchMock.mockResolvedValueOnce(answer(502, '<html>bad gateway</html>'));
    await expect(api.get('/api/home')).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual(['This email is already registered', messages.genericError]);
    expect(messages.genericError).toBe('Opps something went wrong!!!');
  });

  it('stays quiet when asked, and carries field errors', async () => {
    fetchMock.mockResolvedValue(
      answer(400, {
        Success: false,
        Description: 'Email is required',
        Content: { errors: { email: 'Email is required' } },
      }),
    );
    const error = await api.post('/api/user/signin', {}, { silent: true }).catch((e: ApiError) => e);
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
    await expect(api.get('/api/userdetail', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(useSession.getState().clearSession).toBe(false);
    expect(ended).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(
      answer(401, { Success: false, Description: messages.sessionEnded, Content: null, error: '407' }),
    );
    await expect(api.get('/api/userdetail', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(useSession.getState().clearSession).toBe(true);
    expect(ended).toHaveBeenCalledTimes(1);
    off();
  });
});
