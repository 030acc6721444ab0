import {
  FEEDBACK_REASONS_ID,
  messages,
  profileMessages,
  REPORT_TEXT_MIN,
  safetyMessages,
  USER_REPORT_REASONS_ID,
  type ReportReason,
} from '@swapstuff/contracts';
import { isUniqueViolation, withTransaction } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { fieldError, HttpError } from '../../http';
import { findViewable } from '../catalog';
import { reportsRepo, type ReasonKind } from './repo';
import { usersRepo } from '../users';
import type { ReportBody, UserReportInput } from './schemas';

/** /api/reasons/{id}: 1 lists the reasons to report a listing, 2 those to report a user, 3 feedback's (ours). */
const REASON_KINDS = new Map<string, ReasonKind>([
  ['1', 'product'],
  [USER_REPORT_REASONS_ID, 'user'],
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

/** The reason's text: at least 10 characters when the reason asks for text (the last, Other). */
async function reasonText(deps: ApiDeps, kind: ReasonKind, reasonId: number, given?: string | null): Promise<string> {
  const reason = await reportsRepo.reason(deps.db, reasonId, kind);
  if (!reason) throw fieldError({ reasonId: messages.reportReasonRequired });
  const text = given?.trim() ?? '';
  if (reason.needs_text && text.length < REPORT_TEXT_MIN) throw fieldError({ reason: messages.reportMin });
  return text;
}

/** Reports another user who still has an account, once; the report waits in support's queue. */
export async function reportUser(deps: ApiDeps, reporterId: number, body: UserReportInput): Promise<void> {
  if (body.userId === reporterId) throw new HttpError(400, safetyMessages.cannotReportSelf);
  if (!(await usersRepo.byId(deps.db, body.userId))) throw new HttpError(404, profileMessages.userNotFound);
  const text = await reasonText(deps, 'user', body.reasonId, body.reason);
  try {
    await reportsRepo.insertUserReport(deps.db, {
      userId: body.userId,
      reporterId,
      reasonId: body.reasonId,
      text: text || null,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, safetyMessages.userAlreadyReported);
    throw err;
  }
}

/** Reports a listing anyone may see, not one's own; a reason that asks for text needs ≥ 10 characters. */
export async function report(deps: ApiDeps, userId: number, body: ReportBody): Promise<void> {
  const listing = await findViewable(deps.db, body.productId);
  if (!listing) throw new HttpError(404, messages.productNotFound);
  if (listing.user_id === userId) throw new HttpError(403, messages.ownListingReport);
  const text = await reasonText(deps, 'product', body.reasonId, body.reason);
  try {
    await withTransaction(deps.db, (trx) =>
      reportsRepo.insert(trx, { productId: body.productId, userId, reasonId: body.reasonId, text: text || null }),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, messages.alreadyReported);
    throw err;
  }
}
