import type { EventName, Outbox } from '../../jobs';

/** How long an answer is kept: what another api process may show after a change it did not make. */
export const LISTED_ANSWER_TTL_MS = 3000;
/**
 * What the api says about such an answer to shared caches (the gateway's SharedCache): every visitor may
 * be given it for a second; browsers ask again each time. A visitor behind the gateway sees a change at
 * most LISTED_ANSWER_TTL_MS plus that second late.
 */
export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=1';
/** Enough for home, the category counts and the popular searches; the oldest goes first beyond it. */
const MAX_ANSWERS = 500;

/** Events after which an answer about listed listings may be wrong: a listing's, or a seller's. */
const changesListed = (event: EventName) => event.startsWith('listing.') || event.startsWith('user.');

interface Kept {
  until: number;
  value: Promise<unknown>;
  /** the value, once loaded */
  loaded?: unknown;
}

/**
 * Answers built from listed listings alone, the same for every visitor (home's categories and fresh
 * listings, the category counts), kept in this process for LISTED_ANSWER_TTL_MS and dropped the moment a
 * listing or user event commits here (through the outbox's afterCommit), so that a listing published,
 * edited, sold or hidden shows at once in the process that changed it and within the TTL everywhere else.
 * Concurrent misses share one load; a load that fails is not kept.
 */
export class ListedAnswers {
  private readonly answers = new Map<string, Kept>();

  constructor(
    events: Outbox,
    private readonly ttlMs = LISTED_ANSWER_TTL_MS,
  ) {
    events.afterCommit((event) => {
      if (changesListed(event)) this.answers.clear();
    });
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const kept = this.answers.get(key);
    if (kept && kept.until > now) return kept.value as Promise<T>;
    if (kept) this.answers.delete(key);
    if (this.answers.size >= MAX_ANSWERS) this.answers.delete(this.answers.keys().next().value as string);
    const value = load();
    const entry: Kept = { until: now + this.ttlMs, value };
    this.answers.set(key, entry);
    value.then(
      (loaded) => (entry.loaded = loaded),
      () => {
        if (this.answers.get(key) === entry) this.answers.delete(key);
      },
    );
    return value;
  }

  /** The answer kept for `key` when there is one, loaded and current; undefined otherwise (nothing loads). */
  peek<T>(key: string): T | undefined {
    const kept = this.answers.get(key);
    return kept && kept.until > Date.now() ? (kept.loaded as T | undefined) : undefined;
  }
}
