import type { ReportReason } from '@swapstuff/contracts';
import type { Knex } from '@swapstuff/db';

export type ReasonKind = 'product' | 'user' | 'feedback';

export const reportsRepo = {
  async reasons(db: Knex, kind: ReasonKind): Promise<ReportReason[]> {
    return db('report_reasons').where({ kind }).orderBy(['sort_order', 'id']).select('id', 'name');
  },

  async reason(db: Knex, id: number, kind: ReasonKind): Promise<{ needs_text: number | boolean } | undefined> {
    return db('report_reasons').where({ id, kind }).first('needs_text');
  },

  async reported(db: Knex, userId: number, productId: number): Promise<boolean> {
    return !!(await db('product_reports').where({ product_id: productId, user_id: userId }).first('product_id'));
  },

  /** One report per reporter and user (a unique key), waiting for support (handled_at empty). */
  async insertUserReport(
    db: Knex,
    report: { userId: number; reporterId: number; reasonId: number; text: string | null },
  ): Promise<void> {
    await db('user_reports').insert({
      user_id: report.userId,
      reporter_id: report.reporterId,
      reason_id: report.reasonId,
      reason_text: report.text,
      created_at: new Date(),
    });
  },

  /**
   * One report per user and listing (a unique key), counted on the listing. The count first: it locks the
   * listing's row for writing before the report's foreign key takes a shared lock on it. The other way round,
   * reports at once each held the shared lock and waited for the others' to take the write lock: deadlocks,
   * one in fifty past its retries on one core.
   */
  async insert(
    trx: Knex.Transaction,
    report: { productId: number; userId: number; reasonId: number; text: string | null },
  ): Promise<void> {
    await trx('products').where({ id: report.productId }).increment('reports_count', 1);
    await trx('product_reports').insert({
      product_id: report.productId,
      user_id: report.userId,
      reason_id: report.reasonId,
      reason_text: report.text,
      created_at: new Date(),
    });
  },
};
