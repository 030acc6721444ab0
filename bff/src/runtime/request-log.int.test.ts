import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import { requestLog, SLOW_REQUEST_MS } from './request-log';

interface Entry {
  level: number;
  msg: string;
  req?: { id: number; method: string; url: string; ip?: string };
  res?: { statusCode: number };
  responseTime?: number;
  note?: string;
}

/** An app with the request log at `level`, its log lines, and a base URL to call it at. */
async function appLoggingAt(level: string) {
  const entries: Entry[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      entries.push(JSON.parse(chunk.toString('utf8')) as Entry);
      done();
    },
  });
  const app = express();
  app.set('trust proxy', 'loopback');
  const log = requestLog(app, pino({ level }, stream));
  app.use(log);
  app.get('/fast', (_req, res) => res.json({ ok: true }));
  app.get('/slow', (_req, res) => void setTimeout(() => res.json({ ok: true }), SLOW_REQUEST_MS + 50));
  app.get('/broken', (req, res) => {
    req.log.info({ note: 'from the handler' }, 'handler says');
    res.status(500).json({ ok: false });
  });
  // each response's close, which the request log writes its line at: the test's calls go on after it
  let responseClosed = () => {};
  // a request answered before Express, as the api's kept answers are
  const server = http.createServer((req, res) => {
    // the first 'close' listener: the log's, added after it, has run too by the time the awaiting call goes on
    res.once('close', () => responseClosed());
    if (req.url !== '/before-express') return app(req, res);
    log.track(req, res);
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    // the line is written when the response closes on the server, just after the client has it
    const closed = new Promise<void>((resolve) => (responseClosed = resolve));
    await (await fetch(`${base}${path}`, { headers })).text();
    await closed;
  };
  return { entries, get, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('the request log', () => {
  it("at info (production's level) writes a line per request, naming it, with its status and time", async () => {
    const app = await appLoggingAt('info');
    try {
      await app.get('/fast');
      await app.get('/broken');
      expect(app.entries.map((e) => [e.level, e.msg, e.req?.url, e.res?.statusCode])).toEqual([
        [30, 'request completed', '/fast', 200],
        [30, 'handler says', '/broken', undefined],
        [50, 'request completed', '/broken', 500],
      ]);
      expect(app.entries[1].note).toBe('from the handler');
      expect(app.entries[1].req?.id).toBe(app.entries[2].req?.id);
      expect(app.entries[0].req?.id).not.toBe(app.entries[2].req?.id);
      expect(typeof app.entries[0].responseTime).toBe('number');
    } finally {
      await app.close();
    }
  });

  it("at warn (the bench's) skips successful requests but keeps errors and slow requests", async () => {
    const app = await appLoggingAt('warn');
    try {
      await app.get('/fast');
      await app.get('/broken');
      await app.get('/slow');
      expect(app.entries.map((e) => [e.level, e.msg, e.req?.url])).toEqual([
        [50, 'request completed', '/broken'],
        [40, 'slow request', '/slow'],
      ]);
      expect(app.entries[1].responseTime).toBeGreaterThanOrEqual(SLOW_REQUEST_MS);
    } finally {
      await app.close();
    }
  });

  it('logs a request answered before Express the same way, with the client named by a trusted proxy', async () => {
    const app = await appLoggingAt('info');
    try {
      const proxied = { 'X-Forwarded-For': '203.0.113.7' };
      await app.get('/fast', proxied);
      await app.get('/before-express', proxied);
      await app.get('/before-express');
      expect(app.entries.map((e) => [e.msg, e.req?.url, e.req?.ip, e.res?.statusCode])).toEqual([
        ['request completed', '/fast', '203.0.113.7', 200],
        ['request completed', '/before-express', '203.0.113.7', 200],
        ['request completed', '/before-express', '127.0.0.1', 200],
      ]);
      expect(new Set(app.entries.map((e) => e.req?.id)).size).toBe(3);
    } finally {
      await app.close();
    }
  });
});
