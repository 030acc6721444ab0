import type { Place, PlaceCountry, PlaceSuggestion } from '@swapstuff/contracts';

export { COUNTRY_NAMES } from '@swapstuff/contracts';
export type { Place, PlaceCountry, PlaceSuggestion };

/** The address-search port (ARCHITECTURE §5): an offline default and Google Places. */
export interface Places {
  /** Suggestions for what the user typed, best first, at most `limit`; only US and Canadian places. */
  search(query: string, limit: number): Promise<PlaceSuggestion[]>;
  /** The place of a suggestion's id; null when there is no such place (or it is outside US/CA). */
  details(id: string): Promise<Place | null>;
}

/** The provider could not answer (network, quota, bad key): the api says "try again", not "no match". */
export class PlacesUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PlacesUnavailableError';
  }
}
