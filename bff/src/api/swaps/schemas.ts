import Joi from 'joi';
import {
  MAX_SWAP_ITEMS,
  messages,
  Money,
  orderMessages,
  SWAP_CASH_LIMIT_CENTS,
  swapMessages,
} from '@swapstuff/contracts';
import { idSchema, pagingKeys } from '../../http';

const object = (keys: Joi.PartialSchemaMap) => Joi.object(keys).messages({ 'object.base': messages.validationFailed });

const requestId = idSchema(swapMessages.offerNotFound).required();

/** The sender's listings: one to five, each once. */
const productIds = Joi.array()
  .items(idSchema(swapMessages.itemsNotAvailable))
  .min(1)
  .max(MAX_SWAP_ITEMS)
  .unique()
  .required()
  .messages({
    'array.base': swapMessages.selectProduct,
    'array.min': swapMessages.selectProduct,
    'any.required': swapMessages.selectProduct,
    'array.max': swapMessages.tooManyItems,
    'array.unique': swapMessages.selectProduct,
  });

/** Dollars, signed as the one proposing sees it: at most $999,999 either way, whole cents. */
const SWAP_CASH_LIMIT = Number(Money.toWire(Money.fromCents(SWAP_CASH_LIMIT_CENTS)));
const cash = Joi.number()
  .min(-SWAP_CASH_LIMIT)
  .max(SWAP_CASH_LIMIT)
  .precision(2)
  .prefs({ convert: false })
  .default(0)
  .messages({ '*': swapMessages.cashInvalid });

/** A provider's id (pm_…, pi_…): letters, digits and underscores. */
const providerId = (message: string) =>
  Joi.string()
    .trim()
    .pattern(/^[A-Za-z0-9_]{3,64}$/)
    .required()
    .messages({ '*': message });

export const offerSchema = object({
  productId: idSchema(messages.productNotFound).required(),
  productIds,
  cash,
});

export const counterSchema = object({ requestId, productIds, cash });

export const agreeSchema = object({ requestId });

export const acceptRejectSchema = object({
  requestId,
  status: Joi.valid('1', '2', 1, 2).required().messages({ '*': 'status must be 1 (accept) or 2 (reject)' }),
  addressId: Joi.when('status', {
    is: Joi.valid('1', 1),
    then: idSchema(orderMessages.addressRequired).required(),
    otherwise: Joi.any().strip(),
  }),
});

export const detailsSchema = object({
  requestId,
  addressId: idSchema(orderMessages.addressRequired).required(),
  shipping: Joi.valid('platform', 'own').required().messages({ '*': swapMessages.shippingRequired }),
});

export const initializeSchema = object({
  action: Joi.valid('offer', 'counter', 'agree', 'accept')
    .required()
    .messages({ '*': 'action must be offer, counter, agree or accept' }),
  paymentMethodId: providerId(messages.cardNotFound),
  productId: Joi.when('action', {
    is: 'offer',
    then: idSchema(messages.productNotFound).required(),
    otherwise: Joi.forbidden(),
  }),
  productIds: Joi.when('action', { is: Joi.valid('offer', 'counter'), then: productIds, otherwise: Joi.forbidden() }),
  cash: Joi.when('action', { is: Joi.valid('offer', 'counter'), then: cash, otherwise: Joi.forbidden() }),
  requestId: Joi.when('action', { is: 'offer', then: Joi.forbidden(), otherwise: requestId }),
  addressId: Joi.when('action', {
    is: 'accept',
    then: idSchema(orderMessages.addressRequired).required(),
    otherwise: Joi.forbidden(),
  }),
});

export const confirmSchema = object({ paymentIntentId: providerId(orderMessages.paymentNotFound) });

export const offersSchema = object({
  status: Joi.valid(0, 1, 2, 3, 4, 5, null).default(null).messages({ '*': 'status must be 0 to 5' }),
  ...pagingKeys(),
});

export const historySchema = object({
  id: requestId,
  // the spec's clients send which list they came from; the viewer's side is known from the session
  type: Joi.string().max(20).allow('', null),
});
