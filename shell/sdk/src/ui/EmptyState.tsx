import type { ReactNode } from 'react';
import { Button, Empty } from 'antd';
import { Link } from 'react-router-dom';
import { messages, routes } from '@swapstuff/contracts';

export interface EmptyStateProps {
  /** what is missing; the spec's "No Records Found" unless a page says otherwise */
  title?: string;
  /** an optional line under the title */
  description?: ReactNode;
  /** false hides the spec's "Check Out New Items" button; a node replaces it */
  action?: ReactNode | false;
}

/**
 * Spec section 2: the empty-state panel, with a button "Check Out New Items" that goes to /. Its title
 * and line are plain elements in antd's colours, as in PageFrame (no Typography on every page).
 */
export function EmptyState({ title = messages.noRecordsFound, description, action }: EmptyStateProps) {
  return (
    <div
      role="status"
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 12,
        padding: '48px 16px',
        textAlign: 'center',
      }}
    >
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={false} />
      <h2 style={{ margin: 0, fontSize: 20, fontWeight: 600, lineHeight: 1.4, color: 'var(--ant-color-text)' }}>
        {title}
      </h2>
      {description && <span style={{ color: 'var(--ant-color-text-secondary)' }}>{description}</span>}
      {action === undefined ? (
        <Link to={routes.home}>
          <Button type="primary" size="large">
            Check Out New Items
          </Button>
        </Link>
      ) : (
        action
      )}
    </div>
  );
}
