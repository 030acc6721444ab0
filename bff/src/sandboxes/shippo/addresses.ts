/**
 * Addresses: `POST /addresses/` (with `validate: true`, checked against the offline ZIP data for the US and
 * Canada: a ZIP the data does not know is invalid, and so is a state that is not the ZIP's) and
 * `GET /addresses/:id/`.
 */
import { found, invalid, required } from './errors';
import { isoAt, text, type Routes, type Sandbox } from './sandbox';
import { newId } from './state';
import type { Address, Message } from './types';
import { regionCodesFor } from '../../adapters/places/regions';
import { placeOf } from './zips';

const SOURCE = 'Shippo Address Validator';

const problem = (code: string, text: string): Message => ({ source: SOURCE, code, type: 'address_error', text });

/** What validation finds wrong with the address (nothing: it is valid). */
export function validate(address: Address): Message[] {
  if (address.country !== 'US' && address.country !== 'CA')
    return [problem('unsupported_country', `The sandbox validates US and CA addresses only, not ${address.country}.`)];
  const messages: Message[] = [];
  if (!address.street1) messages.push(problem('missing_street', 'The street address is missing.'));
  if (!address.city) messages.push(problem('missing_city', 'The city is missing.'));
  const place = placeOf(address.zip, address.country);
  if (!place) {
    messages.push(problem('Invalid Postal Code', `The postal code ${address.zip || '(none)'} does not exist.`));
    return messages;
  }
  // the state may be written as its code ("NY") or its name ("New York")
  const state = address.state.trim();
  const codes = regionCodesFor(state, 'exact');
  if (!codes.has(place.state) && state.toUpperCase() !== place.state)
    messages.push(
      problem('Invalid State', `The postal code ${address.zip} is in ${place.state}, not in ${state || '(none)'}.`),
    );
  return messages;
}

/** A new address from a request's fields (also a shipment's inline `address_from` / `address_to`). */
export function createAddress(sandbox: Sandbox, fields: unknown, field = 'non_field_errors'): Address {
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields))
    throw invalid(field, 'Invalid data. Expected a dictionary.');
  const body = fields as Record<string, unknown>;
  const country = text(body, 'country', 2).toUpperCase();
  if (!country) throw required('country');
  if (!/^[A-Z]{2}$/.test(country)) throw invalid('country', 'Country must be an ISO 3166-1 alpha-2 code.');
  const now = isoAt(sandbox.clock());
  const address: Address = {
    object_id: newId(),
    object_state: 'VALID',
    object_created: now,
    object_updated: now,
    object_owner: 'sandbox',
    is_complete: false,
    name: text(body, 'name'),
    company: text(body, 'company'),
    street1: text(body, 'street1'),
    street2: text(body, 'street2'),
    city: text(body, 'city'),
    state: text(body, 'state').toUpperCase(),
    zip: text(body, 'zip', 20).toUpperCase(),
    country,
    phone: text(body, 'phone', 50),
    email: text(body, 'email'),
    is_residential: typeof body.is_residential === 'boolean' ? body.is_residential : null,
    validation_results: {},
    test: true,
  };
  const messages = validate(address);
  address.is_complete = messages.length === 0;
  if (body.validate === true || body.validate === 'true')
    address.validation_results = { is_valid: messages.length === 0, messages };
  sandbox.store.state.addresses[address.object_id] = address;
  return address;
}

/** An address by its id, or a 400 naming the field that refers to it. */
export function addressRef(sandbox: Sandbox, value: unknown, field: string): Address {
  if (value === undefined || value === null || value === '') throw required(field);
  if (typeof value !== 'string') return createAddress(sandbox, value, field);
  const address = sandbox.store.state.addresses[value];
  if (!address) throw invalid(field, `Address with object_id ${value} does not exist.`);
  return address;
}

export function addressRoutes(routes: Routes, sandbox: Sandbox): void {
  routes.post('/addresses', ({ body }) => createAddress(sandbox, body));
  routes.get('/addresses/:id', ({ path }) => found(sandbox.store.state.addresses[path.id]));
}
