/**
 * The Shippo adapter's own behaviour, against a stub of Shippo that answers what each test needs (what the
 * sandbox never does: 5xx, timeouts, a rate refused as bought, odd label files); the port's contract against
 * the sandbox is sandbox.contract.test.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signatureHeader } from '../../sandboxes/common/signature';
import { carrierTokenOf, centsOf, shippoMessage, shippoShipping, trackingOf, type ShippoOptions } from './shippo';
import { SELLER, FAR, LIGHT } from './contract';
import { ShippingProviderError, ShippingUnavailableError, type ShippingPort } from './types';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
type Answer = (req: Seen, res: http.ServerResponse) => void;

let stub: http.Server;
let base: string;
let seen: Seen[] = [];
let answer: Answer = (_req, res) => res.writeHead(404).end();

beforeAll(async () => {
  stub = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(request);
      answer(request, res);
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
});
afterAll(async () => {
  stub.closeAllConnections();
  await new Promise((resolve) => stub.close(resolve));
});
beforeEach(() => {
  seen = [];
});

const json = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));

const SECRET = 'whsec_unit';
const adapter = (options: Partial<ShippoOptions> = {}): ShippingPort =>
  shippoShipping({
    apiToken: 'shippo_test_unit',
    apiUrl: base,
    webhookSecret: SECRET,
    labelHosts: [base],
    retryDelaysMs: [1, 1],
    ...options,
  });

/** The error a promise rejects with (the test fails if it resolves). */
async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a failure');
}

describe('reading Shippo', () => {
  it('reads amounts as whole cents, digit by digit', () => {
    expect(centsOf('12.34')).toBe(1234);
    // 0.29 × 100 is 28.999… as a binary fraction: read as text it is 29
    expect(centsOf('0.29')).toBe(29);
    expect(centsOf('1.1')).toBe(110);
    expect(centsOf('5')).toBe(500);
    expect(centsOf('1.005')).toBe(101);
    expect(centsOf('1234567.89')).toBe(123456789);
    expect(centsOf(8.2)).toBe(820);
    expect(centsOf(null)).toBe(0);
    expect(centsOf(undefined)).toBe(0);
    expect(centsOf('')).toBe(0);
    expect(() => centsOf('12,34')).toThrow(ShippingUnavailableError);
    expect(() => centsOf('NaN')).toThrow(ShippingUnavailableError);
  });

  it('says what Shippo said was wrong', () => {
    expect(shippoMessage({ detail: 'Invalid token.' }, 401)).toBe('Invalid token.');
    expect(shippoMessage({ address_to: ['This field is required.'] }, 400)).toBe('address_to: This field is required.');
    expect(shippoMessage({ parcels: [{ weight: ['A valid number is required.'] }] }, 400)).toBe(
      'parcels.weight: A valid number is required.',
    );
    expect(shippoMessage({ non_field_errors: ['Invalid data.'] }, 400)).toBe('Invalid data.');
    expect(shippoMessage({ messages: [{ text: 'Rate expired.' }] }, 400)).toBe('Rate expired.');
    expect(shippoMessage(undefined, 404)).toBe('Shippo answered 404.');
    expect(shippoMessage({ detail: 'x'.repeat(2000) }, 400)).toHaveLength(500);
  });

  it('names carriers by Shippo’s tokens', () => {
    expect(['USPS', 'UPS', 'FedEx', 'DHL Express', 'Canada Post'].map(carrierTokenOf)).toEqual([
      'usps',
      'ups',
      'fedex',
      'dhl_express',
      'canada_post',
    ]);
    expect(carrierTokenOf('Asendia US')).toBe('asendia_us');
  });

  it('knows the couriers shippers type, however they write them, and no others', () => {
    const shipping = shippoShipping({ apiToken: 't', webhookSecret: 's' });
    expect(['U.S.P.S.', 'Fed Ex', 'United Parcel Service', 'DHL', 'canada post'].map(shipping.carrierOf)).toEqual([
      'usps',
      'fedex',
      'ups',
      'dhl_express',
      'canada_post',
    ]);
    expect(["Bob's Courier", 'my cousin', ''].map(shipping.carrierOf)).toEqual([null, null, null]);
  });

  it('reads a track Shippo knows nothing of yet as UNKNOWN, and an unknown status as UNKNOWN', () => {
    expect(trackingOf({ tracking_status: null, tracking_history: [] }, 'usps', '9400')).toEqual({
      carrier: 'usps',
      trackingNumber: '9400',
      status: 'UNKNOWN',
      eta: null,
      history: [],
    });
    const odd = trackingOf({
      carrier: 'ups',
      tracking_number: '1Z',
      tracking_status: { status: 'LOST_IN_SPACE', status_details: '?', status_date: '2026-01-01T00:00:00Z' },
    });
    expect(odd).toMatchObject({ status: 'UNKNOWN', history: [{ status: 'UNKNOWN', details: '?', location: null }] });
  });
});

describe('calling Shippo', () => {
  it('sends the token and JSON, and asks for a shipment’s rates in inches and ounces, cheapest first in USD', async () => {
    answer = (_req, res) =>
      json(res, 201, {
        object_id: 'shp_1',
        rates: [
          { object_id: 'r2', amount: '9.10', currency: 'USD', provider: 'UPS', servicelevel: { name: 'Ground' } },
          { object_id: 'r3', amount: '3.00', currency: 'CAD', provider: 'Canada Post', servicelevel: { name: 'Reg' } },
          {
            object_id: 'r1',
            amount: '7.55',
            currency: 'USD',
            provider: 'USPS',
            provider_image_200: 'https://example.com/usps.png',
            servicelevel: { name: 'Ground Advantage' },
            estimated_days: 4,
            duration_terms: 'Delivery in 2 to 5 business days.',
            included_insurance_price: null,
          },
        ],
      });
    const quote = await adapter().quote({ from: SELLER, to: FAR, parcel: LIGHT });
    expect(quote).toEqual({
      shipmentId: 'shp_1',
      rates: [
        {
          id: 'r1',
          provider: 'USPS',
          service: 'Ground Advantage',
          providerImage200: 'https://example.com/usps.png',
          amountCents: 755,
          includedInsuranceCents: 0,
          estimatedDays: 4,
          durationTerms: 'Delivery in 2 to 5 business days.',
        },
        expect.objectContaining({ id: 'r2', amountCents: 910, estimatedDays: null, durationTerms: '' }),
      ],
    });
    const [request] = seen;
    expect(request).toMatchObject({ method: 'POST', url: '/shipments/' });
    expect(request.headers.authorization).toBe('ShippoToken shippo_test_unit');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({
      address_from: SELLER,
      address_to: FAR,
      parcels: [{ length: '6', width: '4', height: '2', distance_unit: 'in', weight: '12', mass_unit: 'oz' }],
      async: false,
    });
  });

  it('refuses a parcel without a positive size before asking', async () => {
    const error = await failure(adapter().quote({ from: SELLER, to: FAR, parcel: { ...LIGHT, weightOz: 0 } }));
    expect(error).toBeInstanceOf(ShippingProviderError);
    expect(seen).toHaveLength(0);
  });

  it('turns Shippo’s 4xx into ShippingProviderError with its words and status, without retrying', async () => {
    answer = (_req, res) => json(res, 400, { address_to: ['This field is required.'] });
    const error = await failure(adapter().track('usps', '9400'));
    expect(error).toBeInstanceOf(ShippingProviderError);
    expect(error).toMatchObject({ status: 400, message: 'address_to: This field is required.' });
    expect(seen).toHaveLength(1);
  });

  it('reads again after a 5xx or a 429, but never writes again', async () => {
    let calls = 0;
    answer = (_req, res) =>
      ++calls < 3 ? json(res, calls === 1 ? 502 : 429, { detail: 'busy' }) : json(res, 200, { carrier: 'usps' });
    expect(await adapter().track('usps', '9400')).toMatchObject({ carrier: 'usps', status: 'UNKNOWN' });
    expect(seen.map((r) => r.method)).toEqual(['GET', 'GET', 'GET']);

    seen = [];
    answer = (_req, res) => json(res, 503, { detail: 'down' });
    const error = await failure(adapter().validateAddress(SELLER));
    expect(error).toBeInstanceOf(ShippingUnavailableError);
    expect(error.message).toContain('503');
    expect(seen).toHaveLength(1);
  });

  it('gives up on a read after its retries when nothing answers, and on a call past its deadline', async () => {
    const closed = await failure(adapter({ apiUrl: 'http://127.0.0.1:9' }).track('usps', '9400'));
    expect(closed).toBeInstanceOf(ShippingUnavailableError);
    answer = () => undefined; // never answers
    const started = Date.now();
    const slow = await failure(adapter({ timeoutMs: 100 }).buyLabel({ rateId: 'r1', reference: 'order:1' }));
    expect(slow).toBeInstanceOf(ShippingUnavailableError);
    expect(slow.message).toContain('no answer within 100 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('buying a label', () => {
  const TRANSACTION = {
    object_id: 'tx_1',
    status: 'SUCCESS',
    rate: 'r1',
    tracking_number: '1Z999',
    tracking_url_provider: 'https://ups.example/1Z999',
    label_url: 'https://deliver.goshippo.com/tx_1.png',
    eta: '2026-03-05T12:00:00Z',
    metadata: 'order:1',
  };
  const RATE = { object_id: 'r1', provider: 'UPS', amount: '9.10', currency: 'USD' };
  const LABEL = {
    id: 'tx_1',
    rateId: 'r1',
    carrier: 'ups',
    trackingNumber: '1Z999',
    labelUrl: 'https://deliver.goshippo.com/tx_1.png',
    trackingUrl: 'https://ups.example/1Z999',
    eta: '2026-03-05T12:00:00Z',
  };

  it('buys a PNG with the reference as metadata and a key made of the rate and the reference', async () => {
    answer = (req, res) => (req.method === 'POST' ? json(res, 201, TRANSACTION) : json(res, 200, RATE));
    expect(await adapter().buyLabel({ rateId: 'r1', reference: 'order:1' })).toEqual(LABEL);
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /transactions/', 'GET /rates/r1/']);
    expect(JSON.parse(seen[0].body)).toEqual({
      rate: 'r1',
      label_file_type: 'PNG',
      async: false,
      metadata: 'order:1',
    });
    const key = seen[0].headers['idempotency-key'];
    seen = [];
    await adapter().buyLabel({ rateId: 'r1', reference: 'order:1' });
    expect(seen[0].headers['idempotency-key']).toBe(key);
    seen = [];
    answer = (req, res) =>
      req.method === 'POST' ? json(res, 201, { ...TRANSACTION, metadata: 'order:2' }) : json(res, 200, RATE);
    await adapter().buyLabel({ rateId: 'r1', reference: 'order:2' });
    expect(seen[0].headers['idempotency-key']).not.toBe(key);
  });

  it('finds the label an earlier call bought when Shippo refuses the rate as bought', async () => {
    answer = (req, res) => {
      if (req.method === 'POST') return json(res, 400, { rate: ['This rate has already been purchased.'] });
      if (req.url.startsWith('/transactions/?rate=r1'))
        return json(res, 200, {
          results: [
            { ...TRANSACTION, object_id: 'tx_0', status: 'ERROR' },
            { ...TRANSACTION, object_id: 'tx_9', metadata: 'order:9' },
            TRANSACTION,
          ],
        });
      return json(res, 200, RATE);
    };
    expect(await adapter().buyLabel({ rateId: 'r1', reference: 'order:1' })).toEqual(LABEL);
    // bought for another order: Shippo's refusal stands
    const other = await failure(adapter().buyLabel({ rateId: 'r1', reference: 'order:2' }));
    expect(other).toMatchObject({ status: 400, message: 'rate: This rate has already been purchased.' });
  });

  it('finds the label when the purchase’s answer was lost, and says why a failed purchase failed', async () => {
    answer = (req, res) => {
      if (req.method === 'POST') return res.destroy();
      if (req.url.startsWith('/transactions/?')) return json(res, 200, { results: [TRANSACTION] });
      return json(res, 200, RATE);
    };
    expect(await adapter().buyLabel({ rateId: 'r1', reference: 'order:1' })).toEqual(LABEL);

    answer = (req, res) =>
      req.method === 'POST'
        ? json(res, 201, { object_id: 'tx_2', status: 'ERROR', messages: [{ text: 'The address is undeliverable.' }] })
        : json(res, 200, { results: [] });
    const error = await failure(adapter().buyLabel({ rateId: 'r1', reference: 'order:1' }));
    expect(error).toMatchObject({ status: 400, message: 'The address is undeliverable.' });
    expect(error).toBeInstanceOf(ShippingProviderError);
  });

  it('refuses a reference longer than Shippo’s metadata', async () => {
    expect(await failure(adapter().buyLabel({ rateId: 'r1', reference: 'x'.repeat(101) }))).toBeInstanceOf(
      ShippingProviderError,
    );
    expect(seen).toHaveLength(0);
  });
});

describe('downloading a label (only from the label hosts)', () => {
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]);
  const file = (type: string, body: Buffer) => (_req: Seen, res: http.ServerResponse) =>
    res.writeHead(200, { 'Content-Type': type, 'Content-Length': body.length }).end(body);

  it('gives the PNG or the PDF the host serves', async () => {
    answer = file('image/png', PNG);
    expect(await adapter().downloadLabel(`${base}/labels/1.png`)).toEqual(PNG);
    const pdf = Buffer.from('%PDF-1.4 …');
    answer = file('application/pdf; charset=binary', pdf);
    expect(await adapter().downloadLabel(`${base}/labels/1.pdf`)).toEqual(pdf);
  });

  it('refuses other hosts without asking them, and a redirect to one', async () => {
    const other = adapter({ labelHosts: ['https://deliver.goshippo.com'] });
    expect(await failure(other.downloadLabel(`${base}/labels/1.png`))).toMatchObject({ status: 400 });
    expect(seen).toHaveLength(0);
    answer = (_req, res) => res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end();
    expect(await failure(adapter().downloadLabel(`${base}/labels/1.png`))).toMatchObject({ status: 400 });
    expect(seen).toHaveLength(1);
    seen = [];
    answer = (req, res) =>
      req.url === '/moved.png'
        ? file('image/png', PNG)(req, res)
        : res.writeHead(301, { Location: '/moved.png' }).end();
    expect(await adapter().downloadLabel(`${base}/labels/1.png`)).toEqual(PNG);
    expect(seen.map((r) => r.url)).toEqual(['/labels/1.png', '/moved.png']);
  });

  it('refuses what is not a label: another type, bytes that are not what the type says, a missing one', async () => {
    answer = file('text/html', Buffer.from('<html>'));
    expect(await failure(adapter().downloadLabel(`${base}/x`))).toMatchObject({ status: 415 });
    answer = file('image/png', Buffer.from('<html>not a png</html>'));
    expect(await failure(adapter().downloadLabel(`${base}/x`))).toMatchObject({ status: 415 });
    answer = (_req, res) => res.writeHead(404).end();
    expect(await failure(adapter().downloadLabel(`${base}/x`))).toMatchObject({ status: 404 });
  });

  it('refuses more than 5 MB, declared or streamed', async () => {
    answer = (_req, res) => res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': 6_000_000 }).end();
    expect(await failure(adapter().downloadLabel(`${base}/big.png`))).toMatchObject({ status: 413 });
    answer = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.write(PNG);
      const chunk = Buffer.alloc(1024 * 1024);
      let sent = 0;
      const more = () => {
        while (sent < 8 && res.write(chunk)) sent++;
        if (sent < 8 && !res.destroyed) res.once('drain', more);
        else res.end();
      };
      more();
    };
    const error = await failure(adapter().downloadLabel(`${base}/streamed.png`));
    expect(error).toMatchObject({ status: 413 });
  });
});

describe('verifying a webhook', () => {
  const now = Date.parse('2026-03-02T09:00:00Z');
  const at = (ms: number) => Math.floor(ms / 1000);
  const body = JSON.stringify({
    event: 'track_updated',
    test: true,
    data: {
      carrier: 'usps',
      tracking_number: '9400',
      eta: '2026-03-05T00:00:00Z',
      metadata: 'order:7',
      tracking_status: { status: 'TRANSIT', status_details: 'Accepted', status_date: '2026-03-02T08:00:00Z' },
      tracking_history: [
        { status: 'PRE_TRANSIT', status_details: 'Label', status_date: '2026-03-01T08:00:00Z' },
        {
          object_id: 'ts_2',
          status: 'TRANSIT',
          status_details: 'Accepted',
          status_date: '2026-03-02T08:00:00Z',
          location: { city: 'New York', state: 'NY', zip: '10118', country: 'US' },
        },
      ],
    },
  });
  const verifier = shippoShipping({ apiToken: 'shippo_test_unit', webhookSecret: SECRET, clock: () => now });

  it('reads the track and its reference from a signed body', () => {
    expect(verifier.verifyWebhook(Buffer.from(body), signatureHeader(body, SECRET, at(now)))).toEqual({
      carrier: 'usps',
      trackingNumber: '9400',
      status: 'TRANSIT',
      eta: '2026-03-05T00:00:00Z',
      reference: 'order:7',
      history: [
        { id: null, status: 'PRE_TRANSIT', details: 'Label', date: '2026-03-01T08:00:00Z', location: null },
        {
          id: 'ts_2',
          status: 'TRANSIT',
          details: 'Accepted',
          date: '2026-03-02T08:00:00Z',
          location: { city: 'New York', state: 'NY', zip: '10118' },
        },
      ],
    });
  });

  it('takes one of several signatures (a secret being rotated), within 5 minutes, and later timestamps', () => {
    const good = signatureHeader(body, SECRET, at(now - 299_000));
    const other = signatureHeader(body, 'whsec_old', at(now - 299_000)).split(',')[1];
    expect(verifier.verifyWebhook(Buffer.from(body), `${good},${other}`).trackingNumber).toBe('9400');
    expect(verifier.verifyWebhook(Buffer.from(body), signatureHeader(body, SECRET, at(now + 3600_000))).status).toBe(
      'TRANSIT',
    );
    const old = () => verifier.verifyWebhook(Buffer.from(body), signatureHeader(body, SECRET, at(now - 301_000)));
    expect(old).toThrow(/older than 300 s/);
  });

  it('refuses a body that is not UTF-8, and one signed without a secret configured', () => {
    const raw = Buffer.concat([Buffer.from(body), Buffer.from([0xff])]);
    const header = signatureHeader(raw.toString('utf8'), SECRET, at(now));
    expect(() => verifier.verifyWebhook(raw, header)).toThrow(ShippingProviderError);
    const unkeyed = adapter({ webhookSecret: '', clock: () => now });
    expect(() => unkeyed.verifyWebhook(Buffer.from(body), signatureHeader(body, '', at(now)))).toThrow(
      /no webhook secret/,
    );
  });

  it('says 422 for a signed event that is not about tracking, 400 for a signed body that is not JSON', () => {
    const statusOf = (text: string) => {
      try {
        verifier.verifyWebhook(Buffer.from(text), signatureHeader(text, SECRET, at(now)));
      } catch (err) {
        expect(err).toBeInstanceOf(ShippingProviderError);
        return (err as ShippingProviderError).status;
      }
      throw new Error('expected a refusal');
    };
    expect(statusOf(JSON.stringify({ event: 'transaction_created', data: {} }))).toBe(422);
    expect(statusOf('{"event": ')).toBe(400);
    expect(statusOf('null')).toBe(422);
  });
});
