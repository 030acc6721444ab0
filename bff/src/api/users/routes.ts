import { Router } from 'express';
import { ok } from '../http';
import { authOf, requireAuth } from '../auth/middleware';
import type { ApiDeps } from '../deps';
import { toUser } from './repo';

export function usersRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.get(['/api/userdetail', '/api/v2/userdetail'], requireAuth(deps.db), (_req, res) => {
    ok(res, { user: toUser(authOf(res).user) });
  });
  return router;
}
