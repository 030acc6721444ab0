/**
 * The shipping port over Shippo's REST API (issue 13; docs/decisions.md, "Shipping: the port and its Shippo
 * adapter"): Shippo itself with SHIPPO_API_TOKEN, our Shippo sandbox otherwise (bff/src/sandboxes/shippo,
 * the same API), so this is the code the tests run. Plain fetch, JSON, `Authorization: ShippoToken <token>`:
 *
 *   validateAddress   POST /addresses/ { …, validate: true }
 *   quote             POST /shipments/ { address_from, address_to, parcels, async: false }
 *   buyLabel          POST /transactions/ { rate, label_file_type: 'PNG', async: false, metadata }, then
 *                     GET /rates/:id/ (the courier); a rate bought already: GET /transactions/?rate=…
 *   carrierOf         Shippo's carrier token of a courier's name (no call)
 *   track             GET /tracks/:carrier/:number/
 *   followTracking    POST /tracks/ { carrier, tracking_number, metadata }
 *   downloadLabel     the label's URL, on the label hosts only
 *   verifyWebhook     `Shippo-Auth-Signature: t=<unix s>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`
 *
 * Every call has a deadline; a read (GET) that meets a network fault, a 5xx or a 429 is tried again after
 * a short wait, a write never is (a purchase is made safe otherwise: the rate and the reference). Shippo's
 * 4xx are ShippingProviderError with Shippo's words; the rest ShippingUnavailableError.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Money } from '@swapstuff/contracts';
import { signatureHeader } from '../../sandboxes/common/signature';
import {
  ShippingProviderError,
  ShippingUnavailableError,
  type AddressCheck,
  type CourierRate,
  type ShipmentQuote,
  type ShippingAddress,
  type ShippingLabel,
  type ShippingPort,
  type Tracking,
  type TrackingEvent,
  type TrackingStatus,
  type ParcelSize,
} from './types';

export const SHIPPO_API = 'https://api.goshippo.com';
/** Where Shippo's label files are (label_url): its S3 buckets and its delivery host. */
export const SHIPPO_LABEL_HOSTS = [
  'https://shippo-delivery-east.s3.amazonaws.com',
  'https://shippo-delivery.s3.amazonaws.com',
  'https://deliver.goshippo.com',
];
export const SIGNATURE_HEADER = 'Shippo-Auth-Signature';
/** A webhook signed longer ago than this is refused (a replay). */
export const WEBHOOK_TOLERANCE_S = 5 * 60;
/** A label is a 4 × 6 in image or a page: far below this. */
export const LABEL_MAX_BYTES = 5 * 1024 * 1024;
/** Shippo's metadata fields hold 100 characters. */
const METADATA_MAX = 100;

/**
 * Shippo's carrier tokens of the couriers shippers in the US and Canada use, by the names they are typed
 * under (letters and digits only, lower case). https://docs.goshippo.com/docs/Reference/Carriers
 */
const CARRIER_NAMES: Readonly<Record<string, readonly string[]>> = {
  usps: ['usps', 'uspostalservice', 'unitedstatespostalservice', 'postalservice', 'uspostoffice', 'uspsground'],
  ups: ['ups', 'unitedparcelservice', 'upsground'],
  fedex: ['fedex', 'federalexpress', 'fedexground', 'fedexexpress'],
  dhl_express: ['dhl', 'dhlexpress'],
  dhl_ecommerce: ['dhlecommerce'],
  canada_post: ['canadapost', 'postescanada'],
  purolator: ['purolator'],
  ontrac: ['ontrac'],
  lasership: ['lasership'],
  lso: ['lso', 'lonestarovernight'],
  gso: ['gso', 'goldenstateovernight'],
  sendle: ['sendle'],
};
const CARRIER_OF_NAME = new Map(
  Object.entries(CARRIER_NAMES).flatMap(([token, names]) => names.map((name) => [name, token] as const)),
);

export interface ShippoOptions {
  apiToken: string;
  /** Shippo (by default) or our sandbox's address */
  apiUrl?: string;
  /** what webhooks are signed with */
  webhookSecret: string;
  /** the origins (scheme, host, port) labels are downloaded from: Shippo's (by default), or the sandbox's */
  labelHosts?: string[];
  /** each call's deadline (30 s by default: a label purchase waits for the courier) */
  timeoutMs?: number;
  /** the waits before each retry of a read (0.25 s, then 1 s by default) */
  retryDelaysMs?: number[];
  /** epoch ms (Date.now by default): the webhook's age is measured with it */
  clock?: () => number;
}

// Shippo's objects, as far as we read them (their fields may be missing or null: we trust nothing)
interface ShippoMessage {
  text?: string | null;
}
interface ShippoRate {
  object_id: string;
  amount?: string | number | null;
  currency?: string | null;
  provider?: string | null;
  provider_image_200?: string | null;
  servicelevel?: { name?: string | null; token?: string | null } | null;
  estimated_days?: number | null;
  duration_terms?: string | null;
  included_insurance_price?: string | number | null;
}
interface ShippoTransaction {
  object_id: string;
  status?: string | null;
  rate?: string | { object_id: string } | null;
  tracking_number?: string | null;
  tracking_url_provider?: string | null;
  label_url?: string | null;
  eta?: string | null;
  metadata?: string | null;
  messages?: ShippoMessage[] | null;
}
interface ShippoTrackingStatus {
  object_id?: string | null;
  status?: string | null;
  status_details?: string | null;
  status_date?: string | null;
  location?: { city?: string | null; state?: string | null; zip?: string | null } | null;
}
interface ShippoTrack {
  carrier?: string | null;
  tracking_number?: string | null;
  eta?: string | null;
  tracking_status?: ShippoTrackingStatus | null;
  tracking_history?: ShippoTrackingStatus[] | null;
  metadata?: string | null;
}

const STATUSES: readonly TrackingStatus[] = ['UNKNOWN', 'PRE_TRANSIT', 'TRANSIT', 'DELIVERED', 'RETURNED', 'FAILURE'];

/** Shippo's decimal strings ("12.34", "5", "0.7") as whole cents, digit by digit; null and "" are 0. */
export function centsOf(amount: string | number | null | undefined): number {
  if (amount === null || amount === undefined || amount === '') return 0;
  try {
    return Money.parse(String(amount)).cents;
  } catch {
    throw new ShippingUnavailableError(`Shippo answered an amount that is not one: "${String(amount)}"`);
  }
}

const GENERAL = /^(detail|non_field_errors|__all__|messages?|text)$/;

/** The words of a Shippo error body: `{ detail }`, or field → messages (nested for parcels and addresses). */
export function shippoMessage(body: unknown, status: number): string {
  const parts: string[] = [];
  const walk = (value: unknown, field: string): void => {
    if (typeof value === 'string' || typeof value === 'number')
      parts.push(field ? `${field}: ${value}` : String(value));
    else if (Array.isArray(value)) for (const item of value) walk(item, field);
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value))
        walk(inner, GENERAL.test(key) ? field : field ? `${field}.${key}` : key);
  };
  walk(body, '');
  const text = parts.join(' ').trim();
  return (text || `Shippo answered ${status}.`).slice(0, 500);
}

/** Shippo's carrier token of a courier's name as Shippo (a rate's provider) or a shipper writes it, if known. */
function knownCarrierOf(name: string): string | null {
  return CARRIER_OF_NAME.get(name.toLowerCase().replace(/[^a-z0-9]/g, '')) ?? null;
}

/** Shippo's provider names as its carrier tokens (the tracking calls' `carrier`): "DHL Express" → dhl_express. */
export function carrierTokenOf(provider: string): string {
  return (
    knownCarrierOf(provider) ??
    provider
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '')
  );
}

function rateOf(raw: ShippoRate): CourierRate {
  return {
    id: raw.object_id,
    provider: raw.provider ?? '',
    service: raw.servicelevel?.name ?? '',
    providerImage200: raw.provider_image_200 ?? '',
    amountCents: centsOf(raw.amount),
    includedInsuranceCents: centsOf(raw.included_insurance_price),
    estimatedDays: typeof raw.estimated_days === 'number' ? raw.estimated_days : null,
    durationTerms: raw.duration_terms ?? '',
  };
}

const statusOf = (raw: string | null | undefined): TrackingStatus =>
  STATUSES.includes(raw as TrackingStatus) ? (raw as TrackingStatus) : 'UNKNOWN';

function eventOf(raw: ShippoTrackingStatus): TrackingEvent {
  const place = raw.location;
  return {
    id: raw.object_id || null,
    status: statusOf(raw.status),
    details: raw.status_details ?? '',
    date: raw.status_date ?? '',
    location: place ? { city: place.city ?? '', state: place.state ?? '', zip: place.zip ?? '' } : null,
  };
}

/** A Shippo track as the port's Tracking (a track Shippo knows nothing of yet is UNKNOWN, with no history). */
export function trackingOf(raw: ShippoTrack, carrier = '', trackingNumber = ''): Tracking {
  const history = (raw.tracking_history ?? []).map(eventOf);
  const current = raw.tracking_status ? eventOf(raw.tracking_status) : null;
  if (current && history.length === 0) history.push(current);
  return {
    carrier: raw.carrier || carrier,
    trackingNumber: raw.tracking_number || trackingNumber,
    status: current?.status ?? 'UNKNOWN',
    eta: raw.eta || null,
    history,
  };
}

const rateIdOf = (transaction: ShippoTransaction) =>
  typeof transaction.rate === 'string' ? transaction.rate : (transaction.rate?.object_id ?? '');

function addressBody(address: ShippingAddress) {
  const { name, street1, street2, city, state, zip, country, phone, email } = address;
  return { name, street1, street2, city, state, zip, country, phone, email };
}

function parcelBody(parcel: ParcelSize) {
  for (const [field, value] of Object.entries(parcel))
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
      throw new ShippingProviderError(`The parcel's ${field} must be a positive number.`, 400);
  return {
    length: String(parcel.lengthIn),
    width: String(parcel.widthIn),
    height: String(parcel.heightIn),
    distance_unit: 'in',
    weight: String(parcel.weightOz),
    mass_unit: 'oz',
  };
}

/** The normalized origin of a URL (scheme://host[:port]), or undefined when it is not an http(s) URL. */
function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
    if (parsed.username || parsed.password) return undefined;
    return parsed.origin;
  } catch {
    return undefined;
  }
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PDF_MAGIC = Buffer.from('%PDF-');

/**
 * Checks `Shippo-Auth-Signature: t=<unix s>,v1=<hex>` (several v1 allowed, as while a secret is rotated)
 * over the raw body with the shared code that signs (sandboxes/common/signature.ts); throws
 * ShippingProviderError 400 unless one v1 matches and `t` is at most `toleranceS` old.
 */
export function verifySignature(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  nowMs: number,
  toleranceS = WEBHOOK_TOLERANCE_S,
): void {
  const refuse = (why: string): never => {
    throw new ShippingProviderError(`The webhook's signature is refused: ${why}.`, 400);
  };
  if (!secret) refuse('no webhook secret is configured');
  if (!header) refuse(`no ${SIGNATURE_HEADER} header`);
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header!.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === undefined || signatures.length === 0) refuse('the header is not t=…,v1=…');
  // the signer signs text: a body that is not UTF-8 cannot be what it signed
  const body = rawBody.toString('utf8');
  if (!Buffer.from(body, 'utf8').equals(rawBody)) refuse('the body is not UTF-8');
  const expected = Buffer.from(signatureHeader(body, secret, timestamp!).split('v1=')[1], 'hex');
  if (!signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected))) refuse('it does not match the body');
  if (Math.floor(nowMs / 1000) - timestamp! > toleranceS) refuse(`it is older than ${toleranceS} s`);
}

/** What went wrong on the network: no answer in time, or the cause fetch gives (ECONNREFUSED…). */
function faultOf(err: unknown, timeoutMs: number): string {
  const error = err as Error & { cause?: Error };
  if (error.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
  return error.cause?.message ?? error.message;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The port over Shippo's API at `apiUrl`: Shippo itself, or our sandbox. */
export function shippoShipping(options: ShippoOptions): ShippingPort {
  const apiUrl = (options.apiUrl ?? SHIPPO_API).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const retryDelaysMs = options.retryDelaysMs ?? [250, 1000];
  const clock = options.clock ?? Date.now;
  const labelHosts = new Set(
    (options.labelHosts ?? SHIPPO_LABEL_HOSTS).map((host) => {
      const origin = originOf(host);
      if (!origin) throw new Error(`not a label host: "${host}"`);
      return origin;
    }),
  );

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
    const attempts = method === 'GET' ? retryDelaysMs.length + 1 : 1;
    let failure = '';
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await sleep(retryDelaysMs[attempt - 1]);
      let response: Response;
      let text: string;
      try {
        response = await fetch(`${apiUrl}${path}`, {
          method,
          headers: {
            Authorization: `ShippoToken ${options.apiToken}`,
            Accept: 'application/json',
            ...(body !== undefined && { 'Content-Type': 'application/json' }),
            ...headers,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (err) {
        failure = `${method} ${path}: ${faultOf(err, timeoutMs)}`;
        continue;
      }
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : {};
      } catch {
        json = undefined;
      }
      if (response.status >= 500 || response.status === 429) {
        failure = `${method} ${path}: Shippo answered ${response.status}`;
        continue;
      }
      if (response.status >= 400)
        throw new ShippingProviderError(shippoMessage(json, response.status), response.status);
      if (json === undefined || typeof json !== 'object' || json === null)
        throw new ShippingUnavailableError(`${method} ${path}: Shippo answered ${response.status} without JSON`);
      return json as T;
    }
    throw new ShippingUnavailableError(failure);
  }

  async function labelOf(transaction: ShippoTransaction): Promise<ShippingLabel> {
    const rateId = rateIdOf(transaction);
    const rate = await call<ShippoRate>('GET', `/rates/${encodeURIComponent(rateId)}/`);
    return {
      id: transaction.object_id,
      rateId,
      carrier: carrierTokenOf(rate.provider ?? ''),
      trackingNumber: transaction.tracking_number ?? '',
      labelUrl: transaction.label_url ?? '',
      trackingUrl: transaction.tracking_url_provider || null,
      eta: transaction.eta || null,
    };
  }

  /** The label bought already for this rate and reference (a purchase whose answer was lost), if any. */
  async function boughtBefore(rateId: string, reference: string): Promise<ShippoTransaction | undefined> {
    const list = await call<{ results?: ShippoTransaction[] }>(
      'GET',
      `/transactions/?rate=${encodeURIComponent(rateId)}&results=25`,
    );
    return (list.results ?? []).find(
      (t) => t.status === 'SUCCESS' && rateIdOf(t) === rateId && (t.metadata ?? '') === reference,
    );
  }

  return {
    async validateAddress(address): Promise<AddressCheck> {
      const answer = await call<{ validation_results?: { is_valid?: boolean; messages?: ShippoMessage[] } }>(
        'POST',
        '/addresses/',
        { ...addressBody(address), validate: true },
      );
      const results = answer.validation_results ?? {};
      if (results.is_valid === true) return { valid: true, messages: [] };
      const messages = (results.messages ?? []).map((m) => m.text ?? '').filter(Boolean);
      return { valid: false, messages: messages.length > 0 ? messages : ['The address could not be validated.'] };
    },

    async quote({ from, to, parcel }): Promise<ShipmentQuote> {
      const shipment = await call<{ object_id: string; rates?: ShippoRate[] }>('POST', '/shipments/', {
        address_from: addressBody(from),
        address_to: addressBody(to),
        parcels: [parcelBody(parcel)],
        async: false,
      });
      const rates = (shipment.rates ?? [])
        .filter((rate) => (rate.currency ?? 'USD') === 'USD')
        .map(rateOf)
        .sort(
          (a, b) =>
            a.amountCents - b.amountCents ||
            (a.estimatedDays ?? 99) - (b.estimatedDays ?? 99) ||
            a.provider.localeCompare(b.provider) ||
            a.service.localeCompare(b.service),
        );
      return { shipmentId: shipment.object_id, rates };
    },

    async buyLabel({ rateId, reference }) {
      if (reference.length > METADATA_MAX)
        throw new ShippingProviderError(`A label's reference holds ${METADATA_MAX} characters at most.`, 400);
      const key = createHash('sha256').update(`${rateId}\n${reference}`).digest('hex').slice(0, 40);
      let transaction: ShippoTransaction | undefined;
      let failure: unknown;
      try {
        transaction = await call<ShippoTransaction>(
          'POST',
          '/transactions/',
          { rate: rateId, label_file_type: 'PNG', async: false, metadata: reference },
          { 'Idempotency-Key': `swapstuff-label-${key}` },
        );
      } catch (err) {
        failure = err;
      }
      if (transaction?.status !== 'SUCCESS') {
        // Shippo refuses a rate bought already; when an earlier call for the same reference bought it (its
        // answer lost: a timeout, a crash), that purchase is the label
        const earlier = await boughtBefore(rateId, reference).catch(() => undefined);
        if (earlier) transaction = earlier;
        else if (failure) throw failure;
        else {
          const words = (transaction?.messages ?? []).map((m) => m.text ?? '').filter(Boolean);
          throw new ShippingProviderError(
            words.join(' ') || `The label could not be bought (${transaction?.status ?? 'no status'}).`,
            400,
          );
        }
      }
      if ((transaction.metadata ?? '') !== reference)
        throw new ShippingProviderError('This rate was bought for another reference.', 409);
      return labelOf(transaction);
    },

    async track(carrier, trackingNumber) {
      const track = await call<ShippoTrack>(
        'GET',
        `/tracks/${encodeURIComponent(carrier)}/${encodeURIComponent(trackingNumber)}/`,
      );
      return trackingOf(track, carrier, trackingNumber);
    },

    carrierOf: knownCarrierOf,

    async followTracking({ carrier, trackingNumber, reference }) {
      if (reference.length > METADATA_MAX)
        throw new ShippingProviderError(`A parcel's reference holds ${METADATA_MAX} characters at most.`, 400);
      const track = await call<ShippoTrack>('POST', '/tracks/', {
        carrier,
        tracking_number: trackingNumber,
        metadata: reference,
      });
      return trackingOf(track, carrier, trackingNumber);
    },

    async downloadLabel(labelUrl) {
      let url = labelUrl;
      for (let hop = 0; ; hop++) {
        const origin = originOf(url);
        if (!origin || !labelHosts.has(origin))
          throw new ShippingProviderError(
            `Labels are downloaded from the carrier service's hosts only, not ${origin ?? 'this address'}.`,
            400,
          );
        let response: Response;
        try {
          response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
        } catch (err) {
          throw new ShippingUnavailableError(`the label could not be downloaded: ${faultOf(err, timeoutMs)}`);
        }
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location && hop < 3) {
          await response.body?.cancel();
          url = new URL(location, url).toString();
          continue;
        }
        if (!response.ok) {
          await response.body?.cancel();
          if (response.status >= 500) throw new ShippingUnavailableError(`the label host answered ${response.status}`);
          throw new ShippingProviderError(`The label could not be downloaded (${response.status}).`, response.status);
        }
        const type = (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
        const magic = type === 'image/png' ? PNG_MAGIC : type === 'application/pdf' ? PDF_MAGIC : undefined;
        if (!magic) {
          await response.body?.cancel();
          throw new ShippingProviderError(`A label is a PNG or a PDF, not ${type || 'an untyped file'}.`, 415);
        }
        if (Number(response.headers.get('content-length') ?? 0) > LABEL_MAX_BYTES) {
          await response.body?.cancel();
          throw new ShippingProviderError(`A label is at most ${LABEL_MAX_BYTES} bytes.`, 413);
        }
        const chunks: Buffer[] = [];
        let size = 0;
        const reader = response.body?.getReader();
        for (;;) {
          const { done, value } = reader ? await reader.read() : { done: true, value: undefined };
          if (done) break;
          size += value.byteLength;
          if (size > LABEL_MAX_BYTES) {
            await reader!.cancel();
            throw new ShippingProviderError(`A label is at most ${LABEL_MAX_BYTES} bytes.`, 413);
          }
          chunks.push(Buffer.from(value));
        }
        const file = Buffer.concat(chunks);
        if (!file.subarray(0, magic.length).equals(magic))
          throw new ShippingProviderError(`The label is not the ${type} it says it is.`, 415);
        return file;
      }
    },

    verifyWebhook(rawBody, signature) {
      verifySignature(rawBody, signature, options.webhookSecret, clock());
      let event: { event?: unknown; data?: unknown };
      try {
        event = JSON.parse(rawBody.toString('utf8')) as typeof event;
      } catch {
        throw new ShippingProviderError('The webhook is not JSON.', 400);
      }
      if (event?.event !== 'track_updated' || typeof event.data !== 'object' || event.data === null)
        throw new ShippingProviderError(`The webhook is not a track_updated event (${String(event?.event)}).`, 422);
      const track = event.data as ShippoTrack;
      return { ...trackingOf(track), reference: track.metadata || null };
    },
  };
}
