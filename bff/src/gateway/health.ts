import { Router, type Request, type Response } from 'express';
import { ping, type Knex } from '@swapstuff/db';

/** /healthz: the process answers. /readyz: it can reach the database that holds the sessions. */
export function createHealthRouter(db: Knex): Router {
  const router = Router();
  router.get('/healthz', (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    if (await ping(db)) return res.json({ status: 'ready' });
    req.log.warn('readiness check failed: the database did not answer');
    res.status(503).json({ status: 'unavailable' });
  });
  return router;
}
