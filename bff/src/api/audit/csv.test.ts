import type { AuditEvent } from '@swapstuff/contracts';
import { csvField, csvHeader, csvRow } from './csv';

describe('the audit trail as CSV (RFC 4180)', () => {
  test('quotes what holds a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "no"')).toBe('"say ""no"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
  });

  test('a field a spreadsheet would run as a formula starts with a quote mark instead', () => {
    for (const formula of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvField(formula).replace(/^"/, '')).toMatch(/^'/);
    }
  });

  test('one row per event, in the header’s order, JSON for before and after', () => {
    const event: AuditEvent = {
      id: 7,
      staff_id: 3,
      staff: 'ada@example.com',
      kind: 'role.grant',
      target_type: 'user',
      target_id: '12',
      before: { role: 'user' },
      after: { role: 'support' },
      reason: null,
      ip: '10.0.0.1',
      created_at: '2026-11-29T12:00:00.000Z',
    };
    expect(csvHeader).toBe('id,created_at,staff,kind,target_type,target_id,before,after,reason,ip\r\n');
    expect(csvRow(event)).toBe(
      '7,2026-11-29T12:00:00.000Z,ada@example.com,role.grant,user,12,"{""role"":""user""}","{""role"":""support""}",,10.0.0.1\r\n',
    );
  });
});
