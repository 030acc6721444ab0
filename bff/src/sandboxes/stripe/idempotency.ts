/**
 * Stripe's idempotent requests: a POST with an `Idempotency-Key` runs once; the same key with the same
 * parameters answers the first answer again (status and body, `Idempotent-Replayed: true`) for 24 hours;
 * with other parameters it is refused (`idempotency_error`). Requests with one key that arrive together
 * run one after the other, so only the first does anything and the others get its answer.
 */
import { createHash } from 'node:crypto';
import { invalidParam, StripeError } from './errors';
import type { KeptAnswer, Store } from './store';

export const KEY_LIFETIME_MS = 24 * 3600 * 1000;

export interface Answer {
  status: number;
  /** the JSON text sent */
  body: string;
  requestId: string;
  /** Stripe keeps an answer only once the endpoint began its work (see StripeError) */
  keep: boolean;
}

/** Objects' keys sorted, so that the same parameters in another order are the same request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

export function fingerprintOf(method: string, path: string, params: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path} ${JSON.stringify(canonical(params))}`)
    .digest('base64url');
}

export class Idempotency {
  /** the request running with each key now: the next one with that key waits for it */
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly store: Store,
    private readonly clock: () => number,
  ) {}

  /**
   * Runs `execute` once per key (`scope` is the account the key belongs to), keeping its answer with the
   * state it produced (`persist` writes both), or answers the kept one.
   */
  async run(
    scope: string,
    key: string,
    fingerprint: string,
    execute: () => Answer,
    persist: () => Promise<void>,
  ): Promise<Answer & { replayed: boolean }> {
    if (key.length > 255) throw invalidParam('Idempotency-Key must be at most 255 characters long.', 'Idempotency-Key');
    const id = `${scope} ${key}`;
    for (let running = this.running.get(id); running; running = this.running.get(id)) await running;
    const kept = this.kept(id);
    if (kept) {
      if (kept.fingerprint !== fingerprint)
        throw new StripeError(
          400,
          {
            type: 'idempotency_error',
            code: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
          false,
        );
      return { status: kept.status, body: kept.body, requestId: kept.requestId, keep: true, replayed: true };
    }
    let finished!: () => void;
    this.running.set(id, new Promise<void>((resolve) => (finished = resolve)));
    try {
      const answer = execute();
      if (answer.keep) {
        this.forgetExpired();
        const { status, body, requestId } = answer;
        // at the end of the insertion order, where forgetExpired expects the newest
        delete this.store.state.idempotency[id];
        this.store.state.idempotency[id] = { fingerprint, status, body, requestId, at: this.clock() };
      }
      await persist();
      return { ...answer, replayed: false };
    } finally {
      this.running.delete(id);
      finished();
    }
  }

  private kept(id: string): KeptAnswer | undefined {
    const kept = this.store.state.idempotency[id];
    return kept && this.clock() - kept.at < KEY_LIFETIME_MS ? kept : undefined;
  }

  /** Keys are kept in the order they were first used: the expired ones are at the front. */
  private forgetExpired(): void {
    const { idempotency } = this.store.state;
    for (const [id, kept] of Object.entries(idempotency)) {
      if (this.clock() - kept.at < KEY_LIFETIME_MS) break;
      delete idempotency[id];
    }
  }
}
