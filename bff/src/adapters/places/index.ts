import { googlePlaces } from './google';
import { offlinePlaces } from './offline';
import type { Places } from './types';

export * from './types';
export { googlePlaces, GOOGLE_PLACES_URL, type GooglePlacesOptions } from './google';
export { offlinePlaces } from './offline';
export { regionCodesFor } from './regions';

export interface PlacesOptions {
  /** GOOGLE_PLACES_KEY: search with Google Places; unset, with the offline postal data. */
  googleKey?: string;
}

export function createPlaces(options: PlacesOptions): Places {
  return options.googleKey ? googlePlaces({ apiKey: options.googleKey }) : offlinePlaces();
}
