import { Router } from 'express';
import type { ApiDeps } from '../deps';
import { ok, send } from '../http';

export function healthRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => ok(res, { status: 'up' }));
  router.get('/readyz', async (_req, res) => {
    try {
      await deps.db.raw('select 1');
      ok(res, { status: 'ready' });
    } catch (err) {
      deps.logger.warn({ err }, 'readiness check failed');
      send(res, 503, 'Database unreachable', { status: 'unavailable' });
    }
  });
  return router;
}
