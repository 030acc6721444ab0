/**
 * `npm run chat -w bench` (after `npm run build`): chat delivery through the gateway (issue 16, acceptance 4).
 *
 * BENCH_CHAT_SOCKETS (1,000) members, each with one socket.io connection through the gateway (websocket, the
 * bearer in `auth` as the apps send it), all on loopback. For BENCH_CHAT_SECONDS (30) s, BENCH_CHAT_RATE (50)
 * messages a second go between random pairs: each sent as an app sends it (POST /api/userchat/send through the
 * gateway, with a client id) without waiting for the one before. A message is delivered when the recipient's
 * connection hears it (`chat:message` with its client id); its latency runs from just before the send to then.
 * After the last send, deliveries are awaited for BENCH_CHAT_GRACE_MS (10,000) ms: what has not come by then is lost.
 * Exits 1 when a message is lost or heard twice.
 *
 * The members and their sessions are written to the database in bulk (users and bearer tokens), not made through
 * sign-in, whose per-address limit would refuse a thousand sign-ins from one machine. The servers run on a
 * database of their own (swapstuff_bench_chat on BENCH_MYSQL_URL), created fresh and dropped at the end.
 */
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { createDb } from '@swapstuff/db';
import type { ChatMessage, RealtimeClientEvents, RealtimeServerEvents } from '@swapstuff/contracts';
import { startServers } from './servers';

const MYSQL_ROOT = (process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306').replace(/\/+$/, '');
const SOCKETS = Number(process.env.BENCH_CHAT_SOCKETS ?? 1000);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 30);
const GRACE_MS = Number(process.env.BENCH_CHAT_GRACE_MS ?? 10_000);
const DATABASE = 'swapstuff_bench_chat';
/** connections opened at once while the members connect */
const CONNECT_BATCH = 50;

type Client = Socket<RealtimeServerEvents, RealtimeClientEvents>;
interface Member {
  id: number;
  token: string;
}
interface Sent {
  to: number;
  startedAt: number;
  deliveredAt?: number;
  heard: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const ms = (value: number) => Math.round(value * 10) / 10;
const sleep = (time: number) => new Promise((resolve) => setTimeout(resolve, time));

/** The members and a bearer token each, written in bulk; the api checks a token by its sha256. */
async function members(databaseUrl: string): Promise<Member[]> {
  const db = createDb({ url: databaseUrl, poolMax: 2 });
  try {
    const now = new Date();
    const stamp = randomBytes(3).toString('hex');
    const users = Array.from({ length: SOCKETS }, (_, n) => ({
      first_name: 'Bench',
      last_name: `Member${n}`,
      username: `b${stamp}${n}`,
      email: `bench-${stamp}-${n}@example.com`,
      // never signed in with: the sessions are the tokens below
      password_hash: 'bench',
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < users.length; i += 500) await db('users').insert(users.slice(i, i + 500));
    const ids: number[] = await db('users').where('username', 'like', `b${stamp}%`).orderBy('id').pluck('id');
    const found = ids.map((id) => ({ id, token: randomBytes(32).toString('base64url') }));
    const tokens = found.map(({ id, token }) => ({
      token_hash: createHash('sha256').update(token).digest('hex'),
      user_id: id,
      kind: 'mobile',
      created_at: now,
      last_used_at: now,
    }));
    for (let i = 0; i < tokens.length; i += 500) await db('auth_tokens').insert(tokens.slice(i, i + 500));
    return found;
  } finally {
    await db.destroy();
  }
}

function connect(gatewayUrl: string, member: Member, onMessage: (m: ChatMessage) => void): Promise<Client> {
  const client: Client = io(gatewayUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token: member.token },
  });
  client.on('chat:message', (message) => {
    if (message.senderId !== member.id) onMessage(message);
  });
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('connect_error', reject);
  });
}

async function main(): Promise<void> {
  const admin = createDb({ url: MYSQL_ROOT, poolMax: 1 });
  await admin.raw(`DROP DATABASE IF EXISTS \`${DATABASE}\``);
  await admin.raw(`CREATE DATABASE \`${DATABASE}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const databaseUrl = `${MYSQL_ROOT}/${DATABASE}`;
  const servers = await startServers(path.resolve(__dirname, '..', '..'), { databaseUrl });
  const clients: Client[] = [];
  try {
    const everyone = await members(databaseUrl);
    const sent = new Map<string, Sent>();
    let duplicates = 0;
    let strays = 0;
    const heard = (to: number) => (message: ChatMessage) => {
      const record = sent.get(message.clientId);
      if (!record || record.to !== to) {
        strays += 1;
        return;
      }
      record.heard += 1;
      if (record.heard > 1) duplicates += 1;
      else record.deliveredAt = performance.now();
    };

    const connectStart = performance.now();
    for (let i = 0; i < everyone.length; i += CONNECT_BATCH) {
      const batch = everyone.slice(i, i + CONNECT_BATCH);
      clients.push(...(await Promise.all(batch.map((m) => connect(servers.gatewayUrl, m, heard(m.id))))));
    }
    const connectSeconds = (performance.now() - connectStart) / 1000;
    console.log(`${clients.length} sockets connected through the gateway in ${connectSeconds.toFixed(1)} s`);

    let accepted = 0;
    const refused = new Map<string, number>();
    const sends: Promise<void>[] = [];
    const send = async (from: Member, to: Member) => {
      const clientId = `bench-${randomBytes(8).toString('hex')}`;
      const record: Sent = { to: to.id, startedAt: performance.now(), heard: 0 };
      sent.set(clientId, record);
      try {
        const res = await fetch(`${servers.gatewayUrl}/api/userchat/send`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${from.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ userId: to.id, text: `Hello from ${from.id} at ${Date.now()}`, clientId }),
        });
        if (res.status === 201) accepted += 1;
        else {
          sent.delete(clientId);
          refused.set(String(res.status), (refused.get(String(res.status)) ?? 0) + 1);
        }
        await res.arrayBuffer();
      } catch (err) {
        sent.delete(clientId);
        refused.set((err as Error).message, (refused.get((err as Error).message) ?? 0) + 1);
      }
    };

    const total = RATE * SECONDS;
    const interval = 1000 / RATE;
    const start = performance.now();
    for (let n = 0; n < total; n += 1) {
      // on schedule from the start, not from the last send: a slow answer does not slow the rate
      const due = start + n * interval;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const a = Math.floor(Math.random() * everyone.length);
      let b = Math.floor(Math.random() * (everyone.length - 1));
      if (b >= a) b += 1;
      sends.push(send(everyone[a], everyone[b]));
    }
    await Promise.all(sends);
    const sendSeconds = (performance.now() - start) / 1000;
    const graceEnd = performance.now() + GRACE_MS;
    const undelivered = () => [...sent.values()].filter((r) => r.deliveredAt === undefined).length;
    while (undelivered() > 0 && performance.now() < graceEnd) await sleep(50);

    const latencies = [...sent.values()]
      .filter((r) => r.deliveredAt !== undefined)
      .map((r) => r.deliveredAt! - r.startedAt)
      .sort((x, y) => x - y);
    const lost = undelivered();
    console.table([
      {
        sockets: clients.length,
        'messages sent (201)': accepted,
        'sends/s achieved': Math.round(accepted / sendSeconds),
        delivered: latencies.length,
        lost,
        'heard twice': duplicates,
        'p50 ms': ms(percentile(latencies, 50)),
        'p99 ms': ms(percentile(latencies, 99)),
        'max ms': ms(latencies.at(-1) ?? NaN),
      },
    ]);
    if (refused.size > 0) console.log('sends refused or failed:', Object.fromEntries(refused));
    if (strays > 0) console.log(`${strays} messages heard by a connection they were not for`);
    if (lost > 0 || duplicates > 0 || strays > 0 || refused.size > 0) process.exitCode = 1;
  } finally {
    for (const client of clients) client.disconnect();
    await servers.stop();
    await admin.raw(`DROP DATABASE IF EXISTS \`${DATABASE}\``);
    await admin.destroy();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
