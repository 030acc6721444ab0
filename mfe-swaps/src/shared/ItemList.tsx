import { Button, Flex, Typography } from 'antd';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import { Link } from 'react-router-dom';
import { routes } from '@swapstuff/contracts';
import { FallbackImage } from '@swapstuff/sdk/ui';
import type { SwapItem } from './items';
import styles from './swaps.module.css';

export interface ItemListProps {
  items: SwapItem[];
  /** what the list is, for a screen reader ("You offer") */
  label: string;
  /** a remove control on each item */
  onRemove?(id: number): void;
  disabled?: boolean;
  /** the photo's side in px */
  size?: number;
}

/** Listings one under another: photo and title (linking to the item's page), maybe a remove control. */
export function ItemList({ items, label, onRemove, disabled, size = 56 }: ItemListProps) {
  return (
    <ul className={styles.list} aria-label={label} style={{ gap: 8 }}>
      {items.map((item) => (
        <li key={item.id}>
          <Flex gap={10} align="center">
            <FallbackImage
              src={item.featured_image?.file_name}
              alt=""
              width={size}
              height={size}
              style={{ objectFit: 'cover', borderRadius: 6, flex: 'none' }}
            />
            <Link to={routes.itemDetail(item.id)} style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {item.title}
            </Link>
            {onRemove && (
              <Button
                type="text"
                icon={<CloseOutlined aria-hidden />}
                aria-label={`Remove ${item.title}`}
                disabled={disabled}
                onClick={() => onRemove(item.id)}
              />
            )}
          </Flex>
        </li>
      ))}
    </ul>
  );
}

/** The terms' two sides, as their viewer reads them. */
interface Sides {
  my_products: SwapItem[];
  thier_products: SwapItem[];
}

/**
 * What I give and what I get of a swap's terms (an offer, one of its versions), side by side and one under
 * the other on a phone. `compact`: smaller photos, for a version in the View Offer drawer.
 */
export function GiveAndGet({ terms, compact = false }: { terms: Sides; compact?: boolean }) {
  const column = { flex: `1 1 ${compact ? 160 : 200}px`, minWidth: 0 };
  const size = compact ? 40 : 56;
  return (
    <Flex gap={compact ? 12 : 16} wrap>
      <div style={column}>
        <Typography.Text type="secondary">You give</Typography.Text>
        <ItemList items={terms.my_products} label="You give" size={size} />
      </div>
      <div style={column}>
        <Typography.Text type="secondary">You get</Typography.Text>
        <ItemList items={terms.thier_products} label="You get" size={size} />
      </div>
    </Flex>
  );
}
