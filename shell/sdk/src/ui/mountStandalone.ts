import type { ComponentType } from 'react';

/**
 * A remote's standalone dev page (standalone.tsx), loaded when a remote's own page calls it: the shell's
 * pages never do, and would otherwise download antd's Layout and message with every remote.
 */
export async function mountStandalone(App: ComponentType, name: string): Promise<void> {
  const { renderStandalone } = await import('./standalone');
  renderStandalone(App, name);
}
