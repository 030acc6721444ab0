import type { AddressInfo } from 'node:net';
import express from 'express';
import { okShared } from './envelope';

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
