import { Router } from 'express';
import Joi from 'joi';
import { ListingStatus, messages, REPORT_TEXT_MIN, type ReportReason } from '@swapstuff/contracts';
import { isUniqueViolation, withTransaction } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { created, fieldError, HttpError, ok } from '../http';
import { parse } from '../validation';
import { authOf, requireAuth } from '../auth/middleware';
import { productQuery } from '../products/repo';
import { productIdParam } from '../products/service';

/** /api/reasons/{id}: 1 lists the reasons to report a listing, 2 those to report a user (ours). */
const REASON_KINDS = new Map([
  ['1', 'product'],
  ['2', 'user'],
]);

const reportSchema = Joi.object({
  productId: Joi.number().integer().positive().max(2147483647).required().messages({
    'any.required': messages.productNotFound,
    'number.base': messages.productNotFound,
  }),
  reasonId: Joi.number().integer().positive().max(2147483647).required().messages({
    'any.required': messages.reportReasonRequired,
    'number.base': messages.reportReasonRequired,
  }),
  reason: Joi.string().trim().max(1000).allow('', null),
});

/** Spec section 2, Report dialog: reason choices plus a free-text reason (≥ 10 characters on the last). */
export function reportsRoutes(deps: ApiDeps): Router {
  const router = Router();
  const requireUser = requireAuth(deps.db);

  router.get('/api/reasons/:id', async (req, res) => {
    // a Map: an object would answer /api/reasons/__proto__ with its prototype (the fuzz test found it)
    const kind = REASON_KINDS.get(req.params.id);
    if (!kind) throw new HttpError(404, messages.notFound);
    const reasons: ReportReason[] = await deps
      .db('report_reasons')
      .where({ kind })
      .orderBy(['sort_order', 'id'])
      .select('id', 'name');
    ok(res, reasons);
  });

  // whether the viewer reported the listing already (the spec hides Report when already_reported)
  router.get('/api/reports/:id', requireUser, async (req, res) => {
    const productId = productIdParam(req.params.id);
    const mine = await deps
      .db('product_reports')
      .where({ product_id: productId, user_id: authOf(res).user.id })
      .first();
    ok(res, { productId, already_reported: mine ? 1 : 0 });
  });

  router.post('/api/item/report', requireUser, async (req, res) => {
    const body = parse<{ productId: number; reasonId: number; reason?: string | null }>(reportSchema, req.body);
    const userId = authOf(res).user.id;
    const product = await productQuery(deps.db, null)
      .where('p.id', body.productId)
      .whereNot('p.status', ListingStatus.Deleted)
      .first('p.user_id');
    if (!product) throw new HttpError(404, messages.productNotFound);
    if (product.user_id === userId) throw new HttpError(403, messages.ownListingReport);
    const reason = await deps.db('report_reasons').where({ id: body.reasonId, kind: 'product' }).first('needs_text');
    if (!reason) throw fieldError({ reasonId: messages.reportReasonRequired });
    const text = body.reason?.trim() ?? '';
    if (reason.needs_text && text.length < REPORT_TEXT_MIN) throw fieldError({ reason: messages.reportMin });
    try {
      await withTransaction(deps.db, async (trx) => {
        await trx('product_reports').insert({
          product_id: body.productId,
          user_id: userId,
          reason_id: body.reasonId,
          reason_text: text || null,
          created_at: new Date(),
        });
        await trx('products').where({ id: body.productId }).increment('reports_count', 1);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new HttpError(409, messages.alreadyReported);
      throw err;
    }
    created(res, { productId: body.productId, already_reported: 1 }, messages.reported);
  });

  return router;
}
