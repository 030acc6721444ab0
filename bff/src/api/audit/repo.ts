import { toDate, type Knex } from '@swapstuff/db';
import type { AuditEvent } from '@swapstuff/contracts';
import { countedPage, type Paging } from '../../http';

/** What a staff action writes: who (null: the command line), what, to what, the state before and after, why, from where. */
export interface NewAuditEvent {
  staffId: number | null;
  kind: string;
  targetType: string;
  targetId: number | string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  ip?: string | null;
}

export interface AuditFilter {
  staffId?: number;
  kind?: string;
  targetType?: string;
  targetId?: string;
}

interface AuditRow {
  id: number | string;
  staff_id: number | null;
  staff_email: string | null;
  kind: string;
  target_type: string;
  target_id: string;
  before: string | null;
  after: string | null;
  reason: string | null;
  ip: string | null;
  created_at: Date | number;
}

const asJson = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
const fromJson = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

function toEvent(row: AuditRow): AuditEvent {
  return {
    id: Number(row.id),
    staff_id: row.staff_id,
    staff: row.staff_id === null ? 'command line' : (row.staff_email ?? `user ${row.staff_id}`),
    kind: row.kind,
    target_type: row.target_type,
    target_id: row.target_id,
    before: fromJson(row.before),
    after: fromJson(row.after),
    reason: row.reason,
    ip: row.ip,
    created_at: toDate(row.created_at).toISOString(),
  };
}

function filtered(db: Knex, filter: AuditFilter): Knex.QueryBuilder {
  const query = db('audit_events').leftJoin('users', 'users.id', 'audit_events.staff_id');
  if (filter.staffId !== undefined) query.where('audit_events.staff_id', filter.staffId);
  if (filter.kind) query.where('audit_events.kind', filter.kind);
  if (filter.targetType) query.where('audit_events.target_type', filter.targetType);
  if (filter.targetId) query.where('audit_events.target_id', filter.targetId);
  return query.select('audit_events.*', 'users.email as staff_email');
}

const NEWEST_FIRST = [
  { column: 'audit_events.created_at', order: 'desc' },
  { column: 'audit_events.id', order: 'desc' },
];

export const auditRepo = {
  /** Written in the transaction of the action it records: the two are kept, or neither is. */
  async insert(db: Knex, event: NewAuditEvent): Promise<void> {
    await db('audit_events').insert({
      staff_id: event.staffId,
      kind: event.kind,
      target_type: event.targetType,
      target_id: String(event.targetId),
      before: asJson(event.before),
      after: asJson(event.after),
      reason: event.reason ?? null,
      ip: event.ip ?? null,
      created_at: new Date(),
    });
  },

  async page(db: Knex, filter: AuditFilter, paging: Paging): Promise<{ events: AuditEvent[]; total: number }> {
    const { rows, total } = await countedPage<AuditRow>(filtered(db, filter), NEWEST_FIRST, paging);
    return { events: rows.map(toEvent), total };
  },

  /** Every matching event, newest first, a batch at a time (the CSV export streams them). */
  async *each(db: Knex, filter: AuditFilter, batch = 500): AsyncGenerator<AuditEvent> {
    for (let offset = 0; ; offset += batch) {
      const rows: AuditRow[] = await filtered(db, filter).orderBy(NEWEST_FIRST).limit(batch).offset(offset);
      for (const row of rows) yield toEvent(row);
      if (rows.length < batch) return;
    }
  },
};
