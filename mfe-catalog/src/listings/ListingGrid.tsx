import { Skeleton } from 'antd';
import type { Product } from '@swapstuff/contracts';
import { ListingCard, type ListingLayout } from './ListingCard';
import type { PhotoPriority } from './PhotoCarousel';
import styles from './ListingResults.module.css';

/**
 * The cards themselves and their placeholders, apart from ListingResults' layout switch and pager, so
 * that home (which shows cards but neither) does not download those controls.
 */

/**
 * Cards whose photos load at once: about the first row at desktop width. Only the first asks to come before
 * everything else (the page's largest paint): four at that priority share a phone's slow link and all
 * arrive late.
 */
const EAGER_CARDS = 4;

const photoPriority = (index: number): PhotoPriority =>
  index === 0 ? 'largest' : index < EAGER_CARDS ? 'eager' : 'lazy';

/** Placeholder cards while a page of listings loads. */
export function ListingSkeleton({ layout }: { layout: ListingLayout }) {
  return (
    <div
      className={layout === 'list' ? styles.list : styles.grid}
      role="status"
      aria-busy="true"
      aria-label="Loading listings"
    >
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className={styles.skeleton}>
          <div className={styles.skeletonImage} />
          <div className={styles.skeletonBody}>
            <Skeleton active paragraph={{ rows: 3 }} />
          </div>
        </div>
      ))}
    </div>
  );
}

export interface ListingGridProps {
  products: Product[];
  layout: ListingLayout;
  /** the first page: its first cards' photos load at once */
  firstPage?: boolean;
}

/** Listing cards in the grid or list layout. */
export function ListingGrid({ products, layout, firstPage = true }: ListingGridProps) {
  return (
    <div className={layout === 'list' ? styles.list : styles.grid}>
      {products.map((product, i) => (
        <ListingCard
          key={product.id}
          product={product}
          layout={layout}
          photoPriority={firstPage ? photoPriority(i) : 'lazy'}
        />
      ))}
    </div>
  );
}
