import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startShippoSandbox, type Shipment, type StartedShippoSandbox, type Track, type Transaction } from '.';
import { BOX, call, NEW_YORK, SAN_FRANCISCO, TOKEN } from './testing';

let sandbox: StartedShippoSandbox;
beforeAll(async () => {
  sandbox = await startShippoSandbox({ tickIntervalMs: 0 });
});
afterAll(() => sandbox.close());

const raw = async (body: string | Buffer, headers: Record<string, string> = {}, route = '/addresses/') => {
  const response = await fetch(`${sandbox.url}${route}`, {
    method: 'POST',
    headers: { Authorization: `ShippoToken ${TOKEN}`, 'Content-Type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

it('answers only the ShippoToken it was given', async () => {
  const get = (headers: Record<string, string>) =>
    fetch(`${sandbox.url}/addresses/x/`, { headers }).then(async (r) => ({ status: r.status, body: await r.json() }));
  expect(await get({})).toEqual({ status: 401, body: { detail: 'Authentication credentials were not provided.' } });
  expect((await get({ Authorization: 'ShippoToken shippo_test_other' })).status).toBe(401);
  expect((await get({ Authorization: `Bearer ${TOKEN}` })).status).toBe(401);
  expect((await get({ Authorization: `ShippoToken ${TOKEN}` })).status).toBe(404);
  expect((await call(sandbox.url, 'POST', '/sandbox/tracks/x/advance', {}, { Authorization: 'x' })).status).toBe(401);
});

it('answers garbage with 400s and 413s, and keeps working', async () => {
  expect((await raw('{"street1": ')).status).toBe(400);
  expect((await raw('[1, 2]')).body).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
  expect((await raw('null')).status).toBe(400);
  expect((await raw(Buffer.from([0xff, 0xfe, 0x00, 0x81]))).status).toBe(400);
  expect((await raw(JSON.stringify({ country: 'US', street1: { $gt: '' } }))).body).toEqual({
    street1: ['Not a valid string.'],
  });
  expect((await raw(JSON.stringify({ country: 'US', zip: 'x'.repeat(1000) }))).status).toBe(400);
  expect((await raw(JSON.stringify({ country: 'US', street1: 'x'.repeat(200_000) }))).status).toBe(413);
  const shipments = (body: object) => raw(JSON.stringify(body), {}, '/shipments/');
  expect((await shipments({ address_from: 42, address_to: [], parcels: 'x' })).status).toBe(400);
  expect((await shipments({ address_from: NEW_YORK, address_to: NEW_YORK, parcels: [{}] })).body).toEqual({
    'parcels.0.length': ['This field is required.'],
  });
  expect((await shipments({ address_from: NEW_YORK, address_to: NEW_YORK, parcels: [null] })).status).toBe(400);
  expect(
    (await shipments({ address_from: NEW_YORK, address_to: NEW_YORK, parcels: [{ ...BOX, weight: -1 }] })).status,
  ).toBe(400);
  expect((await shipments({ address_from: NEW_YORK, address_to: NEW_YORK, parcels: Array(21).fill(BOX) })).status).toBe(
    400,
  );
  expect((await call(sandbox.url, 'GET', '/nowhere')).status).toBe(404);
  expect((await raw(JSON.stringify(NEW_YORK))).status).toBe(201);
});

it('keeps its state across a restart with a state file', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shippo-sandbox-'));
  const stateFile = path.join(dir, 'state.json');
  try {
    const first = await startShippoSandbox({ stateFile, tickIntervalMs: 0 });
    const { body: shipment } = await call<Shipment>(first.url, 'POST', '/shipments/', {
      address_from: NEW_YORK,
      address_to: SAN_FRANCISCO,
      parcels: [BOX],
    });
    const { body: bought } = await call<Transaction>(first.url, 'POST', '/transactions/', {
      rate: shipment.rates[0].object_id,
    });
    await call(first.url, 'POST', `/sandbox/tracks/${bought.tracking_number}/advance`, { to: 'TRANSIT' });
    await first.close();

    const second = await startShippoSandbox({ stateFile, tickIntervalMs: 0 });
    try {
      expect((await call(second.url, 'GET', `/shipments/${shipment.object_id}/`)).body).toEqual(shipment);
      expect((await call(second.url, 'GET', `/transactions/${bought.object_id}/`)).body).toMatchObject({
        tracking_number: bought.tracking_number,
        tracking_status: 'TRANSIT',
      });
      // the same rate is not bought twice, even after a restart
      const again = await call<Transaction>(second.url, 'POST', '/transactions/', {
        rate: shipment.rates[0].object_id,
      });
      expect(again.body.object_id).toBe(bought.object_id);
      const { body: track } = await call<Track>(second.url, 'GET', `/tracks/usps/${bought.tracking_number}/`);
      expect(track.tracking_history.map((s) => s.status)).toEqual(['PRE_TRANSIT', 'TRANSIT']);
      const moved = await call<Track>(second.url, 'POST', `/sandbox/tracks/${bought.tracking_number}/advance`, {
        to: 'DELIVERED',
      });
      expect(moved.body.tracking_status.status).toBe('DELIVERED');
      // the label is drawn again from the state
      const label = await fetch(bought.label_url.replace(first.url, second.url));
      expect(label.headers.get('content-type')).toBe('image/png');
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
