import HeartFilled from '@ant-design/icons/HeartFilled';
import HeartOutlined from '@ant-design/icons/HeartOutlined';
import type { Product } from '@swapstuff/contracts';
import { useSession } from '@swapstuff/sdk';
import { useLike } from './useLike';
import styles from './ListingCard.module.css';

export interface LikeButtonProps {
  product: Pick<Product, 'id' | 'likes_count' | 'title'> & { user: Pick<Product['user'], 'id'> };
  className?: string;
}

/**
 * The heart of a card or the item page: a toggle button that says what it does to screen readers. Not on
 * the owner's own listing: nobody likes their own (the api refuses it too).
 */
export function LikeButton({ product, className }: LikeButtonProps) {
  const { liked, toggle } = useLike(product);
  const isOwner = useSession((s) => s.profile?.userId === product.user.id);
  if (isOwner) return null;
  return (
    <button
      type="button"
      className={`${styles.like} ${liked ? styles.liked : ''} ${className ?? ''}`}
      aria-pressed={liked}
      aria-label={`Like ${product.title}`}
      onClick={(event) => {
        // the heart sits on a card whose image opens the item
        event.preventDefault();
        event.stopPropagation();
        void toggle();
      }}
    >
      {liked ? <HeartFilled aria-hidden /> : <HeartOutlined aria-hidden />}
    </button>
  );
}
