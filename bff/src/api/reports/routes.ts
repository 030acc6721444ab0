import { endpoints, messages, safetyMessages } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { created, ok } from '../../http';
import { authOf } from '../auth';
import { productIdParam } from '../products';
import type { ApiRouter } from '../router';
import { reportSchema, userReportSchema, type ReportBody, type UserReportInput } from './schemas';
import * as reports from './service';

/** Spec section 2, Report dialog: reason choices plus a free-text reason (≥ 10 characters on the last). */
export function reportsRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle(endpoints.reportReasons, {}, async ({ req, res }) => {
    ok(res, await reports.reasons(deps, String(req.params.id)));
  });

  // whether the viewer reported the listing already (the spec hides Report when already_reported)
  api.handle(endpoints.reportState, {}, async ({ req, res }) => {
    const productId = productIdParam(req.params.id);
    const mine = await reports.alreadyReported(deps, authOf(res).user.id, productId);
    ok(res, { productId, already_reported: mine ? 1 : 0 });
  });

  api.handle<ReportBody>(endpoints.report, { schema: reportSchema }, async ({ input, res }) => {
    await reports.report(deps, authOf(res).user.id, input);
    created(res, { productId: input.productId, already_reported: 1 }, messages.reported);
  });

  api.handle<UserReportInput>(endpoints.reportUser, { schema: userReportSchema }, async ({ input, res }) => {
    await reports.reportUser(deps, authOf(res).user.id, input);
    created(res, { userId: input.userId, already_reported: 1 }, safetyMessages.userReported);
  });
}
