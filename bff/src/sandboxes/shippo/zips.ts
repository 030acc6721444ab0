/**
 * The offline ZIP and postal code data already in the project (the `zipcodes` package): where a US ZIP or a
 * Canadian postal code is (its forward sortation area, the first three characters), its state or
 * province, and distances between them.
 */
import { provinceOfPostalCode } from '../../adapters/places/regions';

interface ZipRecord {
  zip: string;
  latitude: number | null;
  longitude: number | null;
  city: string;
  state: string;
  country: string;
}

export interface Place {
  zip: string;
  city: string;
  /** the two-letter state or province */
  state: string;
  country: 'US' | 'CA';
  latitude: number;
  longitude: number;
}

let places: Map<string, Place> | undefined;

/** The key of a code in the data: a US ZIP's first 5 digits, a Canadian code's first 3 characters. */
function keyOf(zip: string, country: string): string | undefined {
  const code = zip.trim().toUpperCase().replace(/\s+/g, '');
  if (country === 'US') return /^\d{5}(-?\d{4})?$/.test(code) ? code.slice(0, 5) : undefined;
  if (country === 'CA') return /^[A-Z]\d[A-Z](\d[A-Z]\d)?$/.test(code) ? code.slice(0, 3) : undefined;
  return undefined;
}

function all(): Map<string, Place> {
  if (places) return places;
  // required here, not at the top: its 5 MB of data is loaded only when the sandbox first needs it
  const { codes } = require('zipcodes') as { codes: Record<string, ZipRecord> };
  places = new Map();
  for (const record of Object.values(codes)) {
    const country = record.country === 'US' ? 'US' : record.country === 'Canada' ? 'CA' : undefined;
    // military (APO/FPO) codes carry 0,0 and some Canadian areas nothing: no coordinates, no place
    if (!country || !record.latitude || !record.longitude) continue;
    const state = country === 'US' ? record.state : provinceOfPostalCode(record.zip, record.state);
    if (!state) continue;
    places.set(`${country} ${record.zip.toUpperCase()}`, {
      zip: record.zip.toUpperCase(),
      city: country === 'CA' ? record.city.replace(/\s*\(.*$/, '') : record.city,
      state,
      country,
      latitude: record.latitude,
      longitude: record.longitude,
    });
  }
  return places;
}

/** The place of a ZIP or postal code in `country` (US or CA), or undefined when the data does not know it. */
export function placeOf(zip: string, country: string): Place | undefined {
  const key = keyOf(zip, country);
  return key === undefined ? undefined : all().get(`${country} ${key}`);
}

const EARTH_RADIUS_MILES = 3958.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance in miles (haversine). */
export function distanceMiles(a: Place, b: Place): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The known place nearest to the point a fraction `t` of the way from `a` to `b` (a stop on the way). */
export function placeAlong(a: Place, b: Place, t: number): Place {
  const point = {
    latitude: a.latitude + (b.latitude - a.latitude) * t,
    longitude: a.longitude + (b.longitude - a.longitude) * t,
  } as Place;
  let best = a;
  let bestDistance = Infinity;
  for (const place of all().values()) {
    const d = distanceMiles(point, place);
    if (d < bestDistance) [best, bestDistance] = [place, d];
  }
  return best;
}
