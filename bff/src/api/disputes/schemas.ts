import Joi from 'joi';
import { disputeRules, DISPUTE_TYPES, messages, orderMessages, staffMessages } from '@swapstuff/contracts';
import { idSchema, pagingKeys } from '../../http';
import { staffCodeSchema } from '../staff';
import { compileField } from '../validation';

const object = (keys: Joi.PartialSchemaMap) => Joi.object(keys).messages({ 'object.base': messages.validationFailed });

/** Evidence photos: ids of images the user uploaded through /api/upload/image, at most 5. */
export const MAX_DISPUTE_IMAGES = 5;
const images = Joi.array()
  .items(idSchema(orderMessages.disputeImagesInvalid))
  .max(MAX_DISPUTE_IMAGES)
  .unique()
  .default([])
  .messages({
    'array.max': orderMessages.disputeImagesInvalid,
    'array.unique': orderMessages.disputeImagesInvalid,
    'array.base': orderMessages.disputeImagesInvalid,
  });

export const storeSchema = object({
  orderId: idSchema(orderMessages.orderNotFound).required(),
  disputeType: compileField(disputeRules.disputeType)
    .valid(...DISPUTE_TYPES)
    .messages({ 'any.only': orderMessages.disputeTypeRequired }),
  disputeReason: compileField(disputeRules.disputeReason),
  images,
});

export interface StoreInput {
  orderId: number;
  disputeType: string;
  disputeReason: string;
  images: number[];
}

export const additionalSchema = object({
  orderId: idSchema(orderMessages.orderNotFound).required(),
  text: Joi.string()
    .trim()
    .max(1000)
    .required()
    .messages({ '*': orderMessages.additionalRequired, 'string.max': orderMessages.disputeReasonLength }),
  images,
});

export interface AdditionalInput {
  orderId: number;
  text: string;
  images: number[];
}

export const refundSchema = object({
  amount: Joi.number().positive().precision(2).max(999999).messages({ '*': orderMessages.refundInvalid }),
  // a current code of the staff member's authenticator: a refund above $500 asks for one
  code: staffCodeSchema,
});

/** The dispute queue of the support console. */
export const queueSchema = object({
  status: Joi.string().valid('open', 'resolved').messages({ '*': messages.validationFailed }),
  ...pagingKeys(),
});

export const supportMessageSchema = object({
  disputeId: idSchema(staffMessages.disputeNotFound).required(),
  text: Joi.string().trim().min(1).max(1000).required().messages({ '*': staffMessages.disputeMessageRequired }),
  askFrom: Joi.string().valid('buyer', 'seller').messages({ '*': messages.validationFailed }),
});

export const decideSchema = object({
  disputeId: idSchema(staffMessages.disputeNotFound).required(),
  refund: Joi.number().min(0).precision(2).max(999999).required().messages({ '*': staffMessages.refundAmountInvalid }),
  note: Joi.string().trim().min(1).max(1000).required().messages({ '*': staffMessages.disputeMessageRequired }),
  code: staffCodeSchema,
});
