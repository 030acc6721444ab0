import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';

export interface PageFrameProps {
  /** the page's heading, as the spec names the screen */
  title: ReactNode;
  /** buttons or filters shown beside the heading */
  extra?: ReactNode;
  children?: ReactNode;
}

/** The frame every remote page sits in: one h1 and the content under it, at any width. */
export function PageFrame({ title, extra, children }: PageFrameProps) {
  return (
    <section style={{ width: '100%', maxWidth: 1200, margin: '0 auto', padding: '16px 16px 32px' }}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
          {title}
        </Typography.Title>
        {extra}
      </Flex>
      {children}
    </section>
  );
}
