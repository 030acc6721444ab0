import Joi from 'joi';
import { listingRules, messages, orderMessages } from '@swapstuff/contracts';
import { idSchema } from '../../http';
import { compileField } from '../validation';

/** A listing form's dimension rule, always on (on the form it exists only for buyable listings). */
const dimension = (name: 'height' | 'width' | 'length' | 'pounds' | 'ounces') =>
  compileField({ ...listingRules[name], onlyWhenOn: undefined });

/**
 * The Platform Shipment calculator's body (spec section 7, "Shipping rates"): the listing, where to (one of
 * your addresses; your default one when missing) and the parcel with the listing form's bounds and messages
 * (spec section 5: "same bounds as the listing"). Sizes are inches (sizeUnit), weight pounds and ounces.
 */
export const estimateSchema = Joi.object({
  productId: idSchema(messages.productNotFound).required(),
  addressId: idSchema(messages.addressNotFound).allow(null).optional(),
  height: dimension('height'),
  width: dimension('width'),
  length: dimension('length'),
  pounds: dimension('pounds'),
  ounces: dimension('ounces'),
  sizeUnit: Joi.valid('inches', null).optional(),
}).messages({ 'object.base': messages.validationFailed });

export interface EstimateInput {
  productId: number;
  addressId?: number | null;
  height: number;
  width: number;
  length: number;
  pounds: number;
  ounces?: number;
}

/** POST /api/get/shippments: the couriers for one listing to one of your addresses. */
export const couriersSchema = Joi.object({
  productId: idSchema(messages.productNotFound).required(),
  addressId: idSchema(orderMessages.addressRequired).required(),
}).messages({ 'object.base': messages.validationFailed });

export interface CouriersInput {
  productId: number;
  addressId: number;
}
