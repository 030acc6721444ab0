import { Router, type Request, type Response } from 'express';
import type { Knex } from '@swapstuff/db';

/** /healthz: the process answers. /readyz: it can reach the database that holds the sessions. */
export function createHealthRouter(db: Knex): Router {
  const router = Router();
  router.get('/healthz', (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    try {
      await db.raw('select 1');
      res.json({ status: 'ready' });
    } catch (err) {
      req.log.warn({ err }, 'database unreachable');
      res.status(503).json({ status: 'unavailable' });
    }
  });
  return router;
}
