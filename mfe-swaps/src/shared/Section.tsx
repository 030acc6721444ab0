import { useId, type ReactNode } from 'react';
import { Card, Flex } from 'antd';

/** One part of a swap screen: a labelled region with its heading and, beside it, its button. */
export function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
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
