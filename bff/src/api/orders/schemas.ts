import Joi from 'joi';
import { messages, orderMessages, shipmentRules } from '@swapstuff/contracts';
import { idSchema, pagingKeys } from '../../http';
import { compileField } from '../validation';

const object = (keys: Joi.PartialSchemaMap) => Joi.object(keys).messages({ 'object.base': messages.validationFailed });

/** A provider's id (pm_…, pi_…, a rate's hex): letters, digits and underscores, never anything else. */
const providerId = (message: string) =>
  Joi.string()
    .trim()
    .pattern(/^[A-Za-z0-9_]{3,64}$/)
    .required()
    .messages({
      'string.base': message,
      'string.empty': message,
      'string.pattern.base': message,
      'any.required': message,
    });

export const initializeSchema = object({
  productId: idSchema(messages.productNotFound).required(),
  addressId: idSchema(orderMessages.addressRequired).required(),
  rateId: providerId(orderMessages.chooseCourier),
  paymentMethodId: providerId(messages.cardNotFound),
  // one of each item: a listing is one thing (spec: "quantity one")
  quantity: Joi.valid(1, '1').default(1).messages({ 'any.only': orderMessages.quantityOne }),
});

export const confirmSchema = object({ paymentIntentId: providerId(orderMessages.paymentNotFound) });

export const ordersSchema = object({
  type: Joi.valid('purchases', 'received').required().messages({ '*': 'type must be purchases or received' }),
  search: Joi.string().trim().max(100).allow('', null).default(null).empty(''),
  status: Joi.valid('1', '5', '6', '9', null).default(null).empty(''),
  ...pagingKeys(),
});

export interface OrdersQuery {
  type: 'purchases' | 'received';
  search: string | null;
  status: '1' | '5' | '6' | '9' | null;
  pageNumber: number;
  perPage: number;
}

export const trackingInfoSchema = object({
  orderId: idSchema(orderMessages.orderNotFound).required(),
  companyName: compileField(shipmentRules.companyName),
  trackingNumber: compileField(shipmentRules.trackingNumber),
});

export const downloadSchema = object({
  url: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .max(500)
    .required()
    .messages({ '*': orderMessages.noShippingLabel }),
});
