import type { KeyboardEvent } from 'react';

/** The items of a menu, in order: what the arrow keys move between. */
export function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]')) : [];
}

/**
 * The WAI-ARIA menu keys: ArrowDown/ArrowUp move to the next/previous item (wrapping), Home/End to the
 * first/last. Escape and Tab are the caller's (they close the menu).
 */
export function moveMenuFocus(event: KeyboardEvent<HTMLElement>): void {
  const items = menuItems(event.currentTarget);
  if (items.length === 0) return;
  const current = items.indexOf(document.activeElement as HTMLElement);
  const last = items.length - 1;
  const next: Record<string, number> = {
    ArrowDown: current < 0 || current === last ? 0 : current + 1,
    ArrowUp: current <= 0 ? last : current - 1,
    Home: 0,
    End: last,
  };
  if (!(event.key in next)) return;
  event.preventDefault();
  items[next[event.key]].focus();
}
