/** Test helpers for the auth screens (jsdom): an api answering with the envelope the real one sends. */
export interface FakeAnswer {
  status: number;
  /** the JSON body; undefined means the body is not JSON (a proxy error page) */
  body?: unknown;
}

/** Replaces fetch with one answering the given responses in turn; returns the mock to read the requests. */
export function mockFetch(...answers: FakeAnswer[]): jest.Mock {
  const queue = [...answers];
  const fn = jest.fn(async (_url: string, _init?: RequestInit) => {
    const answer = queue.shift();
    if (!answer) throw new Error('unexpected fetch');
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      json: async () => {
        if (answer.body === undefined) throw new SyntaxError('Unexpected token <');
        return answer.body;
      },
    };
  });
  Object.defineProperty(window, 'fetch', { configurable: true, writable: true, value: fn });
  return fn;
}

/** The JSON body of the nth request the mock received. */
export function sentBody(fetchMock: jest.Mock, n = 0): unknown {
  const init = fetchMock.mock.calls[n]?.[1] as RequestInit | undefined;
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}

export const sampleUser = {
  id: 7,
  first_name: 'Ada',
  last_name: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  phone_no: null,
  avatar: null,
  customer_id: null,
  is_business: 0 as const,
  role: 'user' as const,
};
