import { Router } from 'express';
import { ping } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { ok, send } from '../../http';

export function healthRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => ok(res, { status: 'up' }));
  router.get('/readyz', async (_req, res) => {
    if (await ping(deps.db)) return ok(res, { status: 'ready' });
    deps.logger.warn('readiness check failed: the database did not answer');
    send(res, 503, 'Database unreachable', { status: 'unavailable' });
  });
  return router;
}
