/** The audit trail: every staff action, append-only (the table refuses UPDATE and DELETE). */
export { auditRepo, type AuditFilter, type NewAuditEvent } from './repo';
export { auditRoutes } from './routes';
