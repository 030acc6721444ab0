/**
 * `npm run provider-stall -w bench` (after `npm run build`): issue 33, acceptance 3. The api on SQLite, its default
 * engine, with a push provider (FCM's HTTP v1 api, served here) that answers each send after BENCH_PROVIDER_MS
 * (5,000). Each round, BENCH_STALL_SENDERS (10) members send a chat message to one who has the app: a notification
 * each, whose push waits on the provider. Once the provider holds pushes, 20 signed-in page reads go at once. The
 * round's figures: the slowest read and its median, and the pushes the provider held meanwhile. Exits 1 when a read
 * took a second or more: no request may wait on a provider call (the job runner ran its handlers inside the
 * transaction of its batch, the one writer of SQLite, until issue 33).
 */
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startServers } from './servers';

const PROVIDER_MS = Number(process.env.BENCH_PROVIDER_MS ?? 5000);
const SENDERS = Number(process.env.BENCH_STALL_SENDERS ?? 10);
const ROUNDS = Number(process.env.BENCH_STALL_ROUNDS ?? 5);
const READS = 20;
const WITHIN_MS = 1000;

/** FCM as the api's push adapter calls it: an access token, then messages:send, each answered after PROVIDER_MS. */
async function slowFcm() {
  let inFlight = 0;
  let sent = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      if (req.url === '/token') return res.end(JSON.stringify({ access_token: 'bench', expires_in: 3600 }));
      inFlight += 1;
      setTimeout(() => {
        inFlight -= 1;
        sent += 1;
        res.end(JSON.stringify({ name: `projects/bench/messages/${sent}` }));
      }, PROVIDER_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const serviceAccount = {
    type: 'service_account',
    project_id: 'bench',
    client_email: 'bench@bench.iam.gserviceaccount.com',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    token_uri: `${url}/token`,
  };
  return {
    url,
    serviceAccount,
    inFlight: () => inFlight,
    sent: () => sent,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function post(apiUrl: string, route: string, body: unknown, token?: string) {
  const res = await fetch(`${apiUrl}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { Success: boolean; Description: string; Content: unknown };
  if (!answer.Success) throw new Error(`${route}: ${res.status} ${answer.Description}`);
  return answer.Content;
}

async function register(apiUrl: string, username: string, fcmToken?: string) {
  const content = (await post(apiUrl, '/api/register', {
    firstName: 'Bench',
    lastName: 'Member',
    username,
    email: `${username}@example.com`,
    password: 'bench-pass-4417',
    confirmPassword: 'bench-pass-4417',
    agreeToTerms: true,
    ...(fcmToken && { fcmToken }),
  })) as { token: string; user: { id: number } };
  return { token: content.token, id: content.user.id };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const fcm = await slowFcm();
  process.env.FCM_SERVICE_ACCOUNT = JSON.stringify(fcm.serviceAccount);
  process.env.FCM_URL = fcm.url;
  // no DATABASE_URL: the api's default engine, SQLite
  delete process.env.DATABASE_URL;
  const servers = await startServers(path.resolve(__dirname, '..', '..'));
  let slow = 0;
  let refusedSends = 0;
  try {
    const reader = await register(servers.apiUrl, 'stall_reader');
    console.log(
      `provider answers in ${PROVIDER_MS} ms; ${SENDERS} pushes per round; ${READS} reads at once, ${ROUNDS} rounds`,
    );
    console.log('round  pushes held  slowest read  median read  statuses');
    for (let round = 1; round <= ROUNDS; round += 1) {
      const receiver = await register(servers.apiUrl, `stall_receiver_${round}`, `device-${round}`);
      const senders = [];
      for (let n = 0; n < SENDERS; n += 1) senders.push(await register(servers.apiUrl, `stall_sender_${round}_${n}`));
      // the messages of a round after the first go while the provider holds the last round's pushes
      const sends = await Promise.all(
        senders.map((sender, n) =>
          post(
            servers.apiUrl,
            '/api/userchat/send',
            { userId: receiver.id, text: `Round ${round}, message ${n}`, clientId: `bench-${round}-${n}` },
            sender.token,
          ).then(
            () => 'sent',
            () => 'refused',
          ),
        ),
      );
      refusedSends += sends.filter((s) => s === 'refused').length;
      // the runner has taken the pushes to the provider, which holds them
      const deadline = Date.now() + 30_000;
      while (fcm.inFlight() === 0) {
        if (Date.now() > deadline) throw new Error('no push reached the provider within 30 s');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const held = fcm.inFlight();
      const reads = await Promise.all(
        Array.from({ length: READS }, async () => {
          const start = performance.now();
          const res = await fetch(`${servers.apiUrl}/api/userdetail`, {
            headers: { authorization: `Bearer ${reader.token}` },
          });
          await res.arrayBuffer();
          return { ms: performance.now() - start, status: res.status };
        }),
      );
      const times = reads.map((r) => r.ms);
      const slowest = Math.max(...times);
      if (slowest >= WITHIN_MS || reads.some((r) => r.status !== 200)) slow += 1;
      const statuses = [...new Set(reads.map((r) => r.status))].join(',');
      console.log(
        `${String(round).padStart(5)}  ${String(held).padStart(11)}  ${slowest.toFixed(0).padStart(9)} ms  ${median(times).toFixed(0).padStart(8)} ms  ${statuses}`,
      );
    }
    console.log(`pushes the provider answered: ${fcm.sent()}; chat messages refused: ${refusedSends}`);
  } finally {
    await servers.stop();
    await fcm.close();
  }
  if (slow > 0 || refusedSends > 0) {
    console.error(
      `${slow} of ${ROUNDS} rounds had a read of ${WITHIN_MS} ms or more (or not answered 200); ${refusedSends} messages refused`,
    );
    process.exit(1);
  }
  console.log(`every read answered within ${WITHIN_MS} ms while the provider held pushes`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
