import Joi from 'joi';
import { addressRules, messages, type AddressBody } from '@swapstuff/contracts';
import { idSchema } from '../../http';
import { compileForm } from '../validation';

/** Ids arrive as numbers from the apps and as strings from form posts; anything else is no address. */
const addressId = idSchema(messages.addressNotFound, messages.addressIdRequired).empty('');

/** The client sends country (always United States, spec section 3); it is accepted and ignored. */
const country = Joi.string().max(100).allow('', null);

/** Ours: where the picked place is, both or neither (the modal's map shows it). */
const coordinate = (limit: number) =>
  Joi.number().min(-limit).max(limit).allow(null).messages({ '*': messages.validationFailed });
const position = { lat: coordinate(90), lng: coordinate(180) };
const bothOrNeither = (schema: Joi.ObjectSchema) =>
  schema.and('lat', 'lng').messages({ 'object.and': messages.validationFailed });

/** Add (or, with an addressId, edit): POST /api/user/edit/address. */
export const saveAddressSchema = bothOrNeither(
  compileForm(addressRules, { addressId: addressId.allow(null), country, ...position }),
);

/** Edit: POST /api/user/update/address. */
export const updateAddressSchema = bothOrNeither(
  compileForm(addressRules, { addressId: addressId.required(), country, ...position }),
);

export interface ValidAddressBody extends Omit<AddressBody, 'addressId'> {
  addressId?: number | null;
}
