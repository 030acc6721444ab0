/**
 * Tracking: a label's track moves PRE_TRANSIT (label created) → TRANSIT (accepted at the origin) →
 * TRANSIT (a stop half-way, on longer routes) → DELIVERED, each step when the sandbox's clock reaches it
 * (spread over the rate's estimated days) or at once when a test asks (`POST /sandbox/tracks/:n/advance`,
 * `to` TRANSIT, DELIVERED, RETURNED or FAILURE). Each step is a `track_updated` webhook.
 * `GET /tracks/:carrier/:tracking_number/` answers the track as Shippo does; `POST /tracks/` { carrier,
 * tracking_number, metadata } is Shippo's registration of a parcel for track_updated webhooks: the sandbox
 * sends them for every label anyway, and keeps the metadata on the track, so the webhooks that follow carry
 * it (`data.metadata`), as Shippo's do. A number the sandbox did not label (a parcel a shipper sent with the
 * courier on their own) is registered as Shippo registers one: UNKNOWN until the courier scans it, which the
 * sandbox's courier does 12 hours later, delivering it 3 days after registration (or when a test advances it).
 */
import { randomInt } from 'node:crypto';
import { COURIERS, courierOf } from './couriers';
import { found, invalid, required, ShippoError } from './errors';
import { isoAt, text, type Routes, type Sandbox } from './sandbox';
import { newId } from './state';
import type { Address, PlannedStep, Rate, Track, TrackLocation, TrackingStatusName, Transaction } from './types';
import { distanceMiles, placeAlong, placeOf } from './zips';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** A tracking number in the courier's own format: USPS 22 digits (9400…), UPS 1Z + 16, FedEx 12 digits. */
export function newTrackingNumber(carrier: string): string {
  if (carrier === 'usps') return `9400${digits(18)}`;
  if (carrier === 'ups') {
    const alnum = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
    const account = Array.from({ length: 6 }, () => alnum[randomInt(alnum.length)]).join('');
    return `1Z${account}03${digits(8)}`;
  }
  return digits(12);
}

const locationOf = (a: Address): TrackLocation => ({ city: a.city, state: a.state, zip: a.zip, country: a.country });

/** A new track for a bought label: its first step (PRE_TRANSIT) taken, the others planned. */
export function startTrack(sandbox: Sandbox, transaction: Transaction, rate: Rate): Track {
  const shipment = sandbox.store.state.shipments[rate.shipment];
  const from = locationOf(shipment.address_from);
  const to = locationOf(shipment.address_to);
  const now = sandbox.clock();
  const eta = now + rate.estimated_days * DAY;
  const track: Track = {
    carrier: courierOf(rate.provider)?.token ?? rate.provider.toLowerCase(),
    tracking_number: transaction.tracking_number,
    address_from: from,
    address_to: to,
    transaction: transaction.object_id,
    servicelevel: { name: rate.servicelevel.name, token: rate.servicelevel.token },
    eta: isoAt(eta),
    original_eta: isoAt(eta),
    tracking_status: {
      object_id: newId(),
      object_created: isoAt(now),
      status: 'PRE_TRANSIT',
      status_details: 'Shipping label created: the courier is awaiting the item.',
      status_date: isoAt(now),
      location: from,
    },
    tracking_history: [],
    metadata: null,
    test: true,
  };
  track.tracking_history.push(track.tracking_status);

  const plan: PlannedStep[] = [
    { at: now + 12 * HOUR, status: 'TRANSIT', status_details: 'Accepted at the origin facility.', location: from },
  ];
  const a = placeOf(shipment.address_from.zip, shipment.address_from.country);
  const b = placeOf(shipment.address_to.zip, shipment.address_to.country);
  if (a && b && distanceMiles(a, b) > 150) {
    const stop = placeAlong(a, b, 0.5);
    plan.push({
      at: now + Math.max(18 * HOUR, (rate.estimated_days * DAY) / 2),
      status: 'TRANSIT',
      status_details: `Departed the ${stop.city} facility.`,
      location: { city: stop.city, state: stop.state, zip: stop.zip, country: stop.country },
    });
  }
  plan.push({ at: eta, status: 'DELIVERED', status_details: 'Delivered: left at the front door.', location: to });
  sandbox.store.state.tracks[track.tracking_number] = track;
  sandbox.store.state.plans[track.tracking_number] = plan;
  sandbox.events.trackUpdated(track);
  return track;
}

/** A parcel registered by its number alone: the courier has not scanned it yet; no webhook until it does. */
function registerTrack(sandbox: Sandbox, carrier: string, trackingNumber: string): Track {
  const now = sandbox.clock();
  const track: Track = {
    carrier,
    tracking_number: trackingNumber,
    address_from: null,
    address_to: null,
    transaction: null,
    servicelevel: { name: null, token: null },
    eta: null,
    original_eta: null,
    tracking_status: {
      object_id: newId(),
      object_created: isoAt(now),
      status: 'UNKNOWN',
      status_details: 'The courier has not scanned this parcel yet.',
      status_date: isoAt(now),
      location: null,
    },
    tracking_history: [],
    metadata: null,
    test: true,
  };
  sandbox.store.state.tracks[trackingNumber] = track;
  sandbox.store.state.plans[trackingNumber] = [
    { at: now + 12 * HOUR, status: 'TRANSIT', status_details: 'Accepted by the courier.', location: null },
    { at: now + 3 * DAY, status: 'DELIVERED', status_details: 'Delivered: left at the front door.', location: null },
  ];
  return track;
}

const FINAL: readonly TrackingStatusName[] = ['DELIVERED', 'RETURNED', 'FAILURE'];

function take(sandbox: Sandbox, track: Track, step: Omit<PlannedStep, 'at'>, at: number): void {
  track.tracking_status = {
    object_id: newId(),
    object_created: isoAt(sandbox.clock()),
    status: step.status,
    status_details: step.status_details,
    status_date: isoAt(at),
    location: step.location,
  };
  track.tracking_history.push(track.tracking_status);
  const transaction = track.transaction ? sandbox.store.state.transactions[track.transaction] : undefined;
  if (transaction) transaction.tracking_status = step.status;
  sandbox.events.trackUpdated(track);
}

/** Takes every planned step the clock has reached; the number taken. */
export function tick(sandbox: Sandbox): number {
  const now = sandbox.clock();
  let taken = 0;
  for (const [number, plan] of Object.entries(sandbox.store.state.plans)) {
    const track = sandbox.store.state.tracks[number];
    while (plan.length > 0 && plan[0].at <= now) {
      const step = plan.shift()!;
      take(sandbox, track, step, step.at);
      taken++;
    }
    if (plan.length === 0) delete sandbox.store.state.plans[number];
  }
  return taken;
}

const ADVANCE_TO = ['TRANSIT', 'DELIVERED', 'RETURNED', 'FAILURE'] as const;

/** Moves a track on now: to its next step, or through its steps up to `to`, or to RETURNED / FAILURE. */
export function advance(sandbox: Sandbox, trackingNumber: string, to?: (typeof ADVANCE_TO)[number]): Track {
  const track = found(sandbox.store.state.tracks[trackingNumber]);
  if (FINAL.includes(track.tracking_status.status))
    throw invalid('to', `The track is ${track.tracking_status.status} already: it moves no more.`);
  const plan = sandbox.store.state.plans[trackingNumber] ?? [];
  const now = sandbox.clock();
  if (to === 'RETURNED' || to === 'FAILURE') {
    plan.length = 0;
    take(
      sandbox,
      track,
      to === 'RETURNED'
        ? { status: to, status_details: 'Returned to the sender.', location: track.address_from }
        : {
            status: to,
            status_details: 'Delivery failed: the address could not be reached.',
            location: track.tracking_status.location ?? track.address_from,
          },
      now,
    );
  } else {
    do {
      take(sandbox, track, plan.shift()!, now);
    } while (to !== undefined && plan.length > 0 && track.tracking_status.status !== to);
  }
  if (plan.length === 0) delete sandbox.store.state.plans[trackingNumber];
  return track;
}

export function trackingRoutes(routes: Routes, sandbox: Sandbox): void {
  routes.get('/tracks/:carrier/:number', ({ path }) => {
    tick(sandbox);
    const track = found(sandbox.store.state.tracks[path.number]);
    if (track.carrier !== path.carrier.toLowerCase()) throw new ShippoError(404, { detail: 'Not found.' });
    return track;
  });

  routes.post('/tracks', ({ body }) => {
    const carrier = text(body, 'carrier', 50).toLowerCase();
    const number = text(body, 'tracking_number', 100);
    if (!carrier) throw required('carrier');
    if (!number) throw required('tracking_number');
    const metadata = text(body, 'metadata', 100);
    if (!COURIERS.some((courier) => courier.token === carrier))
      throw invalid('carrier', `"${carrier}" is not a carrier the sandbox tracks.`);
    tick(sandbox);
    const track = sandbox.store.state.tracks[number] ?? registerTrack(sandbox, carrier, number);
    if (track.carrier !== carrier)
      throw invalid('tracking_number', `The tracking number ${number} is a ${track.carrier} parcel's in the sandbox.`);
    track.metadata = metadata || null;
    return track;
  });

  // a control of the sandbox (not Shippo's API): moves a track on now, each step a webhook
  routes.post('/sandbox/tracks/:number/advance', ({ path, body }) => {
    const to = text(body, 'to', 20).toUpperCase();
    if (to && !ADVANCE_TO.includes(to as (typeof ADVANCE_TO)[number]))
      throw invalid('to', `"${to}" is not a valid choice: ${ADVANCE_TO.join(', ')}.`);
    return advance(sandbox, path.number, (to || undefined) as (typeof ADVANCE_TO)[number] | undefined);
  });
}
