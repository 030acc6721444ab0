import type { CSSProperties } from 'react';

/** Visually hidden, still read aloud (a loading state's words, a label the layout shows otherwise). */
export const srOnly: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};
