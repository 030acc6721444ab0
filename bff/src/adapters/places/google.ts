import {
  COUNTRY_NAMES,
  PlacesUnavailableError,
  type Place,
  type PlaceCountry,
  type PlaceSuggestion,
  type Places,
} from './types';

export interface GooglePlacesOptions {
  apiKey: string;
  /** Where the Places API (New) lives; tests point it at a local server. */
  baseUrl?: string;
  /** A user waits on every call: give up rather than hang the picker. */
  timeoutMs?: number;
}

export const GOOGLE_PLACES_URL = 'https://places.googleapis.com';

/** The picker offers US and Canadian places only (spec sections 5 and 9). */
const REGION_CODES = ['us', 'ca'];

/** Details are billed by the fields asked for: only what an address needs. */
const DETAILS_FIELDS = 'id,formattedAddress,addressComponents,location';

/** Place ids are URL-safe tokens; anything else would be a path of our choosing on Google's host. */
const PLACE_ID = /^[A-Za-z0-9_-]{1,1024}$/;

/** What a house or street address is called among an autocomplete prediction's types. */
const ADDRESS_TYPES = new Set(['street_address', 'premise', 'subpremise', 'route']);

interface AutocompleteResponse {
  suggestions?: {
    placePrediction?: {
      placeId: string;
      text?: { text: string };
      structuredFormat?: { mainText?: { text: string }; secondaryText?: { text: string } };
      types?: string[];
    };
  }[];
}

interface AddressComponent {
  longText: string;
  shortText: string;
  types: string[];
}

interface DetailsResponse {
  id: string;
  formattedAddress?: string;
  addressComponents?: AddressComponent[];
  location?: { latitude: number; longitude: number };
}

/**
 * Google Places API (New) over plain fetch: Autocomplete for the suggestions (text only, so
 * `place` is null), Place Details when the user picks one. Both restricted to the US and Canada.
 */
export function googlePlaces(options: GooglePlacesOptions): Places {
  const baseUrl = (options.baseUrl ?? GOOGLE_PLACES_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 5000;

  async function call(path: string, init: RequestInit & { headers: Record<string, string> }): Promise<Response> {
    try {
      return await fetch(`${baseUrl}${path}`, {
        ...init,
        headers: { 'X-Goog-Api-Key': options.apiKey, ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new PlacesUnavailableError('Google Places did not answer', { cause: err });
    }
  }

  /** A 200 whose body is no JSON (a proxy's error page) is a failure too, not a crash. */
  async function json<T>(response: Response): Promise<T> {
    try {
      return (await response.json()) as T;
    } catch (err) {
      throw new PlacesUnavailableError('Google Places answered no JSON', { cause: err });
    }
  }

  async function failed(response: Response): Promise<never> {
    const detail = await response.text().catch(() => '');
    throw new PlacesUnavailableError(`Google Places answered ${response.status}: ${detail.slice(0, 300)}`);
  }

  return {
    async search(query, limit) {
      const response = await call('/v1/places:autocomplete', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ input: query, includedRegionCodes: REGION_CODES, languageCode: 'en' }),
      });
      if (!response.ok) return failed(response);
      const body = await json<AutocompleteResponse>(response);
      const suggestions: PlaceSuggestion[] = [];
      for (const { placePrediction: p } of body.suggestions ?? []) {
        if (!p?.placeId || !p.text?.text) continue;
        const isAddress = (p.types ?? []).some((t) => ADDRESS_TYPES.has(t));
        const street = isAddress ? (p.structuredFormat?.mainText?.text ?? null) : null;
        suggestions.push({ id: p.placeId, label: p.text.text, street, place: null });
      }
      return suggestions.slice(0, limit);
    },

    async details(id) {
      if (!PLACE_ID.test(id)) return null;
      const response = await call(`/v1/places/${id}?languageCode=en`, {
        method: 'GET',
        headers: { 'X-Goog-FieldMask': DETAILS_FIELDS },
      });
      // 400 INVALID_ARGUMENT for an id that is no place id, 404 NOT_FOUND for one that is gone
      if (response.status === 400 || response.status === 404) return null;
      if (!response.ok) return failed(response);
      return toPlace(await json<DetailsResponse>(response));
    },
  };
}

function toPlace(details: DetailsResponse): Place | null {
  const components = details.addressComponents ?? [];
  const find = (...types: string[]) => {
    for (const type of types) {
      const found = components.find((c) => c.types.includes(type));
      if (found) return found;
    }
    return undefined;
  };
  const countryCode = find('country')?.shortText.toUpperCase();
  if (countryCode !== 'US' && countryCode !== 'CA') return null;
  const country: PlaceCountry = countryCode;

  const street = [find('street_number')?.longText, find('route')?.longText].filter(Boolean).join(' ') || null;
  // a place without one of these is too coarse to ship to (a whole city): the form says which is missing
  const city = find('locality', 'postal_town', 'sublocality_level_1', 'sublocality', 'administrative_area_level_3');
  const state = find('administrative_area_level_1')?.shortText ?? '';
  const zip = find('postal_code')?.longText ?? '';
  return {
    id: details.id,
    label:
      details.formattedAddress ??
      [street, city?.longText, `${state} ${zip}`.trim(), COUNTRY_NAMES[country]].filter(Boolean).join(', '),
    street,
    city: city?.longText ?? '',
    state,
    zip,
    country,
    lat: details.location?.latitude ?? null,
    lng: details.location?.longitude ?? null,
  };
}
