/**
 * The sandbox's couriers and service levels, and the rate formula (docs/decisions.md, "Shipping: the Shippo
 * sandbox"). All money is integer cents; the same parcel on the same route always costs the same.
 *
 *   billable lb = ceil(max(actual lb, length × width × height in³ / 139)), at least 1
 *   zone        = 1…8 by the great-circle distance between the two codes (≤ 50, 150, 300, 600, 1000,
 *                 1400, 1800 miles, farther)
 *   cents       = round((base + perLb × billable lb) × (100 + zoneStep × (zone − 1)) / 100)
 *                 + 1500 when the route crosses the US–Canada border
 *   days        = the service's days for the zone (+1 across the border)
 */
import { Money } from '@swapstuff/contracts';

export interface ServiceLevel {
  token: string;
  name: string;
  /** cents */
  base: number;
  /** cents per billable pound */
  perLb: number;
  /** percent added per zone beyond the first */
  zoneStep: number;
  /** transit days by zone 1…8 */
  days: readonly number[];
  /**
   * the part of the price that pays for the insurance the service includes, cents (Shippo's
   * included_insurance_price: the spec shows the courier's fee as the amount less it)
   */
  insurance: number;
  terms: string;
}

export interface Courier {
  provider: string;
  /** the carrier's token in tracking URLs (`/tracks/usps/…`) */
  token: string;
  /** the logo's colours */
  colour: string;
  ink: string;
  services: ServiceLevel[];
}

export const COURIERS: readonly Courier[] = [
  {
    provider: 'USPS',
    token: 'usps',
    colour: '#004b87',
    ink: '#ffffff',
    services: [
      {
        token: 'usps_ground_advantage',
        name: 'Ground Advantage',
        base: 525,
        perLb: 95,
        zoneStep: 9,
        days: [2, 2, 3, 3, 4, 4, 5, 5],
        insurance: 0,
        terms: 'Delivery in 2 to 5 business days.',
      },
      {
        token: 'usps_priority',
        name: 'Priority Mail',
        base: 895,
        perLb: 120,
        zoneStep: 10,
        days: [1, 2, 2, 2, 3, 3, 3, 3],
        insurance: 85,
        terms: 'Delivery in 1 to 3 business days.',
      },
      {
        token: 'usps_priority_express',
        name: 'Priority Mail Express',
        base: 2895,
        perLb: 210,
        zoneStep: 8,
        days: [1, 1, 1, 1, 2, 2, 2, 2],
        insurance: 125,
        terms: 'Overnight to 2-day guaranteed.',
      },
    ],
  },
  {
    provider: 'UPS',
    token: 'ups',
    colour: '#351c15',
    ink: '#ffb500',
    services: [
      {
        token: 'ups_ground',
        name: 'Ground',
        base: 1050,
        perLb: 85,
        zoneStep: 7,
        days: [1, 2, 2, 3, 3, 4, 4, 5],
        insurance: 110,
        terms: 'Delivery in 1 to 5 business days.',
      },
      {
        token: 'ups_3_day_select',
        name: '3 Day Select',
        base: 1850,
        perLb: 140,
        zoneStep: 9,
        days: [3, 3, 3, 3, 3, 3, 3, 3],
        insurance: 140,
        terms: 'Delivery by the end of the third business day.',
      },
      {
        token: 'ups_next_day_air',
        name: 'Next Day Air',
        base: 3650,
        perLb: 260,
        zoneStep: 10,
        days: [1, 1, 1, 1, 1, 1, 1, 1],
        insurance: 190,
        terms: 'Next business day by 10:30 a.m.',
      },
    ],
  },
  {
    provider: 'FedEx',
    token: 'fedex',
    colour: '#4d148c',
    ink: '#ff6600',
    services: [
      {
        token: 'fedex_ground',
        name: 'Ground',
        base: 995,
        perLb: 90,
        zoneStep: 8,
        days: [1, 2, 2, 3, 4, 4, 5, 5],
        insurance: 105,
        terms: 'Delivery in 1 to 5 business days.',
      },
      {
        token: 'fedex_2_day',
        name: '2Day',
        base: 2150,
        perLb: 170,
        zoneStep: 9,
        days: [2, 2, 2, 2, 2, 2, 2, 2],
        insurance: 150,
        terms: 'Delivery in 2 business days by 5 p.m.',
      },
      {
        token: 'fedex_standard_overnight',
        name: 'Standard Overnight',
        base: 3395,
        perLb: 245,
        zoneStep: 10,
        days: [1, 1, 1, 1, 1, 1, 1, 1],
        insurance: 0,
        terms: 'Next business day by 5 p.m.',
      },
    ],
  },
];

export function courierOf(provider: string): Courier | undefined {
  const wanted = provider.toLowerCase();
  return COURIERS.find((c) => c.token === wanted || c.provider.toLowerCase() === wanted);
}

const ZONE_LIMITS_MILES = [50, 150, 300, 600, 1000, 1400, 1800];

export function zoneOf(miles: number): number {
  const index = ZONE_LIMITS_MILES.findIndex((limit) => miles <= limit);
  return index === -1 ? 8 : index + 1;
}

/** The US dimensional divisor: cubic inches per pound. */
const DIM_DIVISOR = 139;

const TO_INCHES = { in: 1, cm: 1 / 2.54 } as const;
const TO_POUNDS = { lb: 1, oz: 1 / 16, g: 1 / 453.59237, kg: 1 / 0.45359237 } as const;

export interface Dimensions {
  length: number;
  width: number;
  height: number;
  distance_unit: keyof typeof TO_INCHES;
  weight: number;
  mass_unit: keyof typeof TO_POUNDS;
}

/** Whole pounds billed: the larger of the actual and the dimensional weight, rounded up, at least 1. */
export function billablePounds(parcel: Dimensions): number {
  const inches = TO_INCHES[parcel.distance_unit];
  const actual = parcel.weight * TO_POUNDS[parcel.mass_unit];
  const dimensional = (parcel.length * inches * parcel.width * inches * parcel.height * inches) / DIM_DIVISOR;
  // a hair below a whole pound (floating point) is that pound
  return Math.max(1, Math.ceil(Math.max(actual, dimensional) - 1e-9));
}

export const CROSS_BORDER_CENTS = 1500;

/** The price in cents and the days of one service for `pounds` billable over `zone`. */
export function quote(
  service: ServiceLevel,
  pounds: number,
  zone: number,
  crossBorder: boolean,
): { cents: number; days: number } {
  const cents =
    Math.round(((service.base + service.perLb * pounds) * (100 + service.zoneStep * (zone - 1))) / 100) +
    (crossBorder ? CROSS_BORDER_CENTS : 0);
  return { cents, days: service.days[zone - 1] + (crossBorder ? 1 : 0) };
}

/** Cents as Shippo's decimal string: 1234 → "12.34". */
export const decimal = (cents: number) => Money.toWire(Money.fromCents(cents));
