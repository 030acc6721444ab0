import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router } from 'express';
import { ping } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { envelope, ok, send } from '../../http';

/** The liveness answer: the same bytes every time. */
const UP = Buffer.from(JSON.stringify(envelope(200, '', { status: 'up' })));
const UP_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'content-length': UP.length,
  'x-content-type-options': 'nosniff',
};

/**
 * GET /healthz, answered before Express (see apiListener): it says only that the process runs, load
 * balancers ask it every few seconds of every process, and Express's routing would cost it ten times
 * what writing the answer does. False when the request is not for it.
 */
export function answerLiveness(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.url !== '/healthz' || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  res.writeHead(200, UP_HEADERS);
  res.end(req.method === 'HEAD' ? undefined : UP);
  return true;
}

/** GET /readyz: whether the database answers (a load balancer sends traffic only to a ready api). */
export function healthRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.get('/readyz', async (_req, res) => {
    if (await ping(deps.db)) return ok(res, { status: 'ready' });
    deps.logger.warn('readiness check failed: the database did not answer');
    send(res, 503, 'Database unreachable', { status: 'unavailable' });
  });
  return router;
}
