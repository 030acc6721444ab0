import { useId, type ReactNode } from 'react';
import { Card, Flex } from 'antd';

export interface SectionProps {
  /** the region's heading (an h2) */
  title: string;
  /** its button, beside the heading */
  action?: ReactNode;
  children: ReactNode;
}

/**
 * One part of a screen where the user pays (a checkout's step, a part of a swap's offer): a labelled region
 * with its heading and, beside it, its button.
 */
export function Section({ title, action, children }: SectionProps) {
  const headingId = useId();
  return (
    <Card size="small" styles={{ body: { padding: 16 } }}>
      <section aria-labelledby={headingId}>
        <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
          <h2 id={headingId} style={{ margin: 0, fontSize: 18, fontWeight: 600, color: 'var(--ant-color-text)' }}>
            {title}
          </h2>
          {action}
        </Flex>
        {children}
      </section>
    </Card>
  );
}
