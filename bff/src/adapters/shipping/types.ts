/**
 * The shipping port (issue 13): features quote couriers, buy labels and follow parcels through it and never
 * know which carrier service is behind it. One adapter implements it (shippo.ts, Shippo's REST API), pointed
 * either at Shippo (SHIPPO_API_TOKEN) or at our Shippo sandbox (bff/src/sandboxes/shippo, the default), so the
 * code the tests run is the code production runs. Amounts are integer cents of USD; sizes inches, weights
 * ounces (the listing's units: sizeUnit is inches, pounds and ounces become ounces).
 */

/** The six statuses a parcel's tracking reports (spec section 4, "Shipment statuses"). */
export type TrackingStatus = 'UNKNOWN' | 'PRE_TRANSIT' | 'TRANSIT' | 'DELIVERED' | 'RETURNED' | 'FAILURE';

export interface ShippingAddress {
  name: string;
  street1: string;
  street2?: string;
  city: string;
  /** two-letter state code */
  state: string;
  zip: string;
  /** only the United States is served (spec section 3: country fixed to United States) */
  country: 'US';
  phone?: string;
  email?: string;
}

export interface AddressCheck {
  valid: boolean;
  /** the carrier's words for what is wrong (empty when valid) */
  messages: string[];
}

export interface ParcelSize {
  lengthIn: number;
  widthIn: number;
  heightIn: number;
  weightOz: number;
}

/** One courier's offer for a shipment (spec section 3, "Courier rate"). */
export interface CourierRate {
  /** the rate's id (Shippo's object_id): what a label is bought with */
  id: string;
  /** the courier's name (USPS, UPS, FedEx …) */
  provider: string;
  /** the service level's name (Priority Mail, Ground …) */
  service: string;
  /** the courier's logo, 200 px wide */
  providerImage200: string;
  /** what the label costs, insurance included */
  amountCents: number;
  /** the part of amountCents that is insurance the courier includes */
  includedInsuranceCents: number;
  estimatedDays: number | null;
  durationTerms: string;
}

export interface ShipmentQuote {
  /** the shipment's id (Shippo's object_id) */
  shipmentId: string;
  /** ascending by amount; empty when no courier serves the route */
  rates: CourierRate[];
}

/** A bought label: what the seller prints and the parcel is followed by. */
export interface ShippingLabel {
  /** the transaction's id (Shippo's object_id) */
  id: string;
  rateId: string;
  /** the courier's token for tracking calls (usps, ups, fedex …) */
  carrier: string;
  trackingNumber: string;
  /** the PNG label */
  labelUrl: string;
  /** the courier's own tracking page, when it has one */
  trackingUrl: string | null;
  /** ISO 8601, when the carrier estimates one */
  eta: string | null;
}

export interface TrackingEvent {
  /** the carrier service's id of this step (Shippo's object_id), when it gives one */
  id: string | null;
  status: TrackingStatus;
  details: string;
  /** ISO 8601 */
  date: string;
  location: { city: string; state: string; zip: string } | null;
}

export interface Tracking {
  carrier: string;
  trackingNumber: string;
  status: TrackingStatus;
  eta: string | null;
  /** oldest first, the current status last */
  history: TrackingEvent[];
}

/**
 * A failure the carrier service reported about the request (Shippo's 4xx, with its words), or a request the
 * adapter refuses itself (a label on a host that is not the carrier's, a webhook whose signature fails): not
 * a network fault (that is ShippingUnavailableError).
 */
export class ShippingProviderError extends Error {
  constructor(
    message: string,
    /** the provider's HTTP status (or the one the adapter gives its own refusal: 400, 409, 413, 415, 422) */
    readonly status: number,
  ) {
    super(message);
    this.name = 'ShippingProviderError';
  }
}

/**
 * The carrier service could not be reached or did not answer properly (a network fault, a timeout, its 5xx
 * or 429, after the retries of a read): nothing about the request was refused, so it may be tried again later.
 */
export class ShippingUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShippingUnavailableError';
  }
}

export interface ShippingPort {
  validateAddress(address: ShippingAddress): Promise<AddressCheck>;
  /** A shipment from → to of one parcel, with every courier's rate for it. */
  quote(input: { from: ShippingAddress; to: ShippingAddress; parcel: ParcelSize }): Promise<ShipmentQuote>;
  /**
   * Buys the label of a rate (a PNG). `reference` names what it is for (an order) and is kept with the
   * label: a second call for the same rate and reference returns the first label instead of buying another.
   */
  buyLabel(input: { rateId: string; reference: string }): Promise<ShippingLabel>;
  track(carrier: string, trackingNumber: string): Promise<Tracking>;
  /**
   * The carrier the service tracks under a courier's name as a shipper types it ("USPS", "Fed Ex",
   * "United Parcel Service"), or null for a courier it does not know (that parcel is not followed).
   */
  carrierOf(companyName: string): string | null;
  /** Asks the carrier service to send track_updated webhooks for a parcel followed by its number. */
  followTracking(input: { carrier: string; trackingNumber: string; reference: string }): Promise<Tracking>;
  /** The label's PNG, fetched only from the carrier service's own hosts (the label URLs it gave). */
  downloadLabel(labelUrl: string): Promise<Buffer>;
  /**
   * The tracking a webhook reports, when its signature is valid for this raw body; throws ShippingProviderError
   * otherwise: status 400 when the signature is missing, wrong or too old (refuse it), 422 when it is signed
   * but is not a track_updated event (nothing to do: answer 2xx so it is not sent again).
   */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): Tracking & { reference: string | null };
}
