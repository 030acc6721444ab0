import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { call, startTestApi, type TestApi } from '../../test/harness';
import { COMPRESS_ABOVE_BYTES } from '../http';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** The raw answer: status, headers and the bytes as they crossed the wire (no client decoding). */
function raw(path: string, body: unknown, acceptEncoding?: string) {
  const text = JSON.stringify(body);
  return new Promise<{ headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
    const req = http.request(
      `${api.url}${path}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

describe('compressed JSON answers', () => {
  // every category, top level and children: several KB
  const large = { fetchcategories: 'all', perPage: 100 };

  it('compresses a large answer with brotli or gzip when the client accepts it, and not otherwise', async () => {
    const plain = await raw('/api/home/category', large);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(COMPRESS_ABOVE_BYTES * 2);
    const json = JSON.parse(plain.bytes.toString('utf8')) as unknown;

    const br = await raw('/api/home/category', large, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString('utf8'))).toEqual(json);

    const gzip = await raw('/api/home/category', large, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.bytes).toString('utf8'))).toEqual(json);
  });

  it('sends a small answer as it is: compressing it would save nothing', async () => {
    const top = (await call<{ categories: { id: number }[] }>(api.url, 'POST', '/api/home/category', { body: {} })).body
      .Content.categories;
    const small = await raw('/api/home/category', { categoryId: top[0].id, perPage: 1 }, 'gzip, br');
    expect(small.bytes.length).toBeLessThan(COMPRESS_ABOVE_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
