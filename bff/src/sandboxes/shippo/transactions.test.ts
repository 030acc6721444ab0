import sharp from 'sharp';
import { startShippoSandbox, type Shipment, type StartedShippoSandbox, type Transaction } from '.';
import { LABEL_HEIGHT, LABEL_WIDTH, renderBarcode } from './labels';
import { BOX, call, NEW_YORK, SAN_FRANCISCO } from './testing';

let sandbox: StartedShippoSandbox;
beforeAll(async () => {
  sandbox = await startShippoSandbox({ tickIntervalMs: 0 });
});
afterAll(() => sandbox.close());

async function rates() {
  const { body } = await call<Shipment>(sandbox.url, 'POST', '/shipments/', {
    address_from: NEW_YORK,
    address_to: SAN_FRANCISCO,
    parcels: [BOX],
    async: false,
  });
  return body.rates;
}

const buy = (rate: string, headers: Record<string, string> = {}) =>
  call<Transaction>(sandbox.url, 'POST', '/transactions/', { rate, label_file_type: 'PNG', async: false }, headers);

it('buys a label: a tracking number in the courier’s format and a real PNG with a readable barcode', async () => {
  const all = await rates();
  const formats: Record<string, RegExp> = { USPS: /^9400\d{18}$/, UPS: /^1Z[A-Z0-9]{6}03\d{8}$/, FedEx: /^\d{12}$/ };
  for (const provider of ['USPS', 'UPS', 'FedEx']) {
    const rate = all.find((r) => r.provider === provider)!;
    const { status, body } = await buy(rate.object_id);
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 'SUCCESS', rate: rate.object_id, label_file_type: 'PNG' });
    expect(body.tracking_number).toMatch(formats[provider]);
    expect(body.tracking_url_provider).toContain(body.tracking_number);
  }
  const usps = await buy(all.find((r) => r.provider === 'USPS')!.object_id);
  const label = await fetch(usps.body.label_url);
  expect(label.status).toBe(200);
  expect(label.headers.get('content-type')).toBe('image/png');
  const png = Buffer.from(await label.arrayBuffer());
  const meta = await sharp(png).metadata();
  expect(meta).toMatchObject({ format: 'png', width: LABEL_WIDTH, height: LABEL_HEIGHT });
  // the barcode: 3 px per module, at least 3/4 in tall at 203 dpi, and it fits the label
  const barcode = await sharp(await renderBarcode(usps.body.tracking_number)).metadata();
  expect(barcode.width).toBeGreaterThan(300);
  expect(barcode.width).toBeLessThanOrEqual(LABEL_WIDTH);
  expect(barcode.height).toBeGreaterThan(150);
  // the label is not blank: its pixels vary
  const stats = await sharp(png).stats();
  expect(stats.channels[0].min).toBeLessThan(50);
  expect(stats.channels[0].max).toBeGreaterThan(200);
  const page = await fetch(usps.body.tracking_url_provider);
  expect(await page.text()).toContain('PRE_TRANSIT');
});

it('makes one label of 50 purchases of one rate arriving together', async () => {
  const [rate] = await rates();
  const answers = await Promise.all(Array.from({ length: 50 }, () => buy(rate.object_id)));
  expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
  expect(new Set(answers.map((a) => a.body.object_id)).size).toBe(1);
  expect(new Set(answers.map((a) => a.body.tracking_number)).size).toBe(1);
  const labels = Object.values(sandbox.sandbox.store.state.transactions).filter((t) => t.rate === rate.object_id);
  expect(labels).toHaveLength(1);
});

it('refuses an Idempotency-Key used for another rate, an unknown rate, and other file types', async () => {
  const [a, b] = await rates();
  expect((await buy(a.object_id, { 'Idempotency-Key': 'order-1' })).status).toBe(201);
  expect((await buy(a.object_id, { 'Idempotency-Key': 'order-1' })).status).toBe(201);
  const reused = await buy(b.object_id, { 'Idempotency-Key': 'order-1' });
  expect(reused.status).toBe(400);
  expect(reused.body).toHaveProperty('Idempotency-Key');
  expect((await buy('nope')).body).toEqual({ rate: ['Rate with object_id nope does not exist.'] });
  const pdf = await call(sandbox.url, 'POST', '/transactions/', { rate: a.object_id, label_file_type: 'PDF' });
  expect(pdf.status).toBe(400);
});

it('answers a rate bought for the same metadata or Idempotency-Key with its label, and refuses it for other metadata', async () => {
  const [rate] = await rates();
  const first = await call<Transaction>(sandbox.url, 'POST', '/transactions/', {
    rate: rate.object_id,
    metadata: 'order:1',
  });
  expect(first).toMatchObject({ status: 201, body: { metadata: 'order:1', rate: rate.object_id } });
  const again = await call<Transaction>(sandbox.url, 'POST', '/transactions/', {
    rate: rate.object_id,
    metadata: 'order:1',
  });
  expect(again.body.object_id).toBe(first.body.object_id);
  const other = await call(sandbox.url, 'POST', '/transactions/', { rate: rate.object_id, metadata: 'order:2' });
  expect(other).toEqual({ status: 400, body: { rate: [`The rate ${rate.object_id} has already been purchased.`] } });
  expect(
    (await call(sandbox.url, 'POST', '/transactions/', { rate: rate.object_id, metadata: 'x'.repeat(101) })).status,
  ).toBe(400);

  // a key seen before answers its transaction
  const [, second] = await rates();
  const keyed = await buy(second.object_id, { 'Idempotency-Key': 'order-3' });
  expect((await buy(second.object_id, { 'Idempotency-Key': 'order-3' })).body.object_id).toBe(keyed.body.object_id);
});

it('lists the transactions of a rate, as a client finds the label it bought when the answer was lost', async () => {
  const [rate, unbought] = await rates();
  const bought = await buy(rate.object_id);
  const { status, body } = await call<{ next: null; previous: null; results: Transaction[] }>(
    sandbox.url,
    'GET',
    `/transactions/?rate=${rate.object_id}&results=25`,
  );
  expect(status).toBe(200);
  expect(body.results.map((t) => t.object_id)).toEqual([bought.body.object_id]);
  expect(
    (await call<{ results: Transaction[] }>(sandbox.url, 'GET', `/transactions/?rate=${unbought.object_id}`)).body
      .results,
  ).toEqual([]);
  const all = await call<{ results: Transaction[] }>(sandbox.url, 'GET', '/transactions/');
  expect(all.body.results.length).toBeGreaterThan(1);
});
