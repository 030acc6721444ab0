import {
  staffMessages,
  type ModerationAction,
  type ModerationItem,
  type ModerationKind,
  type ModerationQueue,
  type StaffParty,
} from '@swapstuff/contracts';
import { toDate, withTransaction, type Knex } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { auditRepo } from '../audit';
import { endEverySession } from '../auth';
import type { Actor } from '../staff';
import { fullNameOf } from '../users';
import { HttpError, type Paging } from '../../http';
import { moderationRepo } from './repo';

/**
 * Moderation (issue 34): what members report, grouped by what they reported, the longest waiting first; staff
 * hide it (a listing leaves search, home, likes and its page; a review leaves the profile and its average; a user
 * is suspended), restore it, or dismiss the reports. Reporters are told the outcome (`reports.handled`).
 */

interface TargetRow {
  id: number;
  title: string;
  hidden: boolean;
  owner: StaffParty;
}

const OWNER_COLUMNS = ['u.id as owner_id', 'u.first_name', 'u.last_name', 'u.businessName', 'u.email'];
type OwnerRow = {
  owner_id: number;
  first_name: string | null;
  last_name: string | null;
  businessName: string | null;
  email: string;
};
const ownerOf = (row: OwnerRow): StaffParty => ({ id: row.owner_id, name: fullNameOf(row), email: row.email });

/** What each kind's queue shows of its targets: the listing and its seller, the review and its author, the user. */
async function targetsOf(db: Knex, kind: ModerationKind, ids: number[]): Promise<Map<number, TargetRow>> {
  if (ids.length === 0) return new Map();
  type Row = OwnerRow & { id: number; title: string; hidden_at: unknown };
  const rows: Row[] =
    kind === 'listing'
      ? await db('products as p')
          .join('users as u', 'u.id', 'p.user_id')
          .whereIn('p.id', ids)
          .select('p.id', 'p.title', 'p.hidden_at', ...OWNER_COLUMNS)
      : kind === 'review'
        ? await db('ratings as r')
            .join('users as u', 'u.id', 'r.rater_id')
            .whereIn('r.id', ids)
            .select('r.id', 'r.comments as title', 'r.hidden_at', ...OWNER_COLUMNS)
        : await db('users as u')
            .whereIn('u.id', ids)
            .select('u.id', db.raw("'' as title"), 'u.blocked_at as hidden_at', ...OWNER_COLUMNS);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        title: kind === 'user' ? fullNameOf(row) : row.title,
        hidden: row.hidden_at !== null,
        owner: ownerOf(row),
      },
    ]),
  );
}

export async function queue(deps: ApiDeps, input: { kind: ModerationKind } & Paging): Promise<ModerationQueue> {
  const { rows, total } = await moderationRepo.targets(deps.db, input.kind, input);
  const ids = rows.map((row) => Number(row.target_id));
  const [targets, reasons] = await Promise.all([
    targetsOf(deps.db, input.kind, ids),
    moderationRepo.reasons(deps.db, input.kind, ids),
  ]);
  const items: ModerationItem[] = rows
    .filter((row) => targets.has(Number(row.target_id)))
    .map((row) => {
      const target = targets.get(Number(row.target_id))!;
      return {
        kind: input.kind,
        target_id: target.id,
        title: target.title,
        owner: target.owner,
        reports: Number(row.reports),
        reasons: reasons
          .filter((reason) => Number(reason.target_id) === target.id)
          .map((reason) => ({ reason: reason.reason, count: Number(reason.count) }))
          .sort((a, b) => b.count - a.count),
        first_reported_at: toDate(row.first_reported_at).toISOString(),
        hidden: target.hidden,
      };
    });
  return { items, total, pageNumber: input.pageNumber, perPage: input.perPage };
}

/** The target's row, locked: whether it is hidden now, or 404. */
async function lockTarget(trx: Knex.Transaction, kind: ModerationKind, id: number): Promise<{ hidden: boolean }> {
  const row =
    kind === 'listing'
      ? await trx('products').where({ id }).forUpdate().first('hidden_at')
      : kind === 'review'
        ? await trx('ratings').where({ id }).forUpdate().first('hidden_at')
        : await trx('users').where({ id }).whereNull('deleted_at').forUpdate().first('blocked_at as hidden_at');
  if (!row) throw new HttpError(404, staffMessages.noSuchTarget);
  return { hidden: row.hidden_at !== null };
}

/** Hides or shows the target; what search shows follows the listing's and the user's events. */
async function setHidden(
  deps: ApiDeps,
  trx: Knex.Transaction,
  kind: ModerationKind,
  id: number,
  hidden: boolean,
  reason: string,
): Promise<void> {
  const at = hidden ? new Date() : null;
  if (kind === 'listing') {
    await trx('products').where({ id }).update({ hidden_at: at });
    await deps.events.emit(trx, 'listing.changed', { listingId: id });
  } else if (kind === 'review') {
    await trx('ratings').where({ id }).update({ hidden_at: at });
  } else {
    await trx('users')
      .where({ id })
      .update({ blocked_at: at, suspension_reason: hidden ? reason : null });
    // a suspended member is signed out everywhere; their listings leave search (the visible-listing rule)
    if (hidden) await endEverySession(trx, id);
    await deps.events.emit(trx, hidden ? 'user.blocked' : 'user.unblocked', { userId: id });
  }
}

const MESSAGES: Record<ModerationAction, string> = {
  hide: staffMessages.hidden,
  restore: staffMessages.restored,
  dismiss: staffMessages.dismissed,
};

/**
 * Hides the target (a user: suspends them, with the reason they are shown at sign-in), restores it, or dismisses
 * its reports; on its locked row, in the audit trail, the reporters told. Answers the message to show.
 */
export async function act(
  deps: ApiDeps,
  { auth, ip }: Actor,
  input: { kind: ModerationKind; targetId: number; action: ModerationAction; reason: string },
): Promise<string> {
  const { kind, targetId, action, reason } = input;
  await withTransaction(deps.db, async (trx) => {
    const before = await lockTarget(trx, kind, targetId);
    if (action !== 'dismiss') await setHidden(deps, trx, kind, targetId, action === 'hide', reason);
    if (action !== 'restore') {
      const outcome = action === 'hide' ? 'hidden' : 'dismissed';
      const reporterIds = await moderationRepo.handle(trx, kind, targetId, outcome);
      if (reporterIds.length) await deps.events.emit(trx, 'reports.handled', { kind, targetId, outcome, reporterIds });
    }
    await auditRepo.insert(trx, {
      staffId: auth.user.id,
      kind: `moderation.${kind}.${action}`,
      targetType: kind,
      targetId,
      before: { hidden: before.hidden },
      after: { hidden: action === 'dismiss' ? before.hidden : action === 'hide' },
      reason,
      ip,
    });
  });
  // a suspended member's open pages lose their live connection, and with it the session (as an account deleted)
  if (kind === 'user' && action === 'hide') deps.realtime.endConnections({ userId: targetId });
  return kind === 'user' && action !== 'dismiss'
    ? action === 'hide'
      ? staffMessages.suspended
      : staffMessages.unsuspended
    : MESSAGES[action];
}
