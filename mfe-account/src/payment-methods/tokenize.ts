import { messages, type PaymentsConfig } from '@swapstuff/contracts';

/**
 * The browser's part of saving a card, as Stripe.js does it: the card goes from here to the provider's
 * tokenization endpoint (Stripe, or our sandbox: another origin), which answers a payment method id. Only
 * that id reaches our api; the number, the CVC and the expiry never do.
 */

export interface CardToTokenize {
  /** digits only */
  number: string;
  expMonth: number;
  /** four digits */
  expYear: number;
  cvc: string;
  name: string;
}

/** The provider's payment method, as far as the page reads it. */
export interface TokenizedCard {
  /** pm_… */
  id: string;
  card?: { brand?: string; last4?: string; exp_month?: number; exp_year?: number };
}

/** The form's fields a provider's refusal can point at. */
export type CardField = 'name' | 'number' | 'expiry' | 'cvc';

/** The provider refused the card (its message, for the user), or could not be reached (paymentsUnavailable). */
export class CardTokenError extends Error {
  constructor(
    message: string,
    /** Stripe's error code (incorrect_number, invalid_cvc …); null when the provider was not reached */
    readonly code: string | null,
    /** the field the refusal is about, when it names one */
    readonly field: CardField | null,
  ) {
    super(message);
    this.name = 'CardTokenError';
  }
}

/** How long the provider may take before the page says it is unavailable. */
export const TOKENIZE_TIMEOUT_MS = 20_000;

/** Which field a Stripe error is about, by its code or its param (`card[number]`, `exp_month` …). */
function fieldOf(code: string | null, param: string | null): CardField | null {
  const about = `${code ?? ''} ${param ?? ''}`;
  if (/number/.test(about)) return 'number';
  if (/exp_|expir/.test(about)) return 'expiry';
  if (/cvc/.test(about)) return 'cvc';
  if (/name/.test(about)) return 'name';
  return null;
}

/** Form-encoded as Stripe.js sends it: bracketed keys as they are, values encoded. */
function formBody(fields: [string, string][]): string {
  return fields.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
}

const unavailable = () => new CardTokenError(messages.paymentsUnavailable, null, null);

/**
 * POST {apiBase}/v1/payment_methods with the publishable key, as Stripe.js does: the card's payment method.
 * Throws CardTokenError: the provider's own message when it refused the card, paymentsUnavailable when it
 * could not be reached or did not answer within `timeoutMs`. An abort of `signal` is passed on as it is.
 */
export async function tokenizeCard(
  config: PaymentsConfig,
  card: CardToTokenize,
  { timeoutMs = TOKENIZE_TIMEOUT_MS, signal }: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<TokenizedCard> {
  let url: URL;
  try {
    url = new URL(`${config.apiBase.replace(/\/+$/, '')}/v1/payment_methods`);
  } catch {
    throw unavailable();
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw unavailable();

  const body = formBody([
    ['type', 'card'],
    ['card[number]', card.number],
    ['card[exp_month]', String(card.expMonth)],
    ['card[exp_year]', String(card.expYear)],
    ['card[cvc]', card.cvc],
    ['billing_details[name]', card.name],
    ['key', config.publishableKey],
  ]);

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const stop = () => timeout.abort();
  signal?.addEventListener('abort', stop);
  let response: Response;
  let json: { id?: unknown; card?: TokenizedCard['card']; error?: { code?: string; param?: string; message?: string } };
  try {
    // a "simple" cross-origin request (no preflight), with no cookie of ours
    response = await fetch(url.href, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
      credentials: 'omit',
      mode: 'cors',
      signal: timeout.signal,
    });
    json = (await response.json().catch(() => ({}))) ?? {};
  } catch (err) {
    if (signal?.aborted) throw err;
    throw unavailable();
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }

  if (json.error) {
    const { code = null, param = null, message } = json.error;
    // the provider's own trouble (a 5xx, a refused key) is not the card holder's to fix
    if (response.status >= 500 || response.status === 401 || !message) throw unavailable();
    throw new CardTokenError(message, code, fieldOf(code, param));
  }
  if (!response.ok || typeof json.id !== 'string' || !json.id.startsWith('pm_')) throw unavailable();
  return { id: json.id, card: json.card };
}
