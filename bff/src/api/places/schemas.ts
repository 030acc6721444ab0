import Joi from 'joi';
import { messages } from '@swapstuff/contracts';

/** Fewer than 2 characters match half the continent; more than 100 is no address anyone types. */
export const PLACES_QUERY = { min: 2, max: 100 } as const;

/** Suggestions per search (spec section 9: search suggestions limit 10). */
export const PLACES_LIMIT = 10;

/** GET /api/places/search?q=… (the query string; a repeated q arrives as a list and is refused too). */
export const placesSearchSchema = Joi.object({
  q: Joi.string().trim().min(PLACES_QUERY.min).max(PLACES_QUERY.max).required().messages({
    'any.required': messages.placesQueryLength,
    'string.base': messages.placesQueryLength,
    'string.empty': messages.placesQueryLength,
    'string.min': messages.placesQueryLength,
    'string.max': messages.placesQueryLength,
  }),
});

export interface PlacesSearchQuery {
  q: string;
}
