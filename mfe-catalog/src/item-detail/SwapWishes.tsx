import { Tag } from 'antd';
import type { Product } from '@swapstuff/contracts';
import { useAllCategories } from '../categories/api';

/**
 * What a swap-only listing's owner would swap it for (the spec's swapProduct, and ours by category) and
 * whether they take offers with cash (openForOffer), as rows of the item page's facts.
 */
export function SwapWishes({
  product,
}: {
  product: Pick<Product, 'swap_product' | 'swap_category_ids' | 'open_for_offer'>;
}) {
  const categories = useAllCategories();
  const names = product.swap_category_ids
    .map((id) => categories.data?.find((c) => c.id === id)?.name)
    .filter((name): name is string => Boolean(name));
  const wishes = [product.swap_product, ...names].filter(Boolean);
  return (
    <>
      <div>
        <dt>Would swap for</dt>
        <dd>{wishes.length ? wishes.join(' · ') : 'Open to any offer'}</dd>
      </div>
      <div>
        <dt>Cash offers</dt>
        <dd>{product.open_for_offer ? <Tag color="green">Open to offers with cash</Tag> : 'Item for item only'}</dd>
      </div>
    </>
  );
}
