import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import ShareAltOutlined from '@ant-design/icons/ShareAltOutlined';
import type { Product } from '@swapstuff/contracts';

// antd's Dropdown (its Menu, overflow and motion code) loads on the first press of a Share button, not
// with every grid of cards
const ShareDropdown = lazy(() => import('./ShareDropdown'));

export interface ShareMenuProps {
  product: Pick<Product, 'id' | 'title'>;
  size?: 'small' | 'middle';
}

/** The Share button of a card or a listing, and its menu of share targets (ShareDropdown). */
export function ShareMenu({ product, size }: ShareMenuProps) {
  const [pressed, setPressed] = useState(false);
  // after the first press the button is drawn again, inside the menu: it takes the focus back
  const button = (onClick?: () => void) => (
    <Button
      autoFocus={pressed}
      size={size}
      icon={<ShareAltOutlined aria-hidden />}
      aria-label={`Share ${product.title}`}
      aria-haspopup="menu"
      onClick={onClick}
    >
      {size === 'small' ? null : 'Share'}
    </Button>
  );
  if (!pressed) return button(() => setPressed(true));
  return (
    <Suspense fallback={button()}>
      <ShareDropdown product={product}>{button()}</ShareDropdown>
    </Suspense>
  );
}
