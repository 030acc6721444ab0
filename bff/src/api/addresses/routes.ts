import { Router } from 'express';
import { messages, type Address, type AddressListContent } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { created, ok } from '../../http';
import { parse } from '../validation';
import { authOf, requireAuth } from '../auth';
import { saveAddressSchema, updateAddressSchema, type ValidAddressBody } from './schemas';
import * as addresses from './service';

/** Spec section 7, Address: every call is the signed-in user's own addresses. */
export function addressesRoutes(deps: ApiDeps): Router {
  const router = Router();
  const requireUser = requireAuth(deps.db);

  router.get('/api/user/address', requireUser, async (_req, res) => {
    const content: AddressListContent = { address: await addresses.list(deps, authOf(res).user.id) };
    ok(res, content);
  });

  // The Add/Edit Address modal posts here; with an addressId it edits, as update/address does.
  router.post('/api/user/edit/address', requireUser, async (req, res) => {
    const body = parse<ValidAddressBody>(saveAddressSchema, req.body);
    const userId = authOf(res).user.id;
    if (body.addressId) {
      const address: Address = await addresses.update(deps, userId, body.addressId, body);
      ok(res, { address }, messages.addressUpdated);
      return;
    }
    const address: Address = await addresses.add(deps, userId, body);
    created(res, { address }, messages.addressAdded);
  });

  router.post('/api/user/update/address', requireUser, async (req, res) => {
    const body = parse<ValidAddressBody & { addressId: number }>(updateAddressSchema, req.body);
    const address = await addresses.update(deps, authOf(res).user.id, body.addressId, body);
    ok(res, { address }, messages.addressUpdated);
  });

  router.get('/api/default/address/:addressId', requireUser, async (req, res) => {
    const userId = authOf(res).user.id;
    await addresses.makeDefault(deps, userId, addresses.addressIdParam(req.params.addressId));
    const content: AddressListContent = { address: await addresses.list(deps, userId) };
    ok(res, content, messages.addressDefault);
  });

  router.get('/api/delete/address/:addressId', requireUser, async (req, res) => {
    const userId = authOf(res).user.id;
    await addresses.remove(deps, userId, addresses.addressIdParam(req.params.addressId));
    const content: AddressListContent = { address: await addresses.list(deps, userId) };
    ok(res, content, messages.addressDeleted);
  });

  return router;
}
