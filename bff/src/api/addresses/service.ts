import { messages, type Address } from '@swapstuff/contracts';
import { withTransaction, type Knex } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { HttpError, idParam } from '../../http';
import { addressesRepo, toAddress, type AddressFields, type AddressRow } from './repo';
import type { ValidAddressBody } from './schemas';

/**
 * Another user's address, a deleted one and one that never existed all answer the same 404, so that
 * ids of other users' addresses are not revealed.
 */
const notFound = () => new HttpError(404, messages.addressNotFound);

function fieldsOf(body: ValidAddressBody): AddressFields {
  const street1 = body.street1.trim();
  const street2 = body.street2?.trim() || null;
  const city = body.city.trim();
  const state = body.state.trim();
  const zip = body.zip.trim();
  return {
    street_1: street1,
    street_2: street2,
    formatted_street_1: `${street1}, ${city}, ${state} ${zip}`,
    city,
    state,
    zip,
    lat: body.lat ?? null,
    lng: body.lng ?? null,
  };
}

async function ownOrFail(db: Knex, userId: number, id: number): Promise<AddressRow> {
  const row = await addressesRepo.ownById(db, userId, id);
  if (!row) throw notFound();
  return row;
}

async function reload(db: Knex, userId: number, id: number): Promise<Address> {
  return toAddress(await ownOrFail(db, userId, id));
}

export async function list(deps: ApiDeps, userId: number): Promise<Address[]> {
  return (await addressesRepo.listOf(deps.db, userId)).map(toAddress);
}

/** A new address; the user's first (or, when none is default, any new one) becomes the default. */
export async function add(deps: ApiDeps, userId: number, body: ValidAddressBody): Promise<Address> {
  const id = await withTransaction(deps.db, async (trx) => {
    await addressesRepo.lockUser(trx, userId);
    const featured = !(await addressesRepo.hasDefault(trx, userId));
    return addressesRepo.insert(trx, userId, fieldsOf(body), featured);
  });
  return reload(deps.db, userId, id);
}

export async function update(deps: ApiDeps, userId: number, id: number, body: ValidAddressBody): Promise<Address> {
  await withTransaction(deps.db, async (trx) => {
    await addressesRepo.lockUser(trx, userId);
    await ownOrFail(trx, userId, id);
    await addressesRepo.update(trx, id, fieldsOf(body));
  });
  return reload(deps.db, userId, id);
}

export async function makeDefault(deps: ApiDeps, userId: number, id: number): Promise<void> {
  await withTransaction(deps.db, async (trx) => {
    await addressesRepo.lockUser(trx, userId);
    await ownOrFail(trx, userId, id);
    await addressesRepo.makeDefault(trx, userId, id);
  });
}

/** Soft delete; when the default goes, the newest remaining address becomes the default. */
export async function remove(deps: ApiDeps, userId: number, id: number): Promise<void> {
  await withTransaction(deps.db, async (trx) => {
    await addressesRepo.lockUser(trx, userId);
    const row = await ownOrFail(trx, userId, id);
    await addressesRepo.softDelete(trx, id);
    if (!row.featured) return;
    const next = await addressesRepo.newestOf(trx, userId);
    if (next) await addressesRepo.makeDefault(trx, userId, next.id);
  });
}

/** Path ids: anything but a positive integer is no address of anyone's. */
export const addressIdParam = (value: string | string[] | undefined): number =>
  idParam(value, messages.addressNotFound);

/** The user's own live address (a listing's pickup address), or undefined. */
export async function findOwnAddress(db: Knex, userId: number, id: number): Promise<Address | undefined> {
  const row = await addressesRepo.ownById(db, userId, id);
  return row && toAddress(row);
}
