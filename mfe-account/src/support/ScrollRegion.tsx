import type { ReactNode } from 'react';

/**
 * A table laid out at `minWidth` at least (its rows readable, not squeezed into tall ones), which scrolls
 * sideways on a phone; the region takes focus so that the keyboard can scroll it too (axe's
 * scrollable-region-focusable).
 */
export function ScrollRegion({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
