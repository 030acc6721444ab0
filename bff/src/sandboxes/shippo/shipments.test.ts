import { Money } from '@swapstuff/contracts';
import { startShippoSandbox, type Rate, type Shipment, type StartedShippoSandbox } from '.';
import { billablePounds, decimal, quote, zoneOf, COURIERS } from './couriers';
import { BOX, call, LONDON, NEW_YORK, NEWARK, SAN_FRANCISCO, TORONTO } from './testing';

let sandbox: StartedShippoSandbox;
beforeAll(async () => {
  sandbox = await startShippoSandbox({ tickIntervalMs: 0 });
});
afterAll(() => sandbox.close());

async function shipment(to: object, parcel: object | string = BOX): Promise<Shipment> {
  const { status, body } = await call<Shipment>(sandbox.url, 'POST', '/shipments/', {
    address_from: NEW_YORK,
    address_to: to,
    parcels: [parcel],
    async: false,
  });
  expect(status).toBe(201);
  return body;
}

const cents = (rate: Rate) => Money.parse(rate.amount).cents;
const summary = (rates: Rate[]) => rates.map((r) => [r.servicelevel.token, r.amount, r.estimated_days]);

it('rates a route for three couriers, each with its service levels, cheapest first', async () => {
  const { rates, messages } = await shipment(NEWARK);
  expect(messages).toEqual([]);
  expect(new Set(rates.map((r) => r.provider))).toEqual(new Set(['USPS', 'UPS', 'FedEx']));
  expect(rates).toHaveLength(9);
  const amounts = rates.map(cents);
  expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  for (const rate of rates) {
    expect(rate.amount).toMatch(/^\d+\.\d\d$/);
    expect(rate.included_insurance_price).toMatch(/^\d+\.\d\d$/);
    // the part of the amount that pays for the included insurance (the courier's fee is the amount less it)
    expect(Money.parse(rate.included_insurance_price).cents).toBeLessThan(cents(rate));
    expect(rate).toMatchObject({ currency: 'USD', shipment: expect.any(String) as string });
    expect(rate.servicelevel.name).toBeTruthy();
    expect(rate.duration_terms).toBeTruthy();
    expect(rate.provider_image_75).toContain(sandbox.url);
  }
  // the logos are served, as PNGs
  const logo = await fetch(rates[0].provider_image_200);
  expect(logo.headers.get('content-type')).toBe('image/png');
  expect((await logo.arrayBuffer()).byteLength).toBeGreaterThan(100);
});

it('costs more and takes longer far away than near, and the same route always costs the same', async () => {
  const near = await shipment(NEWARK);
  const far = await shipment(SAN_FRANCISCO);
  expect(near.rates[0].zone).toBe('1');
  expect(far.rates[0].zone).toBe('8');
  const byToken = (rates: Rate[]) => new Map(rates.map((r) => [r.servicelevel.token, r]));
  const farByToken = byToken(far.rates);
  for (const rate of near.rates) {
    const other = farByToken.get(rate.servicelevel.token)!;
    expect(cents(other)).toBeGreaterThan(cents(rate));
    expect(other.estimated_days).toBeGreaterThanOrEqual(rate.estimated_days);
  }
  expect(summary((await shipment(SAN_FRANCISCO)).rates)).toEqual(summary(far.rates));
  // the formula, by hand: USPS Ground Advantage, the box's 3 lb (dimensional: 320 in³ / 139 = 2.3), zone 8:
  // (525 + 95 × 3) × (100 + 9 × 7) / 100 = 1320.3 → $13.20
  expect(farByToken.get('usps_ground_advantage')!.amount).toBe('13.20');
});

it('bills the dimensional weight of a large light box', async () => {
  const light = await shipment(SAN_FRANCISCO, { ...BOX, weight: 1 });
  // 20 × 20 × 20 in = 8000 in³ / 139 = 57.6 → 58 lb billed, though it weighs 1 lb
  const bulky = await shipment(SAN_FRANCISCO, { ...BOX, length: 20, width: 20, height: 20, weight: 1 });
  const cheapest = (s: Shipment) => s.rates.find((r) => r.servicelevel.token === 'usps_ground_advantage')!;
  // 58 lb against the light box's 3 (its dimensional weight too)
  expect(cheapest(bulky).amount).toBe(decimal(quote(COURIERS[0].services[0], 58, 8, false).cents));
  expect(cheapest(light).amount).toBe(decimal(quote(COURIERS[0].services[0], 3, 8, false).cents));
  expect(cents(cheapest(bulky))).toBeGreaterThan(cents(cheapest(light)));
  expect(billablePounds({ length: 20, width: 20, height: 20, distance_unit: 'in', weight: 1, mass_unit: 'lb' })).toBe(
    58,
  );
  expect(billablePounds({ length: 10, width: 10, height: 10, distance_unit: 'cm', weight: 500, mass_unit: 'g' })).toBe(
    2,
  );
});

it('marks the cheapest, the fastest and the best value', async () => {
  const { rates } = await shipment(SAN_FRANCISCO);
  const marked = (attribute: string) => rates.filter((r) => r.attributes.includes(attribute as never));
  expect(marked('CHEAPEST')).toEqual([rates[0]]);
  const [fastest] = marked('FASTEST');
  expect(marked('FASTEST')).toHaveLength(1);
  expect(fastest.estimated_days).toBe(Math.min(...rates.map((r) => r.estimated_days)));
  // of the fastest, it is the cheapest
  for (const rate of rates.filter((r) => r.estimated_days === fastest.estimated_days))
    expect(cents(rate)).toBeGreaterThanOrEqual(cents(fastest));
  expect(marked('BESTVALUE')).toHaveLength(1);
});

it('rates the US–Canada border with its surcharge, but nothing beyond what the sandbox serves', async () => {
  const canada = await shipment(TORONTO);
  expect(canada.rates.length).toBe(9);
  const service = COURIERS[0].services[0];
  const zone = Number(canada.rates[0].zone);
  expect(canada.rates.find((r) => r.servicelevel.token === service.token)!.amount).toBe(
    decimal(quote(service, 3, zone, true).cents),
  );
  expect(zoneOf(10)).toBe(1);

  const abroad = await shipment(LONDON);
  expect(abroad.rates).toEqual([]);
  expect(abroad.messages[0].text).toMatch(/^Couriers not available in this area/);
  const unknownZip = await shipment({ ...NEWARK, zip: '00000' });
  expect(unknownZip.rates).toEqual([]);
  expect(unknownZip.messages[0].text).toContain('00000');
});

it('refuses a shipment without parcels, or a parcel in unknown units, field by field', async () => {
  const none = await call(sandbox.url, 'POST', '/shipments/', { address_from: NEW_YORK, address_to: NEWARK });
  expect(none).toEqual({ status: 400, body: { parcels: ['This field is required.'] } });
  const stones = await call(sandbox.url, 'POST', '/parcels/', { ...BOX, mass_unit: 'stone' });
  expect(stones.status).toBe(400);
  expect(stones.body).toHaveProperty('mass_unit');
  const parcel = await call<{ object_id: string }>(sandbox.url, 'POST', '/parcels/', BOX);
  const byIds = await shipment(NEWARK, parcel.body.object_id);
  expect(byIds.parcels[0].object_id).toBe(parcel.body.object_id);
});
