import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import type { ChatMessage, ChatPageContent, ChatSent, RealtimeServerEvents } from '@swapstuff/contracts';
import { createDb } from '@swapstuff/db';
import { browseAt, Jar } from '../../../test/browser';
import { MYSQL_ROOT } from '../../../test/harness';
import { startSite, type Site } from '../../../test/processes';

/**
 * Issue 16, acceptance 2: two instances of the site (each `npm start` as deployed: its own api and gateway) share
 * MariaDB and Redis behind a load balancer that sends each new connection to the first instance that answers. A
 * user connected through the first hears a message sent through the second; then the first is SIGKILLed (every
 * process of it), the user's client reconnects through the balancer to the second, reads what was sent meanwhile
 * after the newest message its pages gave it (as the browser's conversation does), and goes on hearing: every
 * message shown once, none lost, none stored twice.
 */

/** A TCP balancer: each connection goes to the first of `ports` that accepts it. */
function balancer(ports: number[]): Promise<net.Server> {
  const server = net.createServer((client) => {
    client.on('error', () => undefined);
    const tryPort = (i: number) => {
      if (i >= ports.length) return client.destroy();
      let connected = false;
      const upstream = net.connect(ports[i], '127.0.0.1');
      upstream.once('connect', () => {
        connected = true;
        client.pipe(upstream).pipe(client);
      });
      upstream.on('error', () => (connected ? client.destroy() : tryPort(i + 1)));
      upstream.on('close', () => connected && client.destroy());
      client.on('close', () => upstream.destroy());
    };
    tryPort(0);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const portOf = (url: string) => Number(new URL(url).port);

async function until<T>(what: string, check: () => T | Promise<T>, ms = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let first: Site;
let second: Site;
let front: net.Server;
let base: string;
let dataDirs: string[];
const database = `swapstuff_failover_${process.pid}`;
const url = `${MYSQL_ROOT}/${database}`;

beforeAll(async () => {
  dataDirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'swapstuff-failover-')));
  const shared = { DATABASE_URL: url, REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY: `failover-${process.pid}` };
  // one after the other: the first creates the database's tables
  first = await startSite({ ...shared, DATA_DIR: dataDirs[0] }, path.join(dataDirs[0], 'site.log'));
  second = await startSite({ ...shared, DATA_DIR: dataDirs[1] }, path.join(dataDirs[1], 'site.log'));
  front = await balancer([portOf(first.gateway), portOf(second.gateway)]);
  base = `http://127.0.0.1:${(front.address() as net.AddressInfo).port}`;
}, 400_000);

afterAll(async () => {
  first?.kill();
  second?.kill();
  await new Promise((resolve) => (front ? front.close(resolve) : resolve(undefined)));
  const root = createDb({ url: MYSQL_ROOT });
  await root.raw(`DROP DATABASE IF EXISTS \`${database}\``);
  await root.destroy();
  for (const dir of dataDirs ?? []) rmSync(dir, { recursive: true, force: true });
});

/** Registers through `gateway` (which signs the new user in): the browser's jar and the user's id. */
async function member(gateway: string, name: string): Promise<{ jar: Jar; id: number }> {
  const jar = new Jar();
  const tag = `${name}${Date.now().toString(36)}`;
  const password = 'correct-horse-1';
  const answer = await browseAt(gateway, jar, 'POST', '/api/register', {
    body: {
      firstName: name,
      lastName: 'Failover',
      username: tag,
      email: `${tag}@example.com`,
      password,
      confirmPassword: password,
      agreeToTerms: true,
    },
  });
  if (answer.status !== 201) throw new Error(`register: ${answer.status} ${answer.text}`);
  return { jar, id: (answer.body.Content as { user: { id: number } }).user.id };
}

it('delivers across instances, and after the first is killed loses nothing and shows nothing twice', async () => {
  const uma = await member(base, 'uma');
  const vic = await member(second.gateway, 'vic');
  let sent = 0;
  const sentIds: number[] = [];
  const send = async () => {
    sent += 1;
    const answer = await browseAt(second.gateway, vic.jar, 'POST', '/api/userchat/send', {
      body: { userId: uma.id, text: `message ${sent}`, clientId: `failover-${sent}` },
    });
    if (answer.status !== 201) throw new Error(`send: ${answer.status} ${answer.text}`);
    const { message } = answer.body.Content as unknown as ChatSent;
    sentIds.push(message.id);
    return message;
  };

  // Uma's browser: the conversation's page, then what it hears live, merged by id as the page merges them
  const chatId = (await send()).chatId;
  const shown = new Map<number, ChatMessage>();
  let pagedUpTo = 0;
  const page = async (body: Record<string, number>) => {
    const answer = await browseAt(base, uma.jar, 'POST', '/api/userchat', { body: { chatId, ...body } });
    if (answer.status !== 200) throw new Error(`page: ${answer.status} ${answer.text}`);
    const content = answer.body.Content as unknown as ChatPageContent;
    for (const message of content.messages) shown.set(message.id, message);
    pagedUpTo = Math.max(pagedUpTo, ...content.messages.map((m) => m.id));
    return content;
  };
  await page({});
  const heard: number[] = [];
  const connections: string[] = [];
  let disconnects = 0;
  const socket: Socket<RealtimeServerEvents> = io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: uma.jar.header() },
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
  });
  let catchingUp: Promise<unknown> = Promise.resolve();
  socket.on('chat:message', (message) => {
    heard.push(message.id);
    shown.set(message.id, message);
  });
  socket.on('disconnect', () => (disconnects += 1));
  socket.on('connect', () => {
    connections.push(socket.id ?? '');
    // after each connection: what came after the newest message a page gave, until there is no more
    catchingUp = (async () => {
      while ((await page({ afterId: pagedUpTo })).hasMore);
    })();
  });
  try {
    await until('connected through the first instance', () => connections.length === 1);

    // sent through the second instance, heard on the first: Redis carries it
    const across = await send();
    await until('heard across instances', () => heard.includes(across.id));

    // the first instance dies; messages sent meanwhile, and after the client is back on the second
    first.kill();
    await until('disconnected', () => disconnects === 1);
    for (let i = 0; i < 5; i += 1) await send();
    await until('reconnected through the second instance', () => connections.length === 2, 30_000);
    await catchingUp;
    for (let i = 0; i < 3; i += 1) {
      const live = await send();
      await until(`message ${live.id} heard live`, () => heard.includes(live.id));
    }
    await catchingUp;

    expect([...shown.keys()].sort((x, y) => x - y)).toEqual(sentIds);
    expect(shown.size).toBe(10);
    // socket.io never delivered one twice
    expect(new Set(heard).size).toBe(heard.length);
    const db = createDb({ url });
    try {
      expect(await db('chat_messages').where({ chat_id: chatId }).count({ n: '*' })).toEqual([{ n: 10 }]);
    } finally {
      await db.destroy();
    }
  } finally {
    socket.disconnect();
  }
}, 120_000);
