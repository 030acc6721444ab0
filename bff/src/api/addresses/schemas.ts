import Joi from 'joi';
import { addressRules, messages, type AddressBody } from '@swapstuff/contracts';
import { idSchema } from '../../http';
import { compileForm } from '../validation';

/** Ids arrive as numbers from the apps and as strings from form posts; anything else is no address. */
const addressId = idSchema(messages.addressNotFound, messages.addressIdRequired).empty('');

/** The client sends country (always United States, spec section 3); it is accepted and ignored. */
const country = Joi.string().max(100).allow('', null);

/** Add (or, with an addressId, edit): POST /api/user/edit/address. */
export const saveAddressSchema = compileForm(addressRules, {
  addressId: addressId.allow(null),
  country,
});

/** Edit: POST /api/user/update/address. */
export const updateAddressSchema = compileForm(addressRules, {
  addressId: addressId.required(),
  country,
});

export interface ValidAddressBody extends Omit<AddressBody, 'addressId'> {
  addressId?: number | null;
}
