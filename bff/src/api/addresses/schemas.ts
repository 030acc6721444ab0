import Joi from 'joi';
import { addressRules, messages, type AddressBody } from '@swapstuff/contracts';
import { compileForm } from '../validation';

/** Ids arrive as numbers from the apps and as strings from form posts; anything else is no address. */
const addressIdMessages = {
  'number.base': messages.addressNotFound,
  'number.integer': messages.addressNotFound,
  'number.positive': messages.addressNotFound,
  'number.unsafe': messages.addressNotFound,
  'any.required': messages.addressIdRequired,
};

/** The client sends country (always United States, spec section 3); it is accepted and ignored. */
const country = Joi.string().max(100).allow('', null);

/** Add (or, with an addressId, edit): POST /api/user/edit/address. */
export const saveAddressSchema = compileForm(addressRules, {
  addressId: Joi.number().integer().positive().empty('').allow(null).messages(addressIdMessages),
  country,
});

/** Edit: POST /api/user/update/address. */
export const updateAddressSchema = compileForm(addressRules, {
  addressId: Joi.number().integer().positive().empty('').required().messages(addressIdMessages),
  country,
});

export interface ValidAddressBody extends Omit<AddressBody, 'addressId'> {
  addressId?: number | null;
}
