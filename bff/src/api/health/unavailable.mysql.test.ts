import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { messages } from '@swapstuff/contracts';
import { createDb, type Knex } from '@swapstuff/db';
import { createMailer } from '../../adapters/mail';
import { offlinePlaces } from '../../adapters/places';
import { diskStorage } from '../../adapters/storage';
import { call } from '../../../test/harness';
import { createApiApp, createApiJobs } from '..';

/** An api whose database is `url`, which never answers as it should. */
async function apiOn(url: string): Promise<{ url: string; db: Knex; close(): Promise<void> }> {
  const db = createDb({ url, poolMax: 2, timeouts: { connectMs: 500, acquireMs: 800 } });
  const logger = pino({ level: 'silent' });
  const app = createApiApp({
    db,
    events: createApiJobs(db, logger).events,
    dataDir: '/tmp/swapstuff-unavailable',
    mailer: createMailer({ dataDir: '/tmp/swapstuff-unavailable' }),
    storage: diskStorage('/tmp/swapstuff-unavailable'),
    publicUrl: 'http://localhost:3000',
    logger,
    places: offlinePlaces(),
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    db,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await db.destroy();
    },
  };
}

const timed = async <T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> => {
  const started = Date.now();
  const value = await work();
  return { ms: Date.now() - started, value };
};

describe('the api while its database is unavailable (findings 2, 11 and 12)', () => {
  it('a database that refuses connections: 503 with Retry-After, for visitors and for signed-in calls', async () => {
    // a port nothing listens on
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const api = await apiOn(`mysql://root@127.0.0.1:${port}/swapstuff`);
    try {
      for (const [path, token] of [
        ['/api/home', undefined],
        ['/api/userdetail', 'some-token'],
        ['/api/productdetail/1', undefined],
      ] as const) {
        const res = await call(api.url, 'GET', path, { token });
        expect({ path, status: res.status, retry: res.headers.get('retry-after') }).toEqual({
          path,
          status: 503,
          retry: '5',
        });
        expect(res.body.Description).toBe(messages.serviceUnavailable);
      }
      const ready = await call(api.url, 'GET', '/readyz');
      expect(ready.status).toBe(503);
    } finally {
      await api.close();
    }
  });

  it('a database that accepts and never answers: /readyz says 503 within a second, calls 503 instead of hanging', async () => {
    // a server that takes the connection and then says nothing, as a paused database does
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const api = await apiOn(`mysql://root@127.0.0.1:${(silent.address() as AddressInfo).port}/swapstuff`);
    try {
      const ready = await timed(() => call(api.url, 'GET', '/readyz'));
      expect(ready.value.status).toBe(503);
      expect(ready.ms).toBeLessThan(1500);
      const home = await timed(() => call(api.url, 'GET', '/api/home'));
      expect(home.value.status).toBe(503);
      expect(home.ms).toBeLessThan(3000);
    } finally {
      await api.close();
      silent.close();
    }
  });
});
