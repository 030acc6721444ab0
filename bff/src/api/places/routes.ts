import type { Request } from 'express';
import { endpoints, messages } from '@swapstuff/contracts';
import { PlacesUnavailableError, type Place, type PlaceSuggestion } from '../../adapters/places';
import type { ApiDeps } from '../deps';
import { HttpError, ok } from '../../http';
import type { ApiRouter } from '../router';
import { PLACES_LIMIT, placesSearchSchema, type PlacesSearchQuery } from './schemas';

export interface PlacesContent {
  places: PlaceSuggestion[];
}

export interface PlaceContent {
  place: Place;
}

/**
 * A provider that cannot answer is a 503 "try again", never an empty list that reads as "no such place";
 * logged, because a refused key or a spent quota is the operator's to fix.
 */
async function fromProvider<T>(req: Request, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof PlacesUnavailableError)) throw err;
    req.log?.warn({ err }, 'address search provider unavailable');
    throw new HttpError(503, messages.placesUnavailable);
  }
}

/**
 * The Add/Edit Address picker's search (spec sections 3 and 5), for the browser and the apps.
 * Signed-in only: with Google configured, every call spends the site's paid quota.
 */
export function placesRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle<PlacesSearchQuery>(endpoints.searchPlaces, { schema: placesSearchSchema }, async ({ input, req, res }) => {
    const content: PlacesContent = {
      places: await fromProvider(req, () => deps.places.search(input.q, PLACES_LIMIT)),
    };
    ok(res, content);
  });

  api.handle(endpoints.place, {}, async ({ req, res }) => {
    const { id } = req.params;
    const place = typeof id === 'string' ? await fromProvider(req, () => deps.places.details(id)) : null;
    if (!place) throw new HttpError(404, messages.placeNotFound);
    const content: PlaceContent = { place };
    ok(res, content);
  });
}
