/**
 * `window.fetch` as the page's calls see it, answered from a table: "METHOD url" → replies, used in turn
 * (the last one repeats); anything not in the table is a 404. A `{ fail: true }` reply is the network
 * failing. Installed afresh before each test of the file that calls this (at its top level).
 */
export type FetchReply = { status: number; body: unknown } | { fail: true };

export interface FetchCall {
  url: string;
  init?: RequestInit;
}

export interface FakeFetch {
  /** every call of the current test, oldest first */
  readonly calls: FetchCall[];
  /** what "METHOD url" answers from now on */
  answer(path: string, ...replies: FetchReply[]): void;
}

export function fakeFetch(): FakeFetch {
  let routes: Record<string, FetchReply[]> = {};
  const calls: FetchCall[] = [];
  beforeEach(() => {
    routes = {};
    calls.length = 0;
    const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      const replies = routes[`${init?.method ?? 'GET'} ${url}`] ?? [{ status: 404, body: null }];
      const reply = replies.length > 1 ? replies.shift()! : replies[0];
      if ('fail' in reply) throw new TypeError('Failed to fetch');
      return { ok: reply.status < 400, status: reply.status, json: async () => reply.body };
    });
    Object.defineProperty(window, 'fetch', { configurable: true, writable: true, value: fetchMock });
  });
  return {
    calls,
    answer(path, ...replies) {
      routes[path] = replies;
    },
  };
}

/** The api's envelope of a success. */
export const ok = (Content: unknown, Description = ''): FetchReply => ({
  status: 200,
  body: { Success: true, Description, Content },
});

/** The api's envelope of a refusal. */
export const refused = (status: number, Description: string): FetchReply => ({
  status,
  body: { Success: false, Description, Content: null },
});
