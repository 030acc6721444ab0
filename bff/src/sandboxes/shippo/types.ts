/** The Shippo objects the sandbox keeps and answers, with the fields we read (a subset of Shippo's). */

export interface Message {
  source: string;
  code: string;
  type?: string;
  text: string;
}

export interface Address {
  object_id: string;
  object_state: 'VALID';
  object_created: string;
  object_updated: string;
  object_owner: string;
  is_complete: boolean;
  name: string;
  company: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
  email: string;
  is_residential: boolean | null;
  validation_results: { is_valid: boolean; messages: Message[] } | Record<string, never>;
  test: true;
}

export type DistanceUnit = 'in' | 'cm';
export type MassUnit = 'lb' | 'oz' | 'g' | 'kg';

export interface Parcel {
  object_id: string;
  object_state: 'VALID';
  object_created: string;
  object_updated: string;
  object_owner: string;
  length: string;
  width: string;
  height: string;
  distance_unit: DistanceUnit;
  weight: string;
  mass_unit: MassUnit;
  metadata: string;
  test: true;
}

export type RateAttribute = 'CHEAPEST' | 'FASTEST' | 'BESTVALUE';

export interface Rate {
  object_id: string;
  object_created: string;
  object_owner: string;
  shipment: string;
  attributes: RateAttribute[];
  amount: string;
  currency: 'USD';
  amount_local: string;
  currency_local: 'USD';
  provider: string;
  provider_image_75: string;
  provider_image_200: string;
  servicelevel: { name: string; token: string; terms: string };
  estimated_days: number;
  duration_terms: string;
  included_insurance_price: string;
  carrier_account: string;
  zone: string;
  messages: Message[];
  test: true;
}

export interface Shipment {
  object_id: string;
  object_created: string;
  object_updated: string;
  object_owner: string;
  status: 'SUCCESS';
  address_from: Address;
  address_to: Address;
  parcels: Parcel[];
  shipment_date: string;
  rates: Rate[];
  messages: Message[];
  metadata: string;
  test: true;
}

export interface Transaction {
  object_id: string;
  object_state: 'VALID';
  object_created: string;
  object_updated: string;
  object_owner: string;
  status: 'SUCCESS';
  rate: string;
  tracking_number: string;
  tracking_status: TrackingStatusName;
  tracking_url_provider: string;
  label_url: string;
  commercial_invoice_url: null;
  label_file_type: 'PNG';
  eta: string;
  messages: Message[];
  metadata: string;
  test: true;
}

export type TrackingStatusName = 'UNKNOWN' | 'PRE_TRANSIT' | 'TRANSIT' | 'DELIVERED' | 'RETURNED' | 'FAILURE';

export interface TrackLocation {
  city: string;
  state: string;
  zip: string;
  country: string;
}

export interface TrackingStatus {
  object_id: string;
  object_created: string;
  status: TrackingStatusName;
  status_details: string;
  status_date: string;
  location: TrackLocation | null;
}

/** A step not taken yet: what the clock (or the advance control) will make of it. */
export interface PlannedStep {
  /** epoch ms when the clock takes it */
  at: number;
  status: TrackingStatusName;
  status_details: string;
  location: TrackLocation | null;
}

/** The nulls are a parcel registered by its number alone (`POST /tracks/`), with no label of the sandbox's. */
export interface Track {
  carrier: string;
  tracking_number: string;
  address_from: TrackLocation | null;
  address_to: TrackLocation | null;
  transaction: string | null;
  servicelevel: { name: string | null; token: string | null };
  eta: string | null;
  original_eta: string | null;
  tracking_status: TrackingStatus;
  tracking_history: TrackingStatus[];
  metadata: string | null;
  test: true;
}

export interface WebhookEvent {
  id: string;
  /** epoch ms */
  created: number;
  delivered: boolean;
  body: { event: 'track_updated'; test: true; data: Track };
}
