import { Router } from 'express';
import type { DeleteReason } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { ok } from '../http';

export function accountRoutes(deps: ApiDeps): Router {
  const router = Router();

  // Public: the delete-account form lists them before the user confirms with the password.
  router.get('/api/deleteuserreasons', async (_req, res) => {
    const reasons: DeleteReason[] = await deps
      .db('delete_account_reasons')
      .select('id', 'name')
      .orderBy(['sort_order', 'id']);
    ok(res, reasons);
  });

  return router;
}
