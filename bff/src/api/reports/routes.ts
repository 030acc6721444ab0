import { Router } from 'express';
import { messages } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { created, ok } from '../../http';
import { parse } from '../validation';
import { authOf, requireAuth } from '../auth';
import { productIdParam } from '../products';
import { reportSchema, type ReportBody } from './schemas';
import * as reports from './service';

/** Spec section 2, Report dialog: reason choices plus a free-text reason (≥ 10 characters on the last). */
export function reportsRoutes(deps: ApiDeps): Router {
  const router = Router();
  const requireUser = requireAuth(deps.db);

  router.get('/api/reasons/:id', async (req, res) => {
    ok(res, await reports.reasons(deps, req.params.id));
  });

  // whether the viewer reported the listing already (the spec hides Report when already_reported)
  router.get('/api/reports/:id', requireUser, async (req, res) => {
    const productId = productIdParam(req.params.id);
    const mine = await reports.alreadyReported(deps, authOf(res).user.id, productId);
    ok(res, { productId, already_reported: mine ? 1 : 0 });
  });

  router.post('/api/item/report', requireUser, async (req, res) => {
    const body = parse<ReportBody>(reportSchema, req.body);
    await reports.report(deps, authOf(res).user.id, body);
    created(res, { productId: body.productId, already_reported: 1 }, messages.reported);
  });

  return router;
}
