import type { AuditEvent } from '@swapstuff/contracts';

export const AUDIT_CSV_COLUMNS = [
  'id',
  'created_at',
  'staff',
  'kind',
  'target_type',
  'target_id',
  'before',
  'after',
  'reason',
  'ip',
] as const;

/**
 * One field of RFC 4180 CSV. A field a spreadsheet would read as a formula (=, +, -, @, tab, CR at its start)
 * is prefixed with ' (OWASP's advice on CSV injection): the trail records what users typed, reasons included.
 */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(event: AuditEvent): string {
  return `${AUDIT_CSV_COLUMNS.map((column) => csvField(event[column])).join(',')}\r\n`;
}

export const csvHeader = `${AUDIT_CSV_COLUMNS.join(',')}\r\n`;
