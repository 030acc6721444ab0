/**
 * Transactions: buying a rate's label (`POST /transactions/` { rate, label_file_type: 'PNG', metadata }). A
 * rate is bought once: a second transaction for it with the same `metadata` (what the label is for) answers
 * the first one, so 50 purchases of one rate that arrive together make one label (the purchase itself is
 * synchronous, the label is drawn when first fetched); with other metadata it is refused, as Shippo refuses
 * a rate bought already. An `Idempotency-Key` seen before answers its transaction, or is refused when it was
 * used for another rate. `GET /transactions/?rate=…` lists a rate's transactions (how a client finds the
 * label it bought when its answer was lost). The label is served by the sandbox at `label_url`, a tracking
 * page at `tracking_url_provider`.
 */
import type { Router } from 'express';
import { billablePounds } from './couriers';
import { found, invalid, required } from './errors';
import { renderLabel } from './labels';
import { isoAt, text, type Routes, type Sandbox } from './sandbox';
import { dimensionsOf } from './shipments';
import { newId } from './state';
import { newTrackingNumber, startTrack, tick } from './tracking';
import type { Transaction } from './types';
import { courierOf } from './couriers';

export function transactionRoutes(routes: Routes, sandbox: Sandbox): void {
  const state = sandbox.store.state;
  routes.post('/transactions', ({ body, publicUrl, idempotencyKey }) => {
    const rateId = text(body, 'rate', 64);
    if (!rateId) throw required('rate');
    const rate = state.rates[rateId];
    if (!rate) throw invalid('rate', `Rate with object_id ${rateId} does not exist.`);
    const fileType = text(body, 'label_file_type', 10) || 'PNG';
    if (fileType !== 'PNG') throw invalid('label_file_type', 'The sandbox draws PNG labels only.');
    const metadata = text(body, 'metadata', 100);
    if (idempotencyKey !== null) {
      const earlier = state.transactions[state.idempotency[idempotencyKey] ?? ''];
      if (earlier !== undefined && earlier.rate !== rateId)
        throw invalid('Idempotency-Key', 'This key was already used to buy another rate.');
      if (earlier !== undefined) return earlier;
    }
    const bought = Object.values(state.transactions).find((t) => t.rate === rateId);
    if (bought && bought.metadata === metadata) return bought;
    if (bought) throw invalid('rate', `The rate ${rateId} has already been purchased.`);

    const courier = courierOf(rate.provider);
    const carrier = courier?.token ?? rate.provider.toLowerCase();
    const trackingNumber = newTrackingNumber(carrier);
    const now = sandbox.clock();
    const object_id = newId();
    const transaction: Transaction = {
      object_id,
      object_state: 'VALID',
      object_created: isoAt(now),
      object_updated: isoAt(now),
      object_owner: 'sandbox',
      status: 'SUCCESS',
      rate: rateId,
      tracking_number: trackingNumber,
      tracking_status: 'PRE_TRANSIT',
      tracking_url_provider: `${publicUrl}/sandbox/tracking/${carrier}/${trackingNumber}`,
      label_url: `${publicUrl}/sandbox/labels/${object_id}.png`,
      commercial_invoice_url: null,
      label_file_type: 'PNG',
      eta: isoAt(now + rate.estimated_days * 24 * 3600 * 1000),
      messages: [],
      metadata,
      test: true,
    };
    state.transactions[object_id] = transaction;
    if (idempotencyKey !== null) state.idempotency[idempotencyKey] = object_id;
    startTrack(sandbox, transaction, rate);
    return transaction;
  });
  routes.get('/transactions', ({ query }) => {
    const results = Object.values(state.transactions)
      .filter((t) => !query.rate || t.rate === query.rate)
      .sort((a, b) => b.object_created.localeCompare(a.object_created));
    return { next: null, previous: null, results };
  });
  routes.get('/transactions/:id', ({ path }) => found(state.transactions[path.id]));
}

/** The label's PNG of a transaction (drawn once, then kept in memory). */
export async function labelOf(sandbox: Sandbox, id: string, cache: Map<string, Promise<Buffer>>): Promise<Buffer> {
  const transaction = found(sandbox.store.state.transactions[id]);
  let png = cache.get(id);
  if (!png) {
    const rate = sandbox.store.state.rates[transaction.rate];
    const shipment = sandbox.store.state.shipments[rate.shipment];
    const pounds = shipment.parcels.reduce((sum, parcel) => sum + billablePounds(dimensionsOf(parcel)), 0);
    png = renderLabel({
      from: shipment.address_from,
      to: shipment.address_to,
      provider: rate.provider,
      service: rate.servicelevel.name,
      weight: `${pounds} lb`,
      trackingNumber: transaction.tracking_number,
      date: transaction.object_created.slice(0, 10),
    });
    cache.set(id, png);
    png.catch(() => cache.delete(id));
  }
  return png;
}

/** The pages a browser opens without the API token: labels and the tracking page. */
export function labelPages(router: Router, sandbox: Sandbox): void {
  const cache = new Map<string, Promise<Buffer>>();
  router.get('/sandbox/labels/:id.png', async (req, res) => {
    const png = await labelOf(sandbox, req.params.id, cache);
    res.type('image/png').send(png);
  });
  router.get('/sandbox/tracking/:carrier/:number', (req, res) => {
    tick(sandbox);
    const track = found(sandbox.store.state.tracks[req.params.number]);
    const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const rows = track.tracking_history
      .map(
        (s) =>
          `<li>${escape(s.status_date)} — <b>${escape(s.status)}</b> ${escape(s.status_details)}` +
          `${s.location ? ` (${escape(s.location.city)}, ${escape(s.location.state)})` : ''}</li>`,
      )
      .reverse()
      .join('');
    res
      .type('text/html')
      .send(
        `<!doctype html><meta charset="utf-8"><title>Tracking ${escape(track.tracking_number)}</title>` +
          `<h1>${escape(track.carrier.toUpperCase())} ${escape(track.tracking_number)}</h1><ul>${rows}</ul>`,
      );
  });
}
