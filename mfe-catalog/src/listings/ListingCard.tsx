import { lazy, Suspense, useState } from 'react';
import { Button, Tag } from 'antd';
import EnvironmentOutlined from '@ant-design/icons/EnvironmentOutlined';
import { Link } from 'react-router-dom';
import {
  canChangeListing,
  categoryLabel,
  listingBadge,
  listingPlace,
  listingPrice,
  routes,
  type Product,
} from '@swapstuff/contracts';
import { bus, useSession } from '@swapstuff/sdk';
import { LikeButton } from './LikeButton';
import { SellerName } from './SellerName';
import { PhotoCarousel, type PhotoPriority } from './PhotoCarousel';
import { ShareMenu } from './ShareMenu';
import styles from './ListingCard.module.css';

// Only the owner's cards have Delete: its confirmation (Popconfirm) loads with the first of them, not for visitors.
const DeleteListingButton = lazy(() =>
  import('./DeleteListingButton').then((m) => ({ default: m.DeleteListingButton })),
);
// opened from a card now and then: its dialog and question list load on the first open, not with every grid
const QuestionsModal = lazy(() => import('../questions/QuestionsModal').then((m) => ({ default: m.QuestionsModal })));

export type ListingLayout = 'grid' | 'list';

/**
 * How wide a card's photo is drawn (ListingResults.module.css, ListingCard.module.css), so that the browser
 * takes the narrowest variant that is sharp: within the page's 16 px margins (1,168 px at most), columns of
 * at least 230 px, 16 px apart (10 px in a phone's two), each card with a 1 px border: two columns up to
 * 753 px, three up to 999, then four. A phone's two columns are 50vw − 23px; the first rule says 3 px less,
 * so that a phone at 1.75× (412 px wide: 183 px drawn) takes the 320 px photo, not the 640 px one (a 0.1%
 * stretch no one sees, about 20 KB less per card). e2e/tests/photo-sizes.spec.ts measures each rule against
 * the drawn width. 220 px (120 px on a phone) in the list layout.
 */
const GRID_PHOTO_SIZES =
  '(max-width: 753px) calc(50vw - 26px), (max-width: 999px) calc(33.33vw - 23.33px), ' +
  '(max-width: 1199px) calc(25vw - 22px), 278px';
const LIST_PHOTO_SIZES = '(max-width: 575px) 120px, 220px';

export interface ListingCardProps {
  product: Product;
  layout: ListingLayout;
  /** when its first photo loads (PhotoCarousel) */
  photoPriority?: PhotoPriority;
}

/** The owner's row (spec section 2): Edit and Delete while Active, View Questions always. */
function OwnerActions({ product }: { product: Product }) {
  const viewerId = useSession((s) => s.profile?.userId);
  const [questionsOpen, setQuestionsOpen] = useState(false);
  const changeable = canChangeListing(product, viewerId);

  return (
    <div className={styles.owner}>
      {changeable && (
        <>
          <Button size="small" onClick={() => bus.emit('upload:open', { product })}>
            Edit
          </Button>
          <Suspense
            fallback={
              <Button size="small" danger disabled>
                Delete
              </Button>
            }
          >
            <DeleteListingButton product={product} size="small" />
          </Suspense>
        </>
      )}
      <Button size="small" onClick={() => setQuestionsOpen(true)}>
        View Questions{product.questions_count ? ` (${product.questions_count})` : ''}
      </Button>
      {questionsOpen && (
        <Suspense fallback={null}>
          <QuestionsModal product={product} onClose={() => setQuestionsOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * A listing card (spec section 2) in the grid or list layout: like heart, photo carousel, city and state,
 * seller, price, category label, View Details and the share menu; the owner's card adds Edit, Delete and
 * View Questions. A swapped buyable listing reads Sold.
 */
export function ListingCard({ product, layout, photoPriority }: ListingCardProps) {
  const viewerId = useSession((s) => s.profile?.userId);
  const isOwner = viewerId === product.user.id;
  const badge = listingBadge(product);
  const detail = routes.itemDetail(product.id);
  const headingId = `listing-${product.id}-title`;

  return (
    <article className={`${styles.card} ${layout === 'list' ? styles.list : ''}`} aria-labelledby={headingId}>
      <div className={styles.media}>
        <PhotoCarousel
          images={product.images}
          title={product.title}
          sizes={layout === 'list' ? LIST_PHOTO_SIZES : GRID_PHOTO_SIZES}
          priority={photoPriority}
        />
        {badge && (
          <Tag className={styles.badge} color={badge === 'Sold' ? 'red' : 'gold'}>
            {badge}
          </Tag>
        )}
        <LikeButton product={product} className={styles.likeOnPhoto} />
      </div>
      <div className={styles.body}>
        <div className={styles.price}>{listingPrice(product)}</div>
        <h3 id={headingId} className={styles.title}>
          <Link to={detail}>{product.title}</Link>
        </h3>
        <div className={styles.category}>{categoryLabel(product)}</div>
        <div className={styles.meta}>
          <span className={styles.place}>
            <EnvironmentOutlined aria-hidden /> {listingPlace(product)}
          </span>
          <SellerName seller={product.user} className={styles.seller} />
        </div>
        <div className={styles.actions}>
          <Link to={detail} className={styles.details}>
            View Details
          </Link>
          <ShareMenu product={product} size="small" />
        </div>
        {isOwner && <OwnerActions product={product} />}
      </div>
    </article>
  );
}
