import type { ModerationKind } from '@swapstuff/contracts';
import type { Knex } from '@swapstuff/db';

/** Where each kind's reports live, what they point at, and where their reason is written. */
const REPORTS = {
  listing: { table: 'product_reports', target: 'product_id', reporter: 'user_id' },
  review: { table: 'review_reports', target: 'rating_id', reporter: 'user_id' },
  user: { table: 'user_reports', target: 'user_id', reporter: 'reporter_id' },
} as const satisfies Record<ModerationKind, { table: string; target: string; reporter: string }>;

export interface ReportedTarget {
  target_id: number;
  reports: number;
  first_reported_at: Date | number | string;
}

export const moderationRepo = {
  /** Targets with reports not handled yet, the longest waiting first: a page of them, and how many in all. */
  async targets(
    db: Knex,
    kind: ModerationKind,
    page: { pageNumber: number; perPage: number },
  ): Promise<{ rows: ReportedTarget[]; total: number }> {
    const { table, target } = REPORTS[kind];
    const open = db(table).whereNull('handled_at');
    const [{ total }] = await open.clone().countDistinct({ total: target });
    const rows = (await open
      .clone()
      .groupBy(target)
      .select(`${target} as target_id`)
      .count({ reports: '*' })
      .min({ first_reported_at: 'created_at' })
      .orderBy([{ column: 'first_reported_at' }, { column: 'target_id' }])
      .limit(page.perPage)
      .offset((page.pageNumber - 1) * page.perPage)) as unknown as ReportedTarget[];
    return { rows, total: Number(total) };
  },

  /** The reasons of the targets' open reports, counted: a listing's and a user's by the reasons' list, a review's as written. */
  async reasons(
    db: Knex,
    kind: ModerationKind,
    targetIds: number[],
  ): Promise<{ target_id: number; reason: string; count: number | string }[]> {
    if (targetIds.length === 0) return [];
    const { table, target } = REPORTS[kind];
    const query = db(`${table} as rep`).whereNull('rep.handled_at').whereIn(`rep.${target}`, targetIds);
    if (kind === 'review') {
      return query
        .groupBy('rep.rating_id', 'rep.reason')
        .select('rep.rating_id as target_id', 'rep.reason')
        .count({ count: '*' });
    }
    return query
      .join('report_reasons as r', 'r.id', 'rep.reason_id')
      .groupBy(`rep.${target}`, 'r.name')
      .select(`rep.${target} as target_id`, 'r.name as reason')
      .count({ count: '*' });
  },

  /** Marks the target's open reports handled with an outcome; answers who reported it. */
  async handle(
    trx: Knex.Transaction,
    kind: ModerationKind,
    targetId: number,
    outcome: 'hidden' | 'dismissed',
  ): Promise<number[]> {
    const { table, target, reporter } = REPORTS[kind];
    const open = trx(table).where(target, targetId).whereNull('handled_at');
    const reporters: number[] = (await open.clone().forUpdate().pluck(reporter)).map(Number);
    await open.update({ handled_at: new Date(), outcome });
    return reporters;
  },
};
