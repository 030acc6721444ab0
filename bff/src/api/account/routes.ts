import { Router } from 'express';
import type { ApiDeps } from '../deps';
import { ok } from '../../http';
import { authOf, requireAuth } from '../auth';
import { toUser } from '../users';
import { accountRepo } from './repo';

/** The signed-in user's own account (spec section 7, User). */
export function accountRoutes(deps: ApiDeps): Router {
  const router = Router();

  router.get(['/api/userdetail', '/api/v2/userdetail'], requireAuth(deps.db), (_req, res) => {
    ok(res, { user: toUser(authOf(res).user) });
  });

  // Public: the delete-account form lists them before the user confirms with the password.
  router.get('/api/deleteuserreasons', async (_req, res) => {
    ok(res, await accountRepo.deleteReasons(deps.db));
  });

  return router;
}
