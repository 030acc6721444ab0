import Joi from 'joi';
import { HttpError } from './envelope';

/** Ids are INT columns: anything past this is nobody's row. */
export const MAX_ID = 2147483647;

/**
 * A path id (`/api/productdetail/:id`): anything but a positive integer that fits the column is no row
 * of anyone's, so it answers the same 404 as a row that does not exist.
 */
export function idParam(value: string | string[] | undefined, notFoundMessage: string): number {
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,9}$/.test(value) || Number(value) > MAX_ID) {
    throw new HttpError(404, notFoundMessage);
  }
  return Number(value);
}

/**
 * An id in a body: numbers from the apps, numeric strings from form posts. Whatever is wrong with it reads
 * as `message` (a missing id too, unless `requiredMessage` says otherwise).
 */
export function idSchema(message: string, requiredMessage = message): Joi.NumberSchema {
  return Joi.number().integer().positive().max(MAX_ID).messages({
    'number.base': message,
    'number.integer': message,
    'number.positive': message,
    'number.max': message,
    'number.unsafe': message,
    'any.required': requiredMessage,
  });
}
