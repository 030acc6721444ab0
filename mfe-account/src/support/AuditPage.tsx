import { useState } from 'react';
import { Button, Form, Input, Pagination, Table, type TableColumnsType } from 'antd';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { Link, useSearchParams } from 'react-router-dom';
import { messages, type AuditEvent, type AuditQuery } from '@swapstuff/contracts';
import { ApiError, toast } from '@swapstuff/sdk';
import { EmptyState, LoadError, LocalDateTime, PageFrame } from '@swapstuff/sdk/ui';
import { downloadAuditCsv, useAuditPage, useRecheckStaffProfile, useSignInEndedCheck } from './api';
import { ScrollRegion } from './ScrollRegion';

/** Events per page. */
export const AUDIT_PER_PAGE = 20;

/** The filters as the address and the form hold them: words, each left out when empty. */
type Filters = Partial<Record<keyof AuditQuery, string>>;
const FILTERS: (keyof Filters)[] = ['kind', 'targetType', 'targetId', 'staffId'];

/** The filters and the page the address holds (?kind=role.grant&targetId=12&page=2): Back and a reload keep them. */
export function readAuditParams(params: URLSearchParams): { filters: Filters; pageNumber: number } {
  const filters: Filters = {};
  for (const name of FILTERS) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  const page = Number(params.get('page'));
  return { filters, pageNumber: Number.isSafeInteger(page) && page > 1 ? page : 1 };
}

export function auditParams(filters: Filters, pageNumber = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTERS) {
    const value = filters[name]?.trim();
    if (value) params.set(name, value);
  }
  if (pageNumber > 1) params.set('page', String(pageNumber));
  return params;
}

/** A state before or after, as a line: `role: support`. */
function stateText(state: unknown): string {
  if (state === null || state === undefined) return '—';
  if (typeof state !== 'object') return String(state);
  return Object.entries(state)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}

/** The table's columns; a staff member and a target link to the trail of that one alone, within `filters`. */
function columnsFor(filters: Filters): TableColumnsType<AuditEvent> {
  const narrowedTo = (more: Filters) => ({ search: `?${auditParams({ ...filters, ...more })}` });
  return [
    { title: 'Time', dataIndex: 'created_at', render: (at: string) => <LocalDateTime value={at} /> },
    {
      title: 'Staff',
      key: 'staff',
      render: (_, event) =>
        event.staff_id === null ? (
          event.staff
        ) : (
          <Link to={narrowedTo({ staffId: String(event.staff_id) })} title="Only this staff member's actions">
            {event.staff}
          </Link>
        ),
    },
    { title: 'Kind', dataIndex: 'kind', render: (kind: string) => <code>{kind}</code> },
    {
      title: 'Target',
      key: 'target',
      render: (_, event) => (
        <Link
          to={narrowedTo({ targetType: event.target_type, targetId: event.target_id })}
          title="Only the actions on this target"
        >
          {event.target_type} {event.target_id}
        </Link>
      ),
    },
    {
      title: 'Before → after',
      key: 'change',
      render: (_, event) =>
        event.before === null && event.after === null ? '—' : `${stateText(event.before)} → ${stateText(event.after)}`,
    },
    { title: 'Reason', dataIndex: 'reason', render: (reason: string | null) => reason ?? '—' },
    { title: 'IP', dataIndex: 'ip', render: (ip: string | null) => ip ?? '—' },
  ];
}

/**
 * /support/audit, for every staff member: the audit trail newest first, filtered by kind, target and staff member
 * (the filters and the page kept in the address), and the same filters as a CSV download.
 */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const { filters, pageNumber } = readAuditParams(params);
  const audit = useAuditPage({ ...filters, pageNumber, perPage: AUDIT_PER_PAGE });
  useSignInEndedCheck(audit.error);
  const filtered = Object.keys(filters).length > 0;
  const recheck = useRecheckStaffProfile();
  const [downloading, setDownloading] = useState(false);

  const downloadCsv = async () => {
    setDownloading(true);
    try {
      await downloadAuditCsv(filters);
    } catch (err) {
      // a sign-in that ended answers 404: the console then shows the sign-in
      if (err instanceof ApiError && err.status === 404) void recheck();
      else toast.error(err instanceof ApiError ? err.message : messages.genericError);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <PageFrame
      title="Audit trail"
      extra={
        <Button icon={<DownloadOutlined aria-hidden />} loading={downloading} onClick={() => void downloadCsv()}>
          Download CSV
        </Button>
      }
    >
      {/* the form starts again from the address whenever it changes (a filter applied, Back) */}
      <Form<Filters>
        key={params.toString()}
        name="audit-filters"
        layout="vertical"
        initialValues={filters}
        onFinish={(values) => setParams(auditParams(values))}
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
          gap: '0 12px',
          alignItems: 'end',
          marginBottom: 16,
        }}
      >
        <Form.Item label="Kind" name="kind">
          <Input placeholder="role.grant" />
        </Form.Item>
        <Form.Item label="Target type" name="targetType">
          <Input placeholder="user" />
        </Form.Item>
        <Form.Item label="Target id" name="targetId">
          <Input />
        </Form.Item>
        <Form.Item
          label="Staff id"
          name="staffId"
          rules={[{ pattern: /^\s*\d*\s*$/, message: 'A staff id is a number.' }]}
        >
          <Input inputMode="numeric" />
        </Form.Item>
        <Form.Item>
          <div style={{ display: 'flex', gap: 8 }}>
            <Button type="primary" htmlType="submit">
              Filter
            </Button>
            <Button onClick={() => setParams(new URLSearchParams())} disabled={!filtered}>
              Clear
            </Button>
          </div>
        </Form.Item>
      </Form>
      {audit.isError ? (
        <LoadError
          title="The audit trail could not be loaded"
          message={audit.error.message}
          onRetry={() => void audit.refetch()}
          retrying={audit.isFetching}
        />
      ) : audit.data?.total === 0 ? (
        <EmptyState
          title={filtered ? 'No staff action matches these filters' : 'No staff action yet'}
          description={filtered ? 'Clear a filter to see more.' : undefined}
          action={false}
        />
      ) : (
        <>
          <ScrollRegion label="Audit events" minWidth={1000}>
            <Table<AuditEvent>
              rowKey="id"
              columns={columnsFor(filters)}
              dataSource={audit.data?.events}
              loading={audit.isPending}
              pagination={false}
            />
          </ScrollRegion>
          {/* outside the table, which may be wider than a phone: always in sight */}
          <Pagination
            current={pageNumber}
            pageSize={AUDIT_PER_PAGE}
            total={audit.data?.total ?? 0}
            showSizeChanger={false}
            onChange={(page) => setParams(auditParams(filters, page))}
            style={{ marginTop: 16 }}
          />
        </>
      )}
    </PageFrame>
  );
}
