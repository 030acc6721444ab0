import { useEffect, useEffectEvent, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Alert, Button, Flex, Result, Skeleton, Tag, Typography } from 'antd';
import CreditCardOutlined from '@ant-design/icons/CreditCardOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  courierFee,
  ListingStatus,
  listingPriceInFull,
  messages,
  orderMessages,
  routes,
  type CourierRateView,
  type Order,
  type Product,
} from '@swapstuff/contracts';
import { ApiError, browser, toast, useSession, webUrl, withRedirect } from '@swapstuff/sdk';
import { addressLine, CardRadioList, cardUsable, Section, useAddresses, useCards } from '@swapstuff/sdk/checkout';
import { FallbackImage, LoadError, PageFrame, srOnly } from '@swapstuff/sdk/ui';
import { CourierPanel } from '../shipping/CourierPanel';
import { errorText, formatDollars } from '../shared/format';
import { AddressDialog } from './AddressDialog';
import { couriersKey, useCheckoutProduct, useCouriers, useFeeQuote, useInitializePayment, usePlaceOrder } from './api';
import { checkoutBreakdown, formatCents, quotedBreakdown, type Breakdown } from './price';
import { clearChoices, pickChosen, readChoices, writeChoices, type CheckoutChoices } from './state';

const isApiError = (err: unknown, status: number, message?: string): err is ApiError =>
  err instanceof ApiError && err.status === status && (message === undefined || err.message === message);

/** A link that looks like antd's primary button (a link, not a button: it goes somewhere). */
const linkButton: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  height: 40,
  padding: '0 20px',
  borderRadius: 8,
  background: 'var(--ant-color-primary)',
  color: '#fff',
  fontWeight: 600,
};

/** Where the checkout cannot go on: the reason and a way back. */
function Notice({ title, to, label }: { title: string; to: string; label: string }) {
  return (
    <div role="status">
      <Result
        status="warning"
        title={title}
        extra={
          <Link to={to} style={linkButton}>
            {label}
          </Link>
        }
      />
    </div>
  );
}

/** What keeps a listing from being bought by this user now, or null. */
function whyNotBuyable(product: Product, viewerId: number | undefined): string | null {
  if (product.user.id === viewerId) return orderMessages.ownListing;
  if (product.is_buyable !== 1) return orderMessages.listingNotBuyable;
  if (product.status !== ListingStatus.Active) return orderMessages.listingNotAvailable;
  return null;
}

/**
 * /checkout/:id (issue 13; spec sections 2–5, 7–9): buying a listing now. One page of steps: the listing,
 * its quantity (one), the delivery address (the Preferred delivery address dialog), the courier (the
 * courier selection panel, quoted for that address), the card, and the price (item, shipping, platform
 * fee, discount, total) with Pay. Pay authorizes the payment (initialize-payment) and places the order
 * (confirm-payment); a card whose bank wants the holder to authenticate goes to the bank's page, which
 * comes back here with `?payment_intent=pi_…`, and the order is placed then, once.
 */
export function CheckoutPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const viewerId = useSession((s) => s.profile?.userId);
  const product = useCheckoutProduct(id);
  const placeOrder = usePlaceOrder();
  const [sold, setSold] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);

  /** The order is placed: the purchases show it. */
  const placed = (_order: Order) => {
    // kept under the listing's own id (the path's "05" is listing 5)
    clearChoices(String(product.data?.id ?? id));
    toast.success(orderMessages.orderPlaced);
    navigate(routes.myPurchases, { replace: true });
  };

  /** Someone else bought it first: nothing to choose any more. Anything else is said next to Pay. */
  const failed = (err: unknown) => {
    if (isApiError(err, 409, orderMessages.listingNotAvailable)) setSold(true);
    else setPayError(errorText(err));
  };

  // back from the bank's page: the payment is confirmed once, however often this effect runs (strict
  // mode runs it twice; both runs share the one request and only the live one acts on its answer)
  const paymentIntentId = params.get('payment_intent');
  const settleReturn = useEffectEvent((outcome: { order: Order } | { error: unknown }) => {
    if ('order' in outcome) return placed(outcome.order);
    failed(outcome.error);
    // a reload or a shared link never confirms the same payment again
    navigate({ pathname }, { replace: true });
  });
  useEffect(() => {
    if (!paymentIntentId) return;
    let live = true;
    placeOrder(paymentIntentId).then(
      (order) => live && settleReturn({ order }),
      (error: unknown) => live && settleReturn({ error }),
    );
    return () => {
      live = false;
    };
  }, [paymentIntentId, placeOrder]);

  let content: ReactNode;
  if (sold) {
    content = <Notice title={orderMessages.listingNotAvailable} to={routes.home} label="Check Out New Items" />;
  } else if (product.isPending) {
    content = (
      <div role="status" aria-busy="true">
        <span style={srOnly}>Loading the checkout…</span>
        <Skeleton active avatar paragraph={{ rows: 6 }} />
      </div>
    );
  } else if (product.isLoadingError) {
    content =
      product.error.status === 404 ? (
        <Notice title={messages.noRecordFound} to={routes.home} label="Check Out New Items" />
      ) : (
        <LoadError
          title="The checkout could not be loaded"
          message={product.error.message}
          onRetry={() => void product.refetch()}
          retrying={product.isFetching}
        />
      );
  } else {
    const notBuyable = paymentIntentId ? null : whyNotBuyable(product.data, viewerId);
    content = notBuyable ? (
      <Notice title={notBuyable} to={routes.itemDetail(product.data.id)} label="Back to the item" />
    ) : (
      <CheckoutSteps
        key={product.data.id}
        product={product.data}
        finishing={paymentIntentId !== null}
        payError={payError}
        onPayError={setPayError}
        onPlaced={placed}
        onFailed={failed}
      />
    );
  }

  return (
    <PageFrame title="Checkout">
      {paymentIntentId && !sold && (
        <Alert
          type="info"
          showIcon
          role="status"
          title="Finishing your payment…"
          description="Your bank has answered. Placing your order now."
          style={{ marginBottom: 16 }}
        />
      )}
      {content}
    </PageFrame>
  );
}

interface CheckoutStepsProps {
  product: Product;
  /** back from the bank: the order is being placed, nothing is chosen meanwhile */
  finishing: boolean;
  payError: string | null;
  onPayError(message: string | null): void;
  onPlaced(order: Order): void;
  onFailed(err: unknown): void;
}

type Stage = 'idle' | 'paying' | 'redirecting';

function CheckoutSteps({ product, finishing, payError, onPayError, onPlaced, onFailed }: CheckoutStepsProps) {
  const listingId = String(product.id);
  const here = routes.checkout(product.id);
  const navigate = useNavigate();
  const client = useQueryClient();
  const addresses = useAddresses();
  const cards = useCards();
  const quote = useFeeQuote(product.sales_price);
  const initialize = useInitializePayment();
  const placeOrder = usePlaceOrder();
  const [choices, setChoices] = useState<CheckoutChoices>(() => readChoices(listingId));
  // what initialize answered for these choices (kept over the bank's page): the amounts to show
  const [authorized, setAuthorized] = useState(() =>
    choices.pending ? { key: choices.pending.key, amounts: choices.pending.amounts } : null,
  );
  const [choosingAddress, setChoosingAddress] = useState(false);
  const [choosingCourier, setChoosingCourier] = useState(false);
  const [stage, setStage] = useState<Stage>('idle');
  const paying = useRef(false);

  /** A choice made: kept in the tab's storage at once (the next step may leave the page). */
  const choose = (change: (was: CheckoutChoices) => CheckoutChoices) => {
    const next = change(choices);
    writeChoices(listingId, next);
    setChoices(next);
    onPayError(null);
  };

  const address = addresses.data
    ? pickChosen(
        addresses.data,
        (a) => a.id,
        (a) => a.featured === 1,
        choices.addressId,
        choices.knownAddressIds,
      )
    : undefined;
  const card = cards.data
    ? pickChosen(
        cards.data,
        (c) => c.id,
        (c) => c.is_default === 1,
        choices.cardId,
        choices.knownCardIds,
        cardUsable,
      )
    : undefined;
  // a rate is quoted for one address: another address needs a courier of its own
  const rate = address && choices.rate?.addressId === address.id ? choices.rate.rate : null;

  const couriers = useCouriers(product.id, address?.id, choosingCourier);
  const noCouriers = isApiError(couriers.error, 422);
  const panelRates = couriers.isFetching ? null : noCouriers ? [] : (couriers.data ?? null);
  const panelError = couriers.isError && !noCouriers && !couriers.isFetching ? couriers.error.message : undefined;

  const key = `${address?.id}:${rate?.object_id}:${card?.id}`;
  const breakdown: Breakdown | null =
    authorized?.key === key
      ? checkoutBreakdown(authorized.amounts)
      : quote.data
        ? quotedBreakdown(quote.data, rate)
        : null;
  const total = breakdown?.total ?? null;
  const busy = stage !== 'idle' || finishing;
  const ready = Boolean(address && rate && card) && total !== null && !busy;

  const addAddress = () => {
    choose((c) => ({ ...c, knownAddressIds: addresses.data?.map((a) => a.id) ?? [] }));
    navigate(withRedirect(routes.address, here));
  };
  const addCard = () => {
    choose((c) => ({ ...c, knownCardIds: cards.data?.map((c) => c.id) ?? [] }));
    navigate(withRedirect(routes.paymentMethods, here));
  };

  const courierChosen = (chosen: CourierRateView) => {
    if (!address) return;
    choose((c) => ({ ...c, rate: { addressId: address.id, rate: chosen } }));
    setChoosingCourier(false);
  };

  /** The courier quoted has expired (or is not this address's): a fresh quote, and the panel again. */
  const chooseCourierAgain = () => {
    if (!address) return;
    client.removeQueries({ queryKey: couriersKey(product.id, address.id) });
    choose((c) => ({ ...c, rate: undefined }));
    setChoosingCourier(true);
  };

  const pay = async () => {
    if (!ready || !address || !rate || !card || paying.current) return;
    paying.current = true;
    onPayError(null);
    setStage('paying');
    try {
      const { checkout } = await initialize.mutateAsync({
        productId: product.id,
        addressId: address.id,
        rateId: rate.object_id,
        paymentMethodId: card.id,
        quantity: 1,
      });
      setAuthorized({ key, amounts: checkout.amounts });
      if (checkout.status === 'requires_action') {
        const redirectUrl = webUrl(checkout.redirectUrl);
        if (!redirectUrl) throw new Error('no page to authenticate the payment on');
        const pending = { paymentIntentId: checkout.paymentIntentId, key, amounts: checkout.amounts };
        writeChoices(listingId, { ...choices, pending });
        setStage('redirecting');
        browser.assign(redirectUrl);
        return;
      }
      onPlaced(await placeOrder(checkout.paymentIntentId));
    } catch (err) {
      paying.current = false;
      setStage('idle');
      if (isApiError(err, 400, orderMessages.chooseCourier)) {
        chooseCourierAgain();
      } else if (isApiError(err, 404)) {
        // a card or an address gone meanwhile (deleted in another tab) leaves its list
        void cards.refetch();
        void addresses.refetch();
      }
      onFailed(err);
    }
  };

  const payLabel = total === null ? 'Pay' : `Pay ${formatCents(total)}`;
  /** what Pay waits for, said under it */
  const missing = !address
    ? orderMessages.addressRequired
    : !rate
      ? orderMessages.chooseCourier
      : !card
        ? 'Please choose a card'
        : null;

  return (
    <Flex gap={16} wrap align="start">
      <Flex vertical gap={16} style={{ flex: '1 1 420px', minWidth: 0 }}>
        <ListingSummary product={product} />

        <Section
          title="Delivery address"
          action={
            <Button onClick={() => setChoosingAddress(true)} disabled={busy}>
              Change
            </Button>
          }
        >
          {addresses.isPending ? (
            <Skeleton active title={false} paragraph={{ rows: 1 }} />
          ) : addresses.isLoadingError ? (
            <LoadError
              title={messages.addressesLoadFailed}
              message={addresses.error.message}
              onRetry={() => void addresses.refetch()}
              retrying={addresses.isFetching}
            />
          ) : address ? (
            <address style={{ fontStyle: 'normal', overflowWrap: 'anywhere' }}>
              {addressLine(address)}
              {address.featured === 1 && <Tag style={{ marginLeft: 8 }}>Default</Tag>}
            </address>
          ) : (
            <Typography.Text type="secondary">{orderMessages.addressRequired}</Typography.Text>
          )}
        </Section>

        <Section
          title="Courier"
          action={
            <Button onClick={() => setChoosingCourier(true)} disabled={!address || busy}>
              Choose Courier
            </Button>
          }
        >
          {rate ? (
            <CourierSummary rate={rate} />
          ) : (
            <Typography.Text type="secondary">
              {address ? orderMessages.chooseCourier : 'Choose a delivery address first'}
            </Typography.Text>
          )}
        </Section>

        <Section
          title="Payment"
          action={
            <Button icon={<CreditCardOutlined aria-hidden />} onClick={addCard} disabled={busy}>
              Add a new card
            </Button>
          }
        >
          <CardRadioList
            cards={cards}
            value={card?.id}
            disabled={busy}
            onChange={(cardId) => choose((c) => ({ ...c, cardId, knownCardIds: undefined }))}
          />
        </Section>
      </Flex>

      <div style={{ flex: '1 1 280px', minWidth: 0, maxWidth: '100%' }}>
        <Section title="Order summary">
          {quote.isLoadingError && !breakdown ? (
            <LoadError
              title="The price could not be loaded"
              message={quote.error.message}
              onRetry={() => void quote.refetch()}
              retrying={quote.isFetching}
            />
          ) : breakdown ? (
            <PriceBreakdown breakdown={breakdown} />
          ) : (
            <div role="status" aria-busy="true">
              <span style={srOnly}>Loading the price…</span>
              <Skeleton active title={false} paragraph={{ rows: 4 }} />
            </div>
          )}
          {payError && <Alert type="error" showIcon role="alert" title={payError} style={{ marginTop: 12 }} />}
          {stage === 'redirecting' && (
            <Alert
              type="info"
              showIcon
              role="status"
              title="Taking you to your bank to confirm this payment…"
              style={{ marginTop: 12 }}
            />
          )}
          <Button
            type="primary"
            size="large"
            block
            style={{ marginTop: 16 }}
            disabled={!ready}
            loading={stage !== 'idle' || finishing}
            onClick={() => void pay()}
          >
            {payLabel}
          </Button>
          {!busy && missing && (
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 13 }}>
              {missing}
            </Typography.Paragraph>
          )}
        </Section>
      </div>

      <AddressDialog
        open={choosingAddress}
        addresses={addresses}
        chosenId={address?.id}
        onCancel={() => setChoosingAddress(false)}
        onAdd={addAddress}
        onNext={(chosen) => {
          choose((c) => ({
            ...c,
            addressId: chosen.id,
            knownAddressIds: undefined,
            rate: c.rate?.addressId === chosen.id ? c.rate : undefined,
          }));
          setChoosingAddress(false);
        }}
      />
      <CourierPanel
        open={choosingCourier}
        rates={panelRates}
        error={panelError}
        onRetry={() => void couriers.refetch()}
        onOk={courierChosen}
        onCancel={() => setChoosingCourier(false)}
      />
    </Flex>
  );
}

/** The listing: its photo, title and price, and the quantity (one of each item, always). */
function ListingSummary({ product }: { product: Product }) {
  const photo = product.featured_image?.file_name ?? product.images[0]?.file_name;
  return (
    <Section title="Item">
      <Flex gap={12} align="start">
        <FallbackImage
          src={photo}
          alt=""
          width={80}
          height={80}
          loading="eager"
          style={{ objectFit: 'cover', borderRadius: 8, flex: 'none' }}
        />
        <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Link to={routes.itemDetail(product.id)} style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {product.title}
          </Link>
          <Typography.Text strong>{listingPriceInFull(product)}</Typography.Text>
          <Typography.Text type="secondary">Quantity: 1</Typography.Text>
        </Flex>
      </Flex>
    </Section>
  );
}

/** The courier chosen: its logo, name and service, what it charges, and its terms. */
function CourierSummary({ rate }: { rate: CourierRateView }) {
  return (
    <Flex gap={12} align="center">
      <FallbackImage
        src={rate.provider_image_200}
        alt=""
        width={40}
        height={40}
        style={{ objectFit: 'contain', flex: 'none' }}
      />
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong>
          {rate.name} {rate.service} · {formatDollars(courierFee(rate))}
        </Typography.Text>
        {rate.included_insurance_price > 0 && (
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            insured for you by Swapstuff
          </Typography.Text>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 13, whiteSpace: 'normal' }}>
          {rate.duration_terms}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

/** Item, Shipping, Platform fee, Discount and Total (spec section 9's total, plus the courier's amount). */
function PriceBreakdown({ breakdown }: { breakdown: Breakdown }) {
  const rows: [string, string][] = [
    ['Item', formatCents(breakdown.item)],
    ['Shipping', breakdown.shipping === null ? 'Choose a courier' : formatCents(breakdown.shipping)],
    ['Platform fee', formatCents(breakdown.fee)],
    ['Discount', breakdown.discount > 0 ? `-${formatCents(breakdown.discount)}` : formatCents(0)],
  ];
  const line: CSSProperties = { display: 'flex', justifyContent: 'space-between', gap: 12, margin: 0 };
  return (
    <dl aria-label="Price breakdown" style={{ margin: 0, display: 'grid', gap: 8 }}>
      {rows.map(([label, value]) => (
        <div key={label} style={line}>
          <dt style={{ color: 'var(--ant-color-text-secondary)' }}>{label}</dt>
          <dd style={{ margin: 0, textAlign: 'right' }}>{value}</dd>
        </div>
      ))}
      <div style={{ ...line, paddingTop: 8, borderTop: '1px solid var(--ant-color-border)', fontWeight: 600 }}>
        <dt>Total</dt>
        <dd style={{ margin: 0, textAlign: 'right' }}>
          {breakdown.total === null ? '—' : formatCents(breakdown.total)}
        </dd>
      </div>
    </dl>
  );
}
