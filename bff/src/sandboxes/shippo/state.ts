/**
 * The sandbox's objects, as Shippo returns them, in memory and, with a state file, on disk: written after
 * each change (a temp file renamed over the old one, one write at a time) and read at start, so a restart
 * keeps addresses, shipments, labels and their tracking. (The file itself is common/state-file.ts, shared with
 * the Stripe sandbox's Store.)
 */
import { randomBytes } from 'node:crypto';
import { JsonStateFile } from '../common/state-file';
import type { Address, Parcel, PlannedStep, Rate, Shipment, Track, Transaction, WebhookEvent } from './types';

export interface ShippoState {
  version: 1;
  addresses: Record<string, Address>;
  parcels: Record<string, Parcel>;
  shipments: Record<string, Shipment>;
  rates: Record<string, Rate>;
  transactions: Record<string, Transaction>;
  /** by tracking number */
  tracks: Record<string, Track>;
  /** by tracking number: the steps the clock has not taken yet */
  plans: Record<string, PlannedStep[]>;
  events: Record<string, WebhookEvent>;
  /** Idempotency-Key → the transaction it bought */
  idempotency: Record<string, string>;
}

export function emptyState(): ShippoState {
  return {
    version: 1,
    addresses: {},
    parcels: {},
    shipments: {},
    rates: {},
    transactions: {},
    tracks: {},
    plans: {},
    events: {},
    idempotency: {},
  };
}

/** Shippo's ids: 32 lowercase hex characters. */
export const newId = () => randomBytes(16).toString('hex');

export { JsonStateFile };

export type ShippoStore = JsonStateFile<ShippoState>;
