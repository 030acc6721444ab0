/**
 * Tracking and its webhooks as our api will receive them: POSTed to a local endpoint, signed (checked
 * here by recomputing the HMAC), one per step, retried while the endpoint fails.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNATURE_HEADER, startShippoSandbox, type Shipment, type StartedShippoSandbox, type Track } from '.';
import { BOX, call, NEW_YORK, SAN_FRANCISCO } from './testing';

const SECRET = 'whsec_shippo_test';
let now = Date.parse('2026-03-02T09:00:00Z');
let deliveries: Array<{ body: string; signature: string }> = [];
let failNext = 0;
let endpoint: http.Server;
let sandbox: StartedShippoSandbox;

beforeAll(async () => {
  endpoint = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (failNext > 0) {
        failNext--;
        return res.writeHead(503).end();
      }
      deliveries.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers[SIGNATURE_HEADER.toLowerCase()]),
      });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  sandbox = await startShippoSandbox({
    webhookUrl: `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/api/shipping/webhook`,
    webhookSecret: SECRET,
    webhookRetryDelaysMs: [30, 30, 30],
    clock: () => now,
    tickIntervalMs: 0,
  });
});
beforeEach(() => {
  deliveries = [];
  failNext = 0;
});
afterAll(async () => {
  await sandbox.close();
  endpoint.closeAllConnections();
  await new Promise((resolve) => endpoint.close(resolve));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Verifies as our api will: `t=<s>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, compared in constant time. */
function verified(delivery: { body: string; signature: string }): { event: string; test: boolean; data: Track } {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery.signature);
  if (!match) throw new Error(`malformed signature ${delivery.signature}`);
  const expected = createHmac('sha256', SECRET).update(`${match[1]}.${delivery.body}`).digest();
  if (!timingSafeEqual(expected, Buffer.from(match[2], 'hex'))) throw new Error('bad signature');
  return JSON.parse(delivery.body) as { event: string; test: boolean; data: Track };
}

/** The tracks delivered so far (of one parcel, when a number is given), in the order of their steps. */
async function delivered(count: number, number?: string, ms = 3000): Promise<Track[]> {
  const deadline = Date.now() + ms;
  const wanted = () => deliveries.filter((d) => number === undefined || d.body.includes(`"${number}"`));
  while (wanted().length < count) {
    if (Date.now() > deadline) throw new Error(`${wanted().length} of ${count} webhooks within ${ms} ms`);
    await sleep(10);
  }
  return wanted()
    .map((d) => verified(d))
    .map((e) => {
      expect(e).toMatchObject({ event: 'track_updated', test: true });
      return e.data;
    })
    .sort((a, b) => a.tracking_history.length - b.tracking_history.length);
}

async function label(): Promise<{ carrier: string; number: string }> {
  const { body } = await call<Shipment>(sandbox.url, 'POST', '/shipments/', {
    address_from: NEW_YORK,
    address_to: SAN_FRANCISCO,
    parcels: [BOX],
  });
  const rate = body.rates.find((r) => r.provider === 'USPS')!;
  const bought = await call<{ tracking_number: string }>(sandbox.url, 'POST', '/transactions/', {
    rate: rate.object_id,
  });
  return { carrier: 'usps', number: bought.body.tracking_number };
}

const advance = (number: string, to?: string) =>
  call<Track>(sandbox.url, 'POST', `/sandbox/tracks/${number}/advance`, to ? { to } : {});

it('moves PRE_TRANSIT → TRANSIT → DELIVERED when asked, each step a signed webhook with its place', async () => {
  const { carrier, number } = await label();
  expect((await delivered(1)).map((t) => t.tracking_status.status)).toEqual(['PRE_TRANSIT']);

  const transit = await advance(number, 'TRANSIT');
  expect(transit.status).toBe(200);
  expect(transit.body.tracking_status).toMatchObject({ status: 'TRANSIT', location: { city: 'New York' } });
  const delivered_ = await advance(number, 'DELIVERED');
  expect(delivered_.body.tracking_status).toMatchObject({
    status: 'DELIVERED',
    location: { city: 'San Francisco', state: 'CA', zip: '94105', country: 'US' },
  });
  // New York to San Francisco has a stop half-way: four steps in all
  const steps = delivered_.body.tracking_history;
  expect(steps.map((s) => s.status)).toEqual(['PRE_TRANSIT', 'TRANSIT', 'TRANSIT', 'DELIVERED']);
  expect(steps[2].location!.city).not.toMatch(/New York|San Francisco/);

  const tracks = await delivered(4);
  expect(tracks.map((t) => t.tracking_status.status)).toEqual(['PRE_TRANSIT', 'TRANSIT', 'TRANSIT', 'DELIVERED']);
  expect(tracks.every((t) => t.tracking_number === number)).toBe(true);

  const { body } = await call<Track>(sandbox.url, 'GET', `/tracks/${carrier}/${number}/`);
  expect(body.tracking_status.status).toBe('DELIVERED');
  expect(body.tracking_history).toHaveLength(4);
  expect((await advance(number)).status).toBe(400);
});

it('moves on by itself as the clock passes, and to RETURNED or FAILURE when asked', async () => {
  const first = await label();
  const second = await label();
  now += 13 * 3600 * 1000;
  const { body } = await call<Track>(sandbox.url, 'GET', `/tracks/usps/${first.number}/`);
  expect(body.tracking_status.status).toBe('TRANSIT');
  now += 10 * 24 * 3600 * 1000;
  expect(sandbox.sandbox.tick()).toBeGreaterThanOrEqual(2);
  expect((await call<Track>(sandbox.url, 'GET', `/tracks/usps/${first.number}/`)).body.tracking_status.status).toBe(
    'DELIVERED',
  );

  const third = await label();
  expect((await advance(third.number, 'RETURNED')).body.tracking_status).toMatchObject({
    status: 'RETURNED',
    location: { city: 'New York' },
  });
  const fourth = await label();
  expect((await advance(fourth.number, 'FAILURE')).body.tracking_status.status).toBe('FAILURE');
  expect((await advance(fourth.number, 'LOST')).status).toBe(400);
  expect(second.number).not.toBe(first.number);
  expect((await call(sandbox.url, 'GET', `/tracks/ups/${first.number}/`)).status).toBe(404);
});

it('retries a webhook the endpoint refused, and resends one when asked', async () => {
  failNext = 2;
  const { number } = await label();
  const [track] = await delivered(1);
  expect(track.tracking_number).toBe(number);
  expect(failNext).toBe(0);

  const { body } = await call<{ results: Array<{ id: string; tracking_number: string; delivered: boolean }> }>(
    sandbox.url,
    'GET',
    '/sandbox/webhooks',
  );
  const event = body.results.find((e) => e.tracking_number === number)!;
  await sleep(20);
  deliveries = [];
  expect((await call(sandbox.url, 'POST', `/sandbox/webhooks/${event.id}/resend`)).status).toBe(200);
  expect((await delivered(1))[0].tracking_number).toBe(number);
});

it('follows a parcel by its number (POST /tracks/): its metadata is on the track and in the webhooks after', async () => {
  const { carrier, number } = await label();
  await delivered(1);
  const followed = await call<Track>(sandbox.url, 'POST', '/tracks/', {
    carrier: 'USPS',
    tracking_number: number,
    metadata: 'order:42',
  });
  expect(followed.status).toBe(201);
  expect(followed.body).toMatchObject({ carrier, tracking_number: number, metadata: 'order:42' });
  expect(followed.body.tracking_status.status).toBe('PRE_TRANSIT');
  deliveries = [];
  await advance(number, 'TRANSIT');
  const [track] = await delivered(1);
  expect(track).toMatchObject({ tracking_number: number, metadata: 'order:42' });
  expect((await call<Track>(sandbox.url, 'GET', `/tracks/${carrier}/${number}/`)).body.metadata).toBe('order:42');

  // the number is a USPS parcel's: UPS cannot have it too; a courier the sandbox does not know tracks nothing
  expect((await call(sandbox.url, 'POST', '/tracks/', { carrier: 'ups', tracking_number: number })).status).toBe(400);
  expect((await call(sandbox.url, 'POST', '/tracks/', { carrier: 'pigeon_post', tracking_number: 'P-1' })).status).toBe(
    400,
  );
  expect((await call(sandbox.url, 'POST', '/tracks/', { tracking_number: number })).body).toEqual({
    carrier: ['This field is required.'],
  });
});

it("follows a parcel it did not label (a shipper's own courier): UNKNOWN, then scanned and delivered", async () => {
  const number = `1ZOWN${Date.now()}`;
  const followed = await call<Track>(sandbox.url, 'POST', '/tracks/', {
    carrier: 'ups',
    tracking_number: number,
    metadata: 'order:43',
  });
  expect(followed.status).toBe(201);
  expect(followed.body).toMatchObject({ carrier: 'ups', tracking_number: number, metadata: 'order:43', eta: null });
  expect(followed.body.tracking_status.status).toBe('UNKNOWN');
  expect(followed.body.tracking_history).toEqual([]);
  // registering it again changes nothing but the metadata
  expect(
    (await call<Track>(sandbox.url, 'POST', '/tracks/', { carrier: 'ups', tracking_number: number })).body,
  ).toMatchObject({ tracking_status: { status: 'UNKNOWN' }, metadata: null });
  await call(sandbox.url, 'POST', '/tracks/', { carrier: 'ups', tracking_number: number, metadata: 'order:43' });
  expect(deliveries).toEqual([]);

  now += 13 * 3600 * 1000;
  expect((await call<Track>(sandbox.url, 'GET', `/tracks/ups/${number}/`)).body.tracking_status.status).toBe('TRANSIT');
  const delivered_ = await advance(number, 'DELIVERED');
  expect(delivered_.body.tracking_history.map((step) => step.status)).toEqual(['TRANSIT', 'DELIVERED']);
  // the clock moved the other tests' parcels on too: only this one's webhooks are looked at
  const tracks = await delivered(2, number);
  expect(tracks.map((t) => [t.tracking_status.status, t.metadata])).toEqual([
    ['TRANSIT', 'order:43'],
    ['DELIVERED', 'order:43'],
  ]);
});
