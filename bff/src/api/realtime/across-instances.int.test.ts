import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { io, type Socket } from 'socket.io-client';
import type { ChatMessage } from '@swapstuff/contracts';
import { startTestApi, type TestApi } from '../../../test/harness';
import { registerUser } from '../../../test/listings';
import { bearerSessions } from '../auth';
import { createRealtime, type RealtimeServer } from '.';

/**
 * With REDIS_URL (Redis runs on 127.0.0.1:6379 on these machines), an event emitted on one api instance reaches
 * the user's connections on the others (`@socket.io/redis-adapter`); with Redis unreachable an instance still
 * serves its own connections. Each instance here is a realtime server on its own HTTP server, over the test api's
 * database (where the bearer is checked); the channels are named after this run, so no other run on the machine
 * hears them.
 */
const REDIS = {
  url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  key: `swapstuff-test-${process.pid}-${Date.now()}`,
};
const logger = pino({ level: 'silent' });
let api: TestApi;
let token: string;
let userId: number;
const started: { realtime: RealtimeServer; server: http.Server }[] = [];
const clients: Socket[] = [];

async function instance(
  redis: { url: string; key?: string } | undefined,
): Promise<{ realtime: RealtimeServer; url: string }> {
  const realtime = createRealtime({ authenticate: bearerSessions(api.db), logger, redis });
  const server = http.createServer((_req, res) => res.writeHead(404).end());
  realtime.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  started.push({ realtime, server });
  return { realtime, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function connect(url: string): Promise<{ socket: Socket; got: ChatMessage[] }> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth: { token } });
  clients.push(socket);
  const got: ChatMessage[] = [];
  socket.on('chat:message', (message: ChatMessage) => got.push(message));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, got };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !check(); waited += 20) {
    if (waited > 5000) throw new Error(`not within 5 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const message = (id: number): ChatMessage => ({
  id,
  chatId: 1,
  senderId: 2,
  text: `message ${id}`,
  image: null,
  clientId: `m${id}`,
  createdAt: new Date().toISOString(),
  offPlatform: false,
});

beforeAll(async () => {
  api = await startTestApi();
  token = await registerUser(api, `redis_${Date.now() % 100000}`);
  userId = (await api.db('users').orderBy('id', 'desc').first('id')).id as number;
});
afterAll(async () => {
  for (const socket of clients) socket.disconnect();
  for (const { realtime, server } of started) {
    await realtime.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await api.close();
});

it("delivers an event emitted on one instance to the user's connections on another, both ways", async () => {
  const [one, two] = await Promise.all([instance(REDIS), instance(REDIS)]);
  const onOne = await connect(one.url);
  const onTwo = await connect(two.url);
  // the adapters subscribe as they connect to Redis: the first event waits for both to hear each other
  await until(() => {
    two.realtime.toUsers([userId], 'chat:message', message(0));
    return onOne.got.length > 0;
  }, 'instance two reaching instance one');
  // (the probes above may still be arriving: only the events below are counted)
  const after = (got: ChatMessage[]) => got.filter((m) => m.id > 0).map((m) => m.id);
  two.realtime.toUsers([userId], 'chat:message', message(1));
  one.realtime.toUsers([userId], 'chat:message', message(2));
  await until(() => after(onOne.got).length === 2 && after(onTwo.got).length === 2, 'both delivered to both');
  expect(after(onOne.got).sort()).toEqual([1, 2]);
  expect(after(onTwo.got).sort()).toEqual([1, 2]);
  // another user's room hears nothing
  two.realtime.toUsers([userId + 1000], 'chat:message', message(3));
  one.realtime.toUsers([userId], 'chat:message', message(4));
  await until(() => after(onTwo.got).length === 3, 'the last one');
  expect(after(onTwo.got)).toEqual(expect.not.arrayContaining([3]));
});

it('serves its own connections with Redis unreachable, and closes without waiting for it', async () => {
  const alone = await instance({ url: 'redis://127.0.0.1:9', key: REDIS.key });
  const client = await connect(alone.url);
  alone.realtime.toUsers([userId], 'chat:message', message(5));
  await until(() => client.got.length === 1, 'delivered locally');
  expect(client.got[0].id).toBe(5);
});
