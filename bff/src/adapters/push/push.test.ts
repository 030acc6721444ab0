import { createECDH, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { startFcmSandbox, type FcmSandbox } from '../../../test/fcm';
import { createPush, fcmPush, webPushSender, type PushMessage } from '.';

// http_ece is web-push's own encryption library: here it decrypts what the push service received, as a browser would
const ece = require('http_ece') as { decrypt(body: Buffer, params: Record<string, unknown>): Buffer };

const message = (token: string): PushMessage => ({
  token,
  title: 'New swap offer',
  body: 'Ann L. about "Oak chair".',
  link: '/swap-requests',
  tag: 'notification-7',
});

describe('FCM (HTTP v1)', () => {
  let fcm: FcmSandbox;
  beforeAll(async () => {
    fcm = await startFcmSandbox();
  });
  afterAll(() => fcm.close());

  it('signs in as the service account once, then sends each message with its link and collapse key', async () => {
    const push = fcmPush({ serviceAccount: fcm.serviceAccount, url: fcm.url });
    expect(await push.send(message('device-a'))).toBe('sent');
    expect(await push.send(message('device-b'))).toBe('sent');
    expect(fcm.accessTokens()).toBe(1);
    expect(fcm.sent).toEqual([
      {
        token: 'device-a',
        notification: { title: 'New swap offer', body: 'Ann L. about "Oak chair".' },
        data: { link: '/swap-requests', tag: 'notification-7' },
        android: { collapse_key: 'notification-7' },
        apns: { headers: { 'apns-collapse-id': 'notification-7' } },
      },
      expect.objectContaining({ token: 'device-b' }),
    ]);
  });

  it('asks for a new access token once when the old one is refused', async () => {
    const push = fcmPush({ serviceAccount: fcm.serviceAccount, url: fcm.url });
    await push.send(message('device-c'));
    const before = fcm.accessTokens();
    fcm.revokeAccessTokens();
    expect(await push.send(message('device-d'))).toBe('sent');
    expect(fcm.accessTokens()).toBe(before + 1);
  });

  it('says a token FCM calls UNREGISTERED is gone, and throws on an outage (the job tries again)', async () => {
    const push = fcmPush({ serviceAccount: fcm.serviceAccount, url: fcm.url });
    fcm.unregistered.add('uninstalled');
    expect(await push.send(message('uninstalled'))).toBe('gone');
    fcm.failWith = 503;
    await expect(push.send(message('device-e'))).rejects.toThrow(/FCM send: 503 UNAVAILABLE/);
    fcm.failWith = undefined;
  });

  it('refuses a service account whose key the token endpoint does not know', async () => {
    const other = await startFcmSandbox();
    const push = fcmPush({ serviceAccount: { ...fcm.serviceAccount, private_key: other.serviceAccount.private_key } });
    await expect(push.send(message('device-f'))).rejects.toThrow(/FCM access token: 400/);
    await other.close();
  });
});

describe('Web Push (a browser’s subscription)', () => {
  const vapid = webpush.generateVAPIDKeys();
  const browserKeys = createECDH('prime256v1');
  browserKeys.generateKeys();
  const authSecret = randomBytes(16).toString('base64url');
  let service: https.Server;
  let received: { headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
  let answer = 201;
  let endpoint = '';

  beforeAll(async () => {
    // the browser vendor's push service, as far as a sender sees it (over TLS, as web push always is, with a
    // certificate of its own that this process trusts): it takes the encrypted push and answers
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'push-service-'));
    const [keyFile, certFile] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'ignore' },
    );
    const [key, cert] = await Promise.all([fs.readFile(keyFile), fs.readFile(certFile)]);
    await fs.rm(dir, { recursive: true, force: true });
    https.globalAgent.options.ca = cert;
    service = https.createServer({ key, cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    endpoint = `https://127.0.0.1:${(service.address() as AddressInfo).port}/push/abc`;
  });
  afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())));
  beforeEach(() => {
    received = [];
    answer = 201;
  });

  const subscription = () =>
    JSON.stringify({
      endpoint,
      expirationTime: null,
      keys: { p256dh: browserKeys.getPublicKey().toString('base64url'), auth: authSecret },
    });

  it('sends the message encrypted for the subscription, signed with the site’s VAPID key', async () => {
    const push = webPushSender({ ...vapid, subject: 'mailto:support@swapstuff.local' });
    expect(await push.send(message(subscription()))).toBe('sent');
    expect(received).toHaveLength(1);
    const [{ headers, body }] = received;
    expect(headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '86400' });
    expect(headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`));
    const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: browserKeys, authSecret });
    expect(JSON.parse(plain.toString('utf8'))).toEqual({
      title: 'New swap offer',
      body: 'Ann L. about "Oak chair".',
      link: '/swap-requests',
      tag: 'notification-7',
    });
  });

  it('says an expired subscription (410) is gone, and throws on an outage', async () => {
    const push = webPushSender({ ...vapid, subject: 'mailto:support@swapstuff.local' });
    answer = 410;
    expect(await push.send(message(subscription()))).toBe('gone');
    answer = 503;
    await expect(push.send(message(subscription()))).rejects.toThrow();
  });
});

it('records what would be sent, and through which service, when nothing is configured', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'push-'));
  const push = createPush({ dataDir });
  await push.send(message('an-fcm-token'));
  await push.send(message('{"endpoint":"https://push.example/abc","keys":{}}'));
  const files = (await fs.readdir(path.join(dataDir, 'push'))).sort();
  const recorded = await Promise.all(
    files.map(async (f) => JSON.parse(await fs.readFile(path.join(dataDir, 'push', f), 'utf8'))),
  );
  expect(recorded.map((r) => [r.via, r.token]).sort()).toEqual([
    ['fcm', 'an-fcm-token'],
    ['web-push', '{"endpoint":"https://push.example/abc","keys":{}}'],
  ]);
  await fs.rm(dataDir, { recursive: true, force: true });
});
