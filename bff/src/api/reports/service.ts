import { FEEDBACK_REASONS_ID, messages, REPORT_TEXT_MIN, type ReportReason } from '@swapstuff/contracts';
import { isUniqueViolation, withTransaction } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { fieldError, HttpError } from '../../http';
import { findViewable } from '../catalog';
import { reportsRepo, type ReasonKind } from './repo';
import type { ReportBody } from './schemas';

/** /api/reasons/{id}: 1 lists the reasons to report a listing, 2 those to report a user, 3 feedback's (ours). */
const REASON_KINDS = new Map<string, ReasonKind>([
  ['1', 'product'],
  ['2', 'user'],
  [FEEDBACK_REASONS_ID, 'feedback'],
]);

export async function reasons(deps: ApiDeps, kindId: string): Promise<ReportReason[]> {
  // a Map: an object would answer /api/reasons/__proto__ with its prototype (the fuzz test found it)
  const kind = REASON_KINDS.get(kindId);
  if (!kind) throw new HttpError(404, messages.notFound);
  return reportsRepo.reasons(deps.db, kind);
}

export function alreadyReported(deps: ApiDeps, userId: number, productId: number): Promise<boolean> {
  return reportsRepo.reported(deps.db, userId, productId);
}

/** Reports a listing anyone may see, not one's own; a reason that asks for text needs ≥ 10 characters. */
export async function report(deps: ApiDeps, userId: number, body: ReportBody): Promise<void> {
  const listing = await findViewable(deps.db, body.productId);
  if (!listing) throw new HttpError(404, messages.productNotFound);
  if (listing.user_id === userId) throw new HttpError(403, messages.ownListingReport);
  const reason = await reportsRepo.reason(deps.db, body.reasonId, 'product');
  if (!reason) throw fieldError({ reasonId: messages.reportReasonRequired });
  const text = body.reason?.trim() ?? '';
  if (reason.needs_text && text.length < REPORT_TEXT_MIN) throw fieldError({ reason: messages.reportMin });
  try {
    await withTransaction(deps.db, (trx) =>
      reportsRepo.insert(trx, { productId: body.productId, userId, reasonId: body.reasonId, text: text || null }),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, messages.alreadyReported);
    throw err;
  }
}
