import StarFilled from '@ant-design/icons/StarFilled';
import type { CSSProperties } from 'react';

export interface StarsProps {
  /** 0 to 5, in half steps */
  value: number;
  /** what a screen reader says instead of the stars ("4.5 out of 5 stars") */
  label: string;
  size?: number;
}

const STAR_GOLD = '#fadb14';
const STAR_EMPTY = 'rgba(0, 0, 0, 0.15)';

/**
 * Stars to look at, not to press: one image to assistive technology. (antd's Rate, even disabled, keeps a
 * focusable radio per star, which inside an image is interactive content nested where none may be.)
 */
export function Stars({ value, label, size = 16 }: StarsProps) {
  const star: CSSProperties = {
    position: 'relative',
    display: 'inline-block',
    width: size,
    height: size,
    marginRight: 2,
  };
  return (
    <span role="img" aria-label={label} style={{ display: 'inline-flex', lineHeight: 1, fontSize: size }}>
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = Math.max(0, Math.min(1, value - i));
        return (
          <span key={i} style={star} aria-hidden>
            <StarFilled style={{ color: STAR_EMPTY, position: 'absolute', inset: 0 }} />
            <span style={{ position: 'absolute', inset: 0, width: `${fill * 100}%`, overflow: 'hidden' }}>
              <StarFilled style={{ color: STAR_GOLD }} />
            </span>
          </span>
        );
      })}
    </span>
  );
}
