import type { HomeContent } from '@swapstuff/contracts';
import { listItem, seller } from '../../test/listings';
import { call, startTestApi, type TestApi } from '../../test/harness';
import { COMPRESS_ABOVE_BYTES } from '../http';

let api: TestApi;
let owner: Awaited<ReturnType<typeof seller>>;
/** Counts the requests that reach Express: its app function hands each to app.handle (express/lib/express.js). */
let expressHandle: jest.SpyInstance;

beforeAll(async () => {
  api = await startTestApi();
  owner = await seller(api, 'kept_home_seller');
  // enough listings for home to be compressed
  for (const title of ['Walnut desk', 'Brass lamp']) await listItem(api, owner, { title });
  expressHandle = jest.spyOn(api.app as unknown as { handle: () => void }, 'handle');
});
afterAll(() => api.close());
beforeEach(() => expressHandle.mockClear());

/** Everything a response says but the time and the connection's own headers. */
function headersOf(response: Response): Record<string, string> {
  const skip = new Set(['date', 'connection', 'keep-alive']);
  return Object.fromEntries([...response.headers].filter(([name]) => !skip.has(name)));
}

async function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const response = await fetch(`${api.url}${path}`, { method, headers });
  return { response, text: await response.text() };
}

describe("a visitor's kept home, sent before Express", () => {
  it.each(['identity', 'gzip', 'br'])(
    'sends the bytes and headers Express sends (Accept-Encoding: %s)',
    async (encoding) => {
      const accept = { 'Accept-Encoding': encoding };
      // a query string goes through Express, which loads the home and keeps it
      const viaExpress = await get('/api/home?via=express', accept);
      expect(expressHandle).toHaveBeenCalledTimes(1);
      const kept = await get('/api/home', accept);
      expect(expressHandle).toHaveBeenCalledTimes(1);

      expect(kept.response.status).toBe(200);
      expect(headersOf(kept.response)).toEqual(headersOf(viaExpress.response));
      expect(kept.text).toBe(viaExpress.text);
      expect(kept.response.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : encoding);
      expect(kept.response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(kept.response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=1');
      expect(kept.text.length).toBeGreaterThan(COMPRESS_ABOVE_BYTES);
      expect(Number(kept.response.headers.get('content-length'))).toBeLessThan(
        encoding === 'identity' ? Infinity : kept.text.length / 2,
      );
    },
  );

  it('leaves to Express what it would answer otherwise: a token, a revalidation, HEAD, another spelling', async () => {
    const first = await get('/api/home');
    const etag = first.response.headers.get('etag')!;
    expressHandle.mockClear();

    const withToken = await call<HomeContent>(api.url, 'GET', '/api/home', { token: owner.token });
    expect(withToken.status).toBe(200);
    expect(withToken.headers.get('cache-control')).toBeNull();
    const stale = await call(api.url, 'GET', '/api/home', { token: 'no-longer-a-token' });
    expect(stale.status).toBe(401);
    const unchanged = await get('/api/home', { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' });
    expect(unchanged.response.status).toBe(304);
    const head = await get('/api/home', {}, 'HEAD');
    expect(head.response.status).toBe(200);
    expect(head.text).toBe('');
    const otherCase = await get('/API/Home');
    expect(otherCase.text).toBe(first.text);
    expect(expressHandle).toHaveBeenCalledTimes(5);
  });

  it('shows a listing published a moment ago to the very next visitor', async () => {
    await get('/api/home');
    const before = JSON.parse((await get('/api/home')).text) as { Content: HomeContent };
    const id = await listItem(api, owner, { title: 'Cedar chest' });
    expect(before.Content.products.map((p) => p.id)).not.toContain(id);
    const after = JSON.parse((await get('/api/home')).text) as { Content: HomeContent };
    expect(after.Content.products[0]).toMatchObject({ id, title: 'Cedar chest' });
  });
});
