/** What the routes of each concern share: the state, the clock, the webhooks, and how routes are added. */
import type { Logger } from 'pino';
import { invalid } from './errors';
import type { ShippoStore } from './state';
import type { Track } from './types';

export interface Call {
  /** the JSON body (an object; {} for a GET) */
  body: Record<string, unknown>;
  /** the path's parameters */
  path: Record<string, string>;
  /** the query's parameters (those given once, as text) */
  query: Record<string, string>;
  /** where clients reach the sandbox: the URLs of labels and logos are made on it */
  publicUrl: string;
  idempotencyKey: string | null;
}

export type Handler = (call: Call) => unknown;

export interface Routes {
  get(path: string, handler: Handler): void;
  post(path: string, handler: Handler): void;
}

export interface TrackEvents {
  /** a `track_updated` webhook with the track as it is now */
  trackUpdated(track: Track): void;
}

export interface Sandbox {
  store: ShippoStore;
  logger: Logger;
  clock: () => number;
  events: TrackEvents;
}

/** Shippo's timestamps: ISO 8601 in UTC. */
export const isoAt = (ms: number) => new Date(ms).toISOString();

/** A string field of a JSON body ('' when absent), or a 400 when it is something else. */
export function text(body: Record<string, unknown>, field: string, max = 200): string {
  const value = body[field];
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') throw invalidText(field);
  if (value.length > max) throw invalidText(field, `Ensure this field has no more than ${max} characters.`);
  return value.trim();
}

const invalidText = (field: string, message = 'Not a valid string.') => invalid(field, message);
