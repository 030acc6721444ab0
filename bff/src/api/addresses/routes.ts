import { endpoints, messages, type Address, type AddressListContent } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { created, ok } from '../../http';
import { authOf } from '../auth';
import type { ApiRouter } from '../router';
import { saveAddressSchema, updateAddressSchema, type ValidAddressBody } from './schemas';
import * as addresses from './service';

/** Spec section 7, Address: every call is the signed-in user's own addresses. */
export function addressesRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle(endpoints.addresses, {}, async ({ res }) => {
    const content: AddressListContent = { address: await addresses.list(deps, authOf(res).user.id) };
    ok(res, content);
  });

  // The Add/Edit Address modal posts here; with an addressId it edits, as update/address does.
  api.handle<ValidAddressBody>(endpoints.saveAddress, { schema: saveAddressSchema }, async ({ input, res }) => {
    const userId = authOf(res).user.id;
    if (input.addressId) {
      const address: Address = await addresses.update(deps, userId, input.addressId, input);
      ok(res, { address }, messages.addressUpdated);
      return;
    }
    const address: Address = await addresses.add(deps, userId, input);
    created(res, { address }, messages.addressAdded);
  });

  api.handle<ValidAddressBody & { addressId: number }>(
    endpoints.updateAddress,
    { schema: updateAddressSchema },
    async ({ input, res }) => {
      const address = await addresses.update(deps, authOf(res).user.id, input.addressId, input);
      ok(res, { address }, messages.addressUpdated);
    },
  );

  api.handle(endpoints.defaultAddress, {}, async ({ req, res }) => {
    const userId = authOf(res).user.id;
    await addresses.makeDefault(deps, userId, addresses.addressIdParam(req.params.addressId));
    const content: AddressListContent = { address: await addresses.list(deps, userId) };
    ok(res, content, messages.addressDefault);
  });

  api.handle(endpoints.deleteAddress, {}, async ({ req, res }) => {
    const userId = authOf(res).user.id;
    await addresses.remove(deps, userId, addresses.addressIdParam(req.params.addressId));
    const content: AddressListContent = { address: await addresses.list(deps, userId) };
    ok(res, content, messages.addressDeleted);
  });
}
