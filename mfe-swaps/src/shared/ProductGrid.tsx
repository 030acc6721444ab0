import type { KeyboardEvent } from 'react';
import { MAX_SWAP_ITEMS } from '@swapstuff/contracts';
import { FallbackImage } from '@swapstuff/sdk/ui';
import type { SwapItem } from './items';
import styles from './swaps.module.css';

export interface ProductGridProps {
  items: SwapItem[];
  selected: number[];
  onToggle(id: number): void;
  /** what the grid is, for a screen reader ("Your active listings") */
  label: string;
  max?: number;
}

/**
 * Listings as a grid of tiles (photo and title) to pick from: each tile a checkbox, toggled by a click, Space
 * or Enter. Once `max` are picked the others cannot be, and say so.
 */
export function ProductGrid({ items, selected, onToggle, label, max = MAX_SWAP_ITEMS }: ProductGridProps) {
  const full = selected.length >= max;
  return (
    <ul className={styles.grid} aria-label={label}>
      {items.map((item) => {
        const checked = selected.includes(item.id);
        const blocked = !checked && full;
        const toggle = () => {
          if (!blocked) onToggle(item.id);
        };
        const onKeyDown = (event: KeyboardEvent) => {
          if (event.key === ' ' || event.key === 'Enter') {
            // Space would scroll the modal's body, Enter would press its OK
            event.preventDefault();
            toggle();
          }
        };
        return (
          <li key={item.id}>
            <div
              role="checkbox"
              aria-checked={checked}
              aria-disabled={blocked || undefined}
              aria-label={item.title}
              tabIndex={0}
              className={styles.tile}
              onClick={toggle}
              onKeyDown={onKeyDown}
            >
              <FallbackImage
                src={item.featured_image?.file_name}
                alt=""
                width={160}
                height={160}
                className={styles.tilePhoto}
              />
              <span className={styles.tileTitle}>{item.title}</span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
