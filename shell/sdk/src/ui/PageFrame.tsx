import type { ReactNode } from 'react';

export interface PageFrameProps {
  /** the page's heading, as the spec names the screen */
  title: ReactNode;
  /** buttons or filters shown beside the heading */
  extra?: ReactNode;
  children?: ReactNode;
}

/**
 * The frame every remote page sits in: one h1 and the content under it, at any width. Plain elements in
 * antd's colours (its CSS variables), not Typography: that one component brings antd's tooltip, text area
 * and form code to every page that has a heading.
 */
export function PageFrame({ title, extra, children }: PageFrameProps) {
  return (
    <section style={{ width: '100%', maxWidth: 1200, margin: '0 auto', padding: '16px 16px 32px' }}>
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 8,
          marginBottom: 16,
        }}
      >
        <h1 style={{ margin: 0, fontSize: 24, fontWeight: 600, lineHeight: 1.35, color: 'var(--ant-color-text)' }}>
          {title}
        </h1>
        {extra}
      </div>
      {children}
    </section>
  );
}
