import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Avatar, Button, Skeleton, Tag, Typography } from 'antd';
import EnvironmentOutlined from '@ant-design/icons/EnvironmentOutlined';
import FlagOutlined from '@ant-design/icons/FlagOutlined';
import CalculatorOutlined from '@ant-design/icons/CalculatorOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import SwapOutlined from '@ant-design/icons/SwapOutlined';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  canChangeListing,
  endpoints,
  ListingStatus,
  listingBadge,
  listingPlace,
  messages,
  listingPriceInFull,
  routes,
  sellerName,
  type Product,
  type ProductDimensions,
} from '@swapstuff/contracts';
import { api, bus, loginUrl, useIsSignedIn, useSession } from '@swapstuff/sdk';
import { EmptyState, LocalDateTime } from '@swapstuff/sdk/ui';
import { DeleteListingButton } from '../listings/DeleteListingButton';
import { LikeButton } from '../listings/LikeButton';
import { SellerName } from '../listings/SellerName';
import { SellerActions } from '../safety/SellerActions';
import { SwapWishes } from './SwapWishes';
import { ShareMenu } from '../listings/ShareMenu';
import { QuestionList } from '../questions/QuestionList';
import { useQuestions } from '../questions/api';
import { useAlreadyReported, useProduct } from './api';
import { Gallery } from './Gallery';
import { ShippingCalculator } from './ShippingCalculator';
import styles from './ItemDetailPage.module.css';

// the dialogs (antd's modal and form) load when opened, never with the page
const AskQuestionDialog = lazy(() => import('./AskQuestionDialog').then((m) => ({ default: m.AskQuestionDialog })));
const ReportDialog = lazy(() => import('../safety/ReportDialog').then((m) => ({ default: m.ReportDialog })));

/** "12 × 8 × 4 in · 2 lb 0 oz" (length × width × height, sizeUnit inches) */
function describeParcel(d: ProductDimensions): string {
  return `${d.length} × ${d.width} × ${d.height} in · ${d.pounds} lb ${d.ounces} oz`;
}

/**
 * A link to a page that needs login: a visitor gets the login popup, which goes on to the page once signed in;
 * the href is the no-script way (log in, then the page).
 */
function SignedInLink({ to, className, children }: { to: string; className: string; children: ReactNode }) {
  const signedIn = useIsSignedIn();
  return (
    <Link
      to={signedIn ? to : loginUrl(to)}
      className={className}
      onClick={(event) => {
        if (signedIn) return;
        event.preventDefault();
        bus.emit('login:open', { callbackUrl: to });
      }}
    >
      {children}
    </Link>
  );
}

/** Buy Now: a link to the listing's checkout (mfe_orders' /checkout/:id). */
function BuyNow({ productId }: { productId: number }) {
  return (
    <SignedInLink to={routes.checkout(productId)} className={styles.secondaryAction}>
      <ShopOutlined aria-hidden /> Buy Now
    </SignedInLink>
  );
}

/** Buy, swap, or (for the owner) edit and delete: what can be done with the listing now. */
function Actions({ product }: { product: Product }) {
  const navigate = useNavigate();
  const viewerId = useSession((s) => s.profile?.userId);

  if (viewerId === product.user.id) {
    if (!canChangeListing(product, viewerId)) return null;
    return (
      <div className={styles.actions}>
        <Button size="large" onClick={() => bus.emit('upload:open', { product })}>
          Edit
        </Button>
        <DeleteListingButton product={product} size="large" onDeleted={() => navigate(routes.myListings)} />
      </div>
    );
  }
  if (product.status !== ListingStatus.Active) return null;
  return (
    <div className={styles.actions}>
      <Link to={routes.swapstuff(product.id)} className={styles.primaryAction}>
        <SwapOutlined aria-hidden /> Swap
      </Link>
      {product.is_buyable === 1 && <BuyNow productId={product.id} />}
    </div>
  );
}

/**
 * The Platform Shipment calculator (spec section 2): what sending this parcel to the viewer's default address
 * costs, as a range over the couriers, for the listing's dimensions or others within its bounds.
 */
function PlatformShipment({ product, signedIn }: { product: Product; signedIn: boolean }) {
  if (!signedIn) {
    return (
      <Button icon={<CalculatorOutlined aria-hidden />} onClick={() => bus.emit('login:open', {})}>
        Estimate shipping
      </Button>
    );
  }
  return (
    <ShippingCalculator
      initialDimensions={product.productdimention}
      onCalculate={(dimensions) => api.call(endpoints.estimatedRates, { productId: product.id, ...dimensions })}
    />
  );
}

function ItemDetail({ product }: { product: Product }) {
  const signedIn = useIsSignedIn();
  const viewerId = useSession((s) => s.profile?.userId);
  const isOwner = viewerId === product.user.id;
  const questions = useQuestions(product.id);
  const reported = useAlreadyReported(product.id, signedIn && !isOwner);
  const [asking, setAsking] = useState(false);
  const [reporting, setReporting] = useState(false);
  const badge = listingBadge(product);
  const dims = product.productdimention;

  // a visitor is asked to log in; the popup reloads this page after
  const whenSignedIn = (open: () => void) => () => (signedIn ? open() : bus.emit('login:open', {}));
  const showReport = !isOwner && reported.data !== true;

  return (
    <article className={styles.page} aria-labelledby="item-title">
      <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
        <Link to={routes.home}>Home</Link>
        <span aria-hidden>›</span>
        <Link to={routes.searchCategory(product.category.id)}>{product.category.name}</Link>
      </nav>
      <div className={styles.layout}>
        <Gallery title={product.title} images={product.images} videos={product.videos} />
        <section className={styles.info}>
          {badge && (
            <Tag color={badge === 'Sold' ? 'red' : 'gold'} className={styles.badge}>
              {badge}
            </Tag>
          )}
          <h1 id="item-title" className={styles.title}>
            {product.title}
          </h1>
          <div className={styles.priceRow}>
            <span className={styles.price}>{listingPriceInFull(product)}</span>
            <div className={styles.priceTools}>
              <LikeButton product={product} />
              <ShareMenu product={product} />
            </div>
          </div>
          <dl className={styles.facts}>
            <div>
              <dt>{product.is_buyable ? 'Category' : 'Swap Category'}</dt>
              <dd>{product.category.name}</dd>
            </div>
            <div>
              <dt>Condition</dt>
              <dd>{product.condition}</dd>
            </div>
            <div>
              <dt>Location</dt>
              <dd>
                <EnvironmentOutlined aria-hidden /> {listingPlace(product)}
              </dd>
            </div>
            {!product.is_buyable && <SwapWishes product={product} />}
            {dims && (
              <div>
                <dt>Parcel</dt>
                <dd>{describeParcel(dims)}</dd>
              </div>
            )}
            <div>
              <dt>Listed</dt>
              <dd>
                <LocalDateTime value={product.created_at} />
              </dd>
            </div>
          </dl>
          <Actions product={product} />
          {product.is_buyable === 1 && dims && product.status === ListingStatus.Active && !isOwner && (
            <PlatformShipment product={product} signedIn={signedIn} />
          )}
          <div className={styles.seller}>
            <Avatar size={44} src={product.user.avatar || undefined} aria-hidden>
              {sellerName(product.user).charAt(0)}
            </Avatar>
            <div>
              <Link to={routes.userProfile(product.user.id)} className={styles.sellerName}>
                <SellerName seller={product.user} />
              </Link>
              <Typography.Text type="secondary">Seller</Typography.Text>
            </div>
            {!isOwner && (
              // issue 16: the conversation about this listing with its seller (mfe_account's /chat)
              <SignedInLink to={routes.chatOn({ productId: product.id })} className={styles.messageSeller}>
                <MessageOutlined aria-hidden /> Message seller
              </SignedInLink>
            )}
            {!isOwner && (
              <div className={styles.sellerActions}>
                <SellerActions userId={product.user.id} name={sellerName(product.user)} />
              </div>
            )}
          </div>
          {showReport && (
            <Button
              type="link"
              className={styles.report}
              icon={<FlagOutlined aria-hidden />}
              onClick={whenSignedIn(() => setReporting(true))}
            >
              Report
            </Button>
          )}
        </section>
      </div>

      <section className={styles.section} aria-labelledby="description-heading">
        <h2 id="description-heading" className={styles.sectionTitle}>
          Description
        </h2>
        <p className={styles.description}>{product.description}</p>
      </section>

      <section className={styles.section} aria-labelledby="questions-heading">
        <div className={styles.sectionHead}>
          <h2 id="questions-heading" className={styles.sectionTitle}>
            Questions
          </h2>
          {!isOwner && <Button onClick={whenSignedIn(() => setAsking(true))}>Ask Questions</Button>}
        </div>
        <QuestionList questions={questions} isOwner={isOwner} />
      </section>

      <Suspense fallback={null}>
        {asking && <AskQuestionDialog product={product} onClose={() => setAsking(false)} />}
        {reporting && <ReportDialog subject={{ listingId: product.id }} onClose={() => setReporting(false)} />}
      </Suspense>
    </article>
  );
}

/** Spec section 2, /item-detail/{id}: the public share link of a listing. */
export function ItemDetailPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);

  if (product.isPending) {
    return (
      <div className={styles.page} role="status" aria-busy="true" aria-label="Loading the item">
        {/* the breadcrumb's line, so the photo is already where it will be */}
        <div className={styles.breadcrumb} aria-hidden>
          &nbsp;
        </div>
        <div className={styles.layout}>
          <div className={styles.skeletonPhoto} />
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      </div>
    );
  }
  if (product.isLoadingError) {
    return product.error.status === 404 ? (
      <EmptyState title={messages.noRecordFound} description="This listing is no longer available." />
    ) : (
      <EmptyState
        title={messages.genericError}
        description={product.error.message}
        action={
          <Button onClick={() => void product.refetch()} loading={product.isFetching}>
            Retry
          </Button>
        }
      />
    );
  }
  return <ItemDetail key={product.data.id} product={product.data} />;
}
