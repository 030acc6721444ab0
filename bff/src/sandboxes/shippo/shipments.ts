/**
 * Parcels (`POST /parcels/`), shipments (`POST /shipments/`, answered at once with their rates, as with
 * `async: false`) and rates (`GET /rates/:id/`). Rates come from couriers.ts' formula; a route the sandbox
 * does not serve (outside the US and Canada, or a code the ZIP data does not know) has none, and its
 * `messages` say why.
 */
import { addressRef } from './addresses';
import { billablePounds, COURIERS, decimal, quote, zoneOf, type Dimensions } from './couriers';
import { found, invalid, required } from './errors';
import { isoAt, text, type Routes, type Sandbox } from './sandbox';
import { newId } from './state';
import type { Address, Message, Parcel, Rate, RateAttribute, Shipment } from './types';
import { distanceMiles, placeOf } from './zips';

const DISTANCE_UNITS = ['in', 'cm'] as const;
const MASS_UNITS = ['lb', 'oz', 'g', 'kg'] as const;

function positive(body: Record<string, unknown>, field: string, prefix: string): number {
  const raw = body[field];
  if (raw === undefined || raw === null || raw === '') throw required(`${prefix}${field}`);
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
  if (!Number.isFinite(value) || value <= 0 || value > 10_000)
    throw invalid(`${prefix}${field}`, 'A valid positive number is required.');
  return value;
}

function oneOf<T extends string>(body: Record<string, unknown>, field: string, allowed: readonly T[], prefix: string) {
  const value = body[field];
  if (value === undefined || value === null || value === '') throw required(`${prefix}${field}`);
  if (!allowed.includes(value as T)) throw invalid(`${prefix}${field}`, `"${String(value)}" is not a valid choice.`);
  return value as T;
}

/** The numbers of a parcel, in its units. */
export const dimensionsOf = (parcel: Parcel): Dimensions => ({
  length: Number(parcel.length),
  width: Number(parcel.width),
  height: Number(parcel.height),
  distance_unit: parcel.distance_unit,
  weight: Number(parcel.weight),
  mass_unit: parcel.mass_unit,
});

export function createParcel(sandbox: Sandbox, fields: unknown, prefix = ''): Parcel {
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields))
    throw invalid(prefix || 'non_field_errors', 'Invalid data. Expected a dictionary.');
  const body = fields as Record<string, unknown>;
  const number = (field: string) => String(positive(body, field, prefix));
  const now = isoAt(sandbox.clock());
  const parcel: Parcel = {
    object_id: newId(),
    object_state: 'VALID',
    object_created: now,
    object_updated: now,
    object_owner: 'sandbox',
    length: number('length'),
    width: number('width'),
    height: number('height'),
    distance_unit: oneOf(body, 'distance_unit', DISTANCE_UNITS, prefix),
    weight: number('weight'),
    mass_unit: oneOf(body, 'mass_unit', MASS_UNITS, prefix),
    metadata: text(body, 'metadata'),
    test: true,
  };
  sandbox.store.state.parcels[parcel.object_id] = parcel;
  return parcel;
}

function parcelsOf(sandbox: Sandbox, value: unknown): Parcel[] {
  if (value === undefined || value === null) throw required('parcels');
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0) throw invalid('parcels', 'At least one parcel is required.');
  if (list.length > 20) throw invalid('parcels', 'Ensure this field has no more than 20 elements.');
  return list.map((item, index) => {
    if (typeof item !== 'string') return createParcel(sandbox, item, `parcels.${index}.`);
    const parcel = sandbox.store.state.parcels[item];
    if (!parcel) throw invalid('parcels', `Parcel with object_id ${item} does not exist.`);
    return parcel;
  });
}

const noRates = (text: string): Message => ({ source: 'Shippo', code: 'no_rates', text });

/** The rates of a shipment: every service of every courier, cheapest first; none for a route not served. */
export function ratesFor(
  sandbox: Sandbox,
  shipment: { object_id: string; address_from: Address; address_to: Address; parcels: Parcel[] },
  publicUrl: string,
): { rates: Rate[]; messages: Message[] } {
  const ends = [shipment.address_from, shipment.address_to];
  const outside = ends.find((a) => a.country !== 'US' && a.country !== 'CA');
  if (outside)
    return {
      rates: [],
      messages: [noRates(`Couriers not available in this area: the sandbox ships within the US and Canada only.`)],
    };
  const [from, to] = ends.map((a) => placeOf(a.zip, a.country));
  if (!from || !to) {
    const unknown = !from ? shipment.address_from : shipment.address_to;
    return {
      rates: [],
      messages: [
        noRates(`Couriers not available in this area: the postal code ${unknown.zip || '(none)'} is unknown.`),
      ],
    };
  }
  const zone = zoneOf(distanceMiles(from, to));
  const crossBorder = from.country !== to.country;
  const pounds = shipment.parcels.reduce((sum, parcel) => sum + billablePounds(dimensionsOf(parcel)), 0);
  const now = isoAt(sandbox.clock());
  const quoted = COURIERS.flatMap((courier) =>
    courier.services.map((service) => ({ courier, service, ...quote(service, pounds, zone, crossBorder) })),
  ).sort((a, b) => a.cents - b.cents || a.days - b.days || a.service.token.localeCompare(b.service.token));

  const attributes = new Map<string, RateAttribute[]>();
  const mark = (token: string, attribute: RateAttribute) =>
    attributes.set(token, [...(attributes.get(token) ?? []), attribute]);
  // sorted cheapest first, so each minimum's first is the cheapest of its ties
  const min = (score: (q: (typeof quoted)[number]) => number) =>
    quoted.reduce((best, q) => (score(q) < score(best) ? q : best));
  mark(quoted[0].service.token, 'CHEAPEST');
  mark(min((q) => q.days).service.token, 'FASTEST');
  // a day sooner is worth $3.00
  mark(min((q) => q.cents + 300 * q.days).service.token, 'BESTVALUE');

  const rates = quoted.map(({ courier, service, cents, days }): Rate => {
    const rate: Rate = {
      object_id: newId(),
      object_created: now,
      object_owner: 'sandbox',
      shipment: shipment.object_id,
      attributes: attributes.get(service.token) ?? [],
      amount: decimal(cents),
      currency: 'USD',
      amount_local: decimal(cents),
      currency_local: 'USD',
      provider: courier.provider,
      provider_image_75: `${publicUrl}/sandbox/logos/${courier.token}/75.png`,
      provider_image_200: `${publicUrl}/sandbox/logos/${courier.token}/200.png`,
      servicelevel: { name: service.name, token: service.token, terms: service.terms },
      estimated_days: days,
      duration_terms: service.terms,
      included_insurance_price: decimal(service.insurance),
      carrier_account: `sandbox_${courier.token}`,
      zone: String(zone),
      messages: [],
      test: true,
    };
    sandbox.store.state.rates[rate.object_id] = rate;
    return rate;
  });
  return { rates, messages: [] };
}

export function shipmentRoutes(routes: Routes, sandbox: Sandbox): void {
  const state = sandbox.store.state;
  routes.post('/parcels', ({ body }) => createParcel(sandbox, body));
  routes.get('/parcels/:id', ({ path }) => found(state.parcels[path.id]));

  routes.post('/shipments', ({ body, publicUrl }) => {
    const address_from = addressRef(sandbox, body.address_from, 'address_from');
    const address_to = addressRef(sandbox, body.address_to, 'address_to');
    const parcels = parcelsOf(sandbox, body.parcels);
    const now = isoAt(sandbox.clock());
    const object_id = newId();
    const { rates, messages } = ratesFor(sandbox, { object_id, address_from, address_to, parcels }, publicUrl);
    const shipment: Shipment = {
      object_id,
      object_created: now,
      object_updated: now,
      object_owner: 'sandbox',
      status: 'SUCCESS',
      address_from,
      address_to,
      parcels,
      shipment_date: now,
      rates,
      messages,
      metadata: text(body, 'metadata'),
      test: true,
    };
    state.shipments[object_id] = shipment;
    return shipment;
  });
  routes.get('/shipments/:id', ({ path }) => found(state.shipments[path.id]));
  routes.get('/rates/:id', ({ path }) => found(state.rates[path.id]));
}
