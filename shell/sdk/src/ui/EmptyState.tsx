import type { ReactNode } from 'react';
import { Button, Empty, Flex, Typography } from 'antd';
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

/** Spec section 2: the empty-state panel, with a button "Check Out New Items" that goes to /. */
export function EmptyState({ title = messages.noRecordsFound, description, action }: EmptyStateProps) {
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '48px 16px', textAlign: 'center' }} role="status">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={false} />
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {description && <Typography.Text type="secondary">{description}</Typography.Text>}
      {action === undefined ? (
        <Link to={routes.home}>
          <Button type="primary" size="large">
            Check Out New Items
          </Button>
        </Link>
      ) : (
        action
      )}
    </Flex>
  );
}
