import Joi from 'joi';
import { endpoints, messages } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { idSchema, ok, pagingKeys, type Paging } from '../../http';
import type { ApiRouter } from '../router';
import { csvHeader, csvRow } from './csv';
import { auditRepo, type AuditFilter } from './repo';

const filterKeys = {
  staffId: idSchema(messages.validationFailed),
  kind: Joi.string().trim().max(40).allow(''),
  targetType: Joi.string().trim().max(20).allow(''),
  targetId: Joi.string().trim().max(40).allow(''),
};
const auditSchema = Joi.object({ ...filterKeys, ...pagingKeys() }).messages({
  'object.base': messages.validationFailed,
});
const auditCsvSchema = Joi.object(filterKeys).messages({ 'object.base': messages.validationFailed });

/** The audit trail, for every staff member to read (support included: who did what is no secret among staff). */
export function auditRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle<AuditFilter & Paging>(endpoints.audit, { schema: auditSchema }, async ({ input, res }) => {
    const { pageNumber, perPage, ...filter } = input;
    const { events, total } = await auditRepo.page(deps.db, filter, { pageNumber, perPage });
    ok(res, { events, total, pageNumber, perPage });
  });

  api.handle<AuditFilter>(endpoints.auditCsv, { schema: auditCsvSchema }, async ({ input, res }) => {
    res.status(200);
    res.type('text/csv; charset=utf-8');
    res.attachment(`swapstuff-audit-${new Date().toISOString().slice(0, 10)}.csv`);
    res.set('Cache-Control', 'no-store');
    res.write(csvHeader);
    for await (const event of auditRepo.each(deps.db, input)) res.write(csvRow(event));
    res.end();
  });
}
