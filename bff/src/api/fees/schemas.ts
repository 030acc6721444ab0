import Joi from 'joi';
import { LISTING_LIMITS, listingRules, messages } from '@swapstuff/contracts';
import { compileField } from '../validation';

/** Blank is missing, as in the forms. */
const BLANK = Joi.alternatives(Joi.valid(null), Joi.string().allow('').pattern(/^\s*$/));

/**
 * Ours: the extra cash of a swap offer, in dollars: positive when the caller adds it, negative when the
 * other side does; missing is none. At most the listing limit either way.
 */
const cash = Joi.number()
  .empty(BLANK)
  .min(-LISTING_LIMITS.price.max)
  .max(LISTING_LIMITS.price.max)
  .default(0)
  .messages({
    'number.base': messages.cashInvalid,
    'number.infinity': messages.cashInvalid,
    'number.min': messages.cashRange,
    'number.max': messages.cashRange,
  });

/**
 * GET /api/protected/rate and /rate/v2: `price` (dollars, required, $1 to $999,999 with the listing
 * form's messages: the quote is for a listing's price) and `cash`, from the query string or a JSON body.
 */
export const feeQuoteSchema = Joi.object({ price: compileField(listingRules.price), cash }).messages({
  'object.base': messages.validationFailed,
});

/** What the schema lets through: dollars as numbers, still to be read as cents. */
export interface FeeQuoteInput {
  price: number;
  cash: number;
}
