import type { AddressInfo } from 'node:net';
import express from 'express';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { COMPRESS_ABOVE_BYTES, okShared, sharedAnswer, sharedRepresentation } from './shared-answer';

/** An app whose one route sends `content` with okShared, as home sends a visitor's shared answer. */
async function serve(content: object, configure: (app: express.Express) => void = () => {}) {
  const app = express();
  configure(app);
  app.get('/answer', (_req, res) => okShared(res, content));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/answer`;
  return { url, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('okShared', () => {
  it('serializes a shared answer once, however many requests send it', async () => {
    let serialized = 0;
    const content = {
      toJSON() {
        serialized++;
        return { categories: ['Electronics'] };
      },
    };
    const app = await serve(content);
    try {
      const answers = await Promise.all([1, 2, 3].map(() => fetch(app.url)));
      const bodies = await Promise.all(answers.map((answer) => answer.json()));
      expect(bodies).toEqual(
        Array(3).fill({ Success: true, Description: '', Content: { categories: ['Electronics'] } }),
      );
      expect(serialized).toBe(1);
      expect(new Set(answers.map((answer) => answer.headers.get('etag'))).size).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('sends no ETag where the app turned ETags off', async () => {
    const app = await serve({ a: 1 }, (a) => a.set('etag', false));
    try {
      const answer = await fetch(app.url);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('etag')).toBeNull();
    } finally {
      await app.close();
    }
  });
});

describe('sharedRepresentation', () => {
  const big = { words: 'a shared answer, '.repeat(200) };

  it("sends the client's best accepted encoding, made once and then reused", () => {
    const answer = sharedAnswer(big, undefined);
    const br = sharedRepresentation(answer, 'gzip, deflate, br');
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding' });
    expect(brotliDecompressSync(br.body).equals(answer.body)).toBe(true);
    expect(br.body.length).toBeLessThan(answer.body.length / 4);
    expect(sharedRepresentation(answer, 'br').body).toBe(br.body);

    const gzip = sharedRepresentation(answer, 'br;q=0.5, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(answer.body)).toBe(true);

    const plain = sharedRepresentation(answer, undefined);
    expect(plain.body).toBe(answer.body);
    expect(plain.headers).toEqual({ 'content-type': 'application/json; charset=utf-8', vary: 'Accept-Encoding' });
  });

  it('leaves an answer under COMPRESS_ABOVE_BYTES as it is, varying by nothing', () => {
    const answer = sharedAnswer({ small: true }, () => 'W/"1"');
    expect(answer.body.length).toBeLessThan(COMPRESS_ABOVE_BYTES);
    expect(sharedRepresentation(answer, 'br, gzip')).toEqual({
      body: answer.body,
      headers: { 'content-type': 'application/json; charset=utf-8', etag: 'W/"1"' },
    });
  });
});
