import { Router, type Request, type Response } from 'express';
import { ping, READINESS_TIMEOUT_MS, type Knex } from '@swapstuff/db';

/** Whether the api says it is ready, within the readiness budget. */
async function apiReady(apiUrl: string): Promise<boolean> {
  try {
    const answer = await fetch(new URL('/readyz', apiUrl), { signal: AbortSignal.timeout(READINESS_TIMEOUT_MS) });
    await answer.arrayBuffer();
    return answer.ok;
  } catch {
    return false;
  }
}

/**
 * /healthz: the process answers. /readyz: it can serve a page's api calls: the database that holds the
 * sessions answers, and so does the api behind it (which starts apart and may still be migrating).
 */
export function createHealthRouter(db: Knex, apiUrl: string): Router {
  const router = Router();
  router.get('/healthz', (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    const [database, api] = await Promise.all([ping(db), apiReady(apiUrl)]);
    if (database && api) return res.json({ status: 'ready' });
    req.log.warn({ database, api }, 'not ready');
    res.status(503).json({ status: 'unavailable' });
  });
  return router;
}
