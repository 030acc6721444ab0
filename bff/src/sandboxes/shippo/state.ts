/**
 * The sandbox's objects, as Shippo returns them, in memory and, with a state file, on disk: written after
 * each change (a temp file renamed over the old one, one write at a time) and read at start, so a restart
 * keeps addresses, shipments, labels and their tracking. (The Stripe sandbox's Store does the same for its
 * own, Stripe-shaped state; this is the same idea for any JSON state.)
 */
import { randomBytes } from 'node:crypto';
import { promises as fs, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
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

/** A JSON state kept in a file: read at start, written atomically after changes, one write at a time. */
export class JsonStateFile<S extends { version: number }> {
  state: S;
  private writing: Promise<void> | undefined;
  private changes = 0;
  private written = 0;
  private waiting: Array<{ change: number; done: () => void; failed: (err: unknown) => void }> = [];

  constructor(
    private readonly file: string | undefined,
    private readonly empty: () => S,
    private readonly logger: Logger,
  ) {
    this.state = file ? this.load(file) : empty();
  }

  private load(file: string): S {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return this.empty();
      throw err;
    }
    const empty = this.empty();
    try {
      const saved = JSON.parse(text) as Partial<S>;
      if (saved.version !== empty.version) throw new Error(`unknown version ${String(saved.version)}`);
      return { ...empty, ...saved };
    } catch (err) {
      // a sandbox that refuses to start helps nobody: keep the file aside for a look, and start empty
      const aside = `${file}.unreadable-${Date.now()}`;
      renameSync(file, aside);
      this.logger.warn({ err, file: aside }, 'the sandbox state file could not be read: starting empty');
      return empty;
    }
  }

  /** Resolves once the state as it is now is on disk (at once without a state file). */
  save(): Promise<void> {
    if (!this.file) return Promise.resolve();
    const change = ++this.changes;
    return new Promise((done, failed) => {
      this.waiting.push({ change, done, failed });
      this.writing ??= this.writeAll(this.file!).finally(() => (this.writing = undefined));
    });
  }

  /** Resolves when no write is under way. */
  idle(): Promise<void> {
    return this.writing ?? Promise.resolve();
  }

  private async writeAll(file: string): Promise<void> {
    while (this.written < this.changes) {
      const upTo = this.changes;
      const settled = this.waiting.filter((w) => w.change <= upTo);
      this.waiting = this.waiting.filter((w) => w.change > upTo);
      try {
        const temp = `${file}.${process.pid}.tmp`;
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(temp, JSON.stringify(this.state));
        await fs.rename(temp, file);
        this.written = upTo;
        for (const w of settled) w.done();
      } catch (err) {
        this.logger.error({ err, file }, 'the sandbox state could not be written');
        this.written = upTo;
        for (const w of settled) w.failed(err);
      }
    }
  }
}

export type ShippoStore = JsonStateFile<ShippoState>;
