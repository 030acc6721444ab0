/** @jest-environment jsdom */
import { endpoints, messages, SESSION_REVOKED_ERROR } from '@swapstuff/contracts';
import { ApiError, bus, useSession } from '@swapstuff/sdk';
import { fetchBlob } from './download';

type Reply = { status: number; body?: unknown; blob?: Blob; before?: () => void } | 'fail';

const requests: { url: string; init: RequestInit }[] = [];
let replies: Reply[] = [];

beforeEach(() => {
  requests.length = 0;
  replies = [];
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  Object.defineProperty(window, 'fetch', {
    configurable: true,
    writable: true,
    value: jest.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, init });
      const reply = replies.shift();
      if (!reply || reply === 'fail') throw new TypeError('Failed to fetch');
      reply.before?.();
      return {
        ok: reply.status >= 200 && reply.status < 300,
        status: reply.status,
        json: async () => reply.body ?? null,
        blob: async () => reply.blob ?? new Blob([]),
      };
    }),
  });
});

const LABEL = { url: 'https://shippo.test/label.png' };

it('posts the label’s url as the sdk’s calls go (same origin, the XSRF cookie echoed) and resolves the image', async () => {
  document.cookie = 'XSRF-TOKEN=abc%20123';
  const png = new Blob(['png'], { type: 'image/png' });
  replies = [{ status: 200, blob: png }];
  await expect(fetchBlob(endpoints.downloadLabel, LABEL)).resolves.toBe(png);
  expect(requests).toHaveLength(1);
  const [{ url, init }] = requests;
  expect(url).toBe('/api/download');
  expect(init.method).toBe('POST');
  expect(init.credentials).toBe('same-origin');
  expect(init.body).toBe(JSON.stringify(LABEL));
  expect(init.headers).toEqual(
    expect.objectContaining({ 'Content-Type': 'application/json', 'X-XSRF-TOKEN': 'abc 123' }),
  );
});

it('a refusal is an ApiError with the api’s words', async () => {
  replies = [{ status: 404, body: { Success: false, Description: 'No Shipping Label', Content: null } }];
  const error = await fetchBlob(endpoints.downloadLabel, LABEL).catch((err: unknown) => err);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(404);
  expect((error as ApiError).message).toBe('No Shipping Label');
});

it('a network failure is the generic message', async () => {
  replies = ['fail'];
  const error = await fetchBlob(endpoints.downloadLabel, LABEL).catch((err: unknown) => err);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).message).toBe(messages.genericError);
});

it('a revoked session ("407") ends the session, as every call does', async () => {
  const ended = jest.fn();
  const off = bus.on('session:ended', ended);
  useSession.getState().setClearSession(false);
  replies = [
    {
      status: 401,
      body: { Success: false, Description: 'Unauthenticated', Content: null, error: SESSION_REVOKED_ERROR },
    },
  ];
  await expect(fetchBlob(endpoints.downloadLabel, LABEL)).rejects.toBeInstanceOf(ApiError);
  expect(useSession.getState().clearSession).toBe(true);
  expect(ended).toHaveBeenCalled();
  off();
  useSession.getState().setClearSession(false);
});

it('tries once more with the XSRF cookie a refusal set afresh', async () => {
  const png = new Blob(['png']);
  replies = [
    {
      status: 403,
      body: { Success: false, Description: messages.csrfRefused, Content: null },
      before: () => {
        document.cookie = 'XSRF-TOKEN=fresh';
      },
    },
    { status: 200, blob: png },
  ];
  await expect(fetchBlob(endpoints.downloadLabel, LABEL)).resolves.toBe(png);
  expect(requests).toHaveLength(2);
  expect((requests[1].init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('fresh');
});
