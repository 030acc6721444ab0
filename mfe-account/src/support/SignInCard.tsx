import { useEffect, useRef, type ReactNode } from 'react';
import { Card } from 'antd';

export interface SignInCardProps {
  title: string;
  /** a step that replaces the one whose button was pressed: focus goes to its heading, not to the page's start */
  focusHeading?: boolean;
  children: ReactNode;
}

/** A step of the staff sign-in: a card, narrow and centred at any width, under the step's heading. */
export function SignInCard({ title, focusHeading, children }: SignInCardProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  return (
    <div style={{ maxWidth: 480, margin: '0 auto', padding: '32px 16px' }}>
      <Card>
        <h1
          ref={heading}
          tabIndex={focusHeading ? -1 : undefined}
          style={{ margin: '0 0 16px', fontSize: 24, fontWeight: 600, lineHeight: 1.35, outline: 'none' }}
        >
          {title}
        </h1>
        {children}
      </Card>
    </div>
  );
}
