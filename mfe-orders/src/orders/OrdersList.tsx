import { useEffect, useState } from 'react';
import { Card, Pagination, Segmented, Skeleton } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { OrderSwapStatus, orderMessages, type Order, type OrdersInput, partyName } from '@swapstuff/contracts';
import { toast } from '@swapstuff/sdk';
import { EmptyState, LoadError, srOnly } from '@swapstuff/sdk/ui';
import { DisputeDrawer } from '../disputes/DisputeDrawer';
import { DisputeModal } from '../disputes/DisputeModal';
import { AddRatingsDialog } from '../ratings/AddRatingsDialog';
import { errorText } from '../shared/format';
import { ShippingLabelModal } from '../shipping/ShippingLabelModal';
import { ShippingUpdatesDrawer } from '../shipping/ShippingUpdatesDrawer';
import { AddTrackingInfoModal } from './AddTrackingInfoModal';
import {
  downloadLabel,
  useAddTrackingInfo,
  useInitiateShipping,
  useMarkReceived,
  useOrders,
  useRateOrder,
  useShippingData,
  type OrderKind,
} from './api';
import { OrderCard, type OrderCardActions } from './OrderCard';
import { OrderFilterBar, type OrderFilter } from './OrderFilterBar';
import styles from './OrdersList.module.css';
import { markedReceived } from './swapLeg';

/** Orders per page. */
export const ORDERS_PER_PAGE = 10;

const STATUSES: readonly string[] = Object.values(OrderSwapStatus);

/** The two lists of each page (issue 14): buy-now orders, or the legs of swaps (?kind=swap). */
const KINDS: { value: OrderKind; label: string }[] = [
  { value: 'buynow', label: 'Buy now' },
  { value: 'swap', label: 'Swaps' },
];

/**
 * The kind, filter and page the address holds (?kind=swap&search=…&status=…&page=…): Back and a reload keep
 * them. Buy now is the default (no `kind`).
 */
export function readListParams(params: URLSearchParams): OrderFilter & { pageNumber: number; kind: OrderKind } {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    kind: params.get('kind') === 'swap' ? 'swap' : 'buynow',
    search: (params.get('search') ?? '').trim(),
    status: status !== null && STATUSES.includes(status) ? (status as OrderSwapStatus) : null,
    pageNumber: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

export function listParams(filter: OrderFilter, pageNumber = 1, kind: OrderKind = 'buynow'): URLSearchParams {
  const params = new URLSearchParams();
  if (kind === 'swap') params.set('kind', kind);
  if (filter.search) params.set('search', filter.search);
  if (filter.status) params.set('status', filter.status);
  if (pageNumber > 1) params.set('page', String(pageNumber));
  return params;
}

/** What an empty, unfiltered list says will show there. */
const EMPTY_TEXT: Record<OrderKind, Record<OrdersInput['type'], string>> = {
  buynow: {
    purchases: 'What you buy will show here.',
    received: 'The orders for what you sell will show here.',
  },
  swap: {
    purchases: 'The items you receive in swaps will show here.',
    received: 'The items you send in swaps will show here.',
  },
};

type DialogKind = 'updates' | 'label' | 'tracking' | 'rating' | 'createDispute' | 'viewDispute' | 'additionalInfo';

/** The dialog or drawer a card's button opened; kept (closed) while it animates away and gives focus back. */
interface Dialog {
  kind: DialogKind;
  order: Order;
  open: boolean;
}

export interface OrdersListProps {
  /** `received`: the orders of the user's listings (My Orders); `purchases`: what they bought (My Purchases) */
  type: OrdersInput['type'];
}

/**
 * The order card list of My Orders and My Purchases (spec sections 2–4): Buy now or Swaps (issue 14: the legs
 * of the user's swaps, the same cards), the filter bar (search, status, Clear Filter, Search) bound to the
 * address, the cards (red border when action is required) with what their
 * buttons open — Shipping Updates, the Shipping Label (bought when the order has none yet), Add Tracking Info,
 * Add Ratings, Create Dispute, View Dispute, Add Additional Info and a swap leg's Mark as received — paging, and the loading, error and empty
 * states.
 */
export function OrdersList({ type }: OrdersListProps) {
  const [params, setParams] = useSearchParams();
  const { kind, search, status, pageNumber } = readListParams(params);
  const orders = useOrders({ type, search: search || null, status, pageNumber, perPage: ORDERS_PER_PAGE }, kind);
  const markReceived = useMarkReceived();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const filtered = Boolean(search || status);

  const show = (kind: DialogKind) => (order: Order) => setDialog({ kind, order, open: true });
  const close = () => setDialog((current) => current && { ...current, open: false });
  const openFor = (...kinds: DialogKind[]) =>
    dialog !== null && dialog.open && kinds.includes(dialog.kind) ? dialog.order : null;

  const actions: OrderCardActions = {
    onShippingUpdates: show('updates'),
    onPrintLabel: show('label'),
    onAddTrackingInfo: show('tracking'),
    onAddRatings: show('rating'),
    onCreateDispute: show('createDispute'),
    onViewDispute: show('viewDispute'),
    onAddAdditionalInfo: show('additionalInfo'),
    onMarkReceived: async (order) => {
      try {
        await markReceived.mutateAsync({ id: order.id });
        toast.success(markedReceived);
      } catch (err) {
        toast.error(errorText(err));
      }
    },
  };

  const goTo = (filter: OrderFilter, page = 1, to: OrderKind = kind) => setParams(listParams(filter, page, to));

  let content;
  if (orders.isPending) {
    content = (
      <div role="status" aria-busy="true" className={styles.list}>
        <span style={srOnly}>Loading orders…</span>
        {[0, 1, 2].map((i) => (
          <Card key={i} styles={{ body: { padding: 16 } }}>
            <Skeleton active avatar={{ shape: 'square', size: 96 }} paragraph={{ rows: 3 }} />
          </Card>
        ))}
      </div>
    );
  } else if (orders.isLoadingError) {
    content = (
      <LoadError
        title="Orders could not be loaded"
        message={orders.error.message}
        onRetry={() => void orders.refetch()}
        retrying={orders.isFetching}
      />
    );
  } else if (orders.data.orders.length === 0) {
    content = (
      <EmptyState
        title={orderMessages.noOrders}
        description={filtered ? 'No orders match this filter.' : EMPTY_TEXT[kind][type]}
      />
    );
  } else {
    const page = orders.data;
    content = (
      <>
        <ul className={styles.list} aria-label="Orders">
          {page.orders.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} {...actions} />
            </li>
          ))}
        </ul>
        {page.total > page.perPage && (
          <Pagination
            className={styles.pager}
            align="center"
            current={page.pageNumber}
            pageSize={page.perPage}
            total={page.total}
            showSizeChanger={false}
            onChange={(next) => goTo({ search, status }, next)}
          />
        )}
      </>
    );
  }

  const rating = dialog?.kind === 'rating' ? dialog.order : null;
  return (
    <>
      {/* a kind keeps the filter, from its first page */}
      <Segmented<OrderKind>
        className={styles.kinds}
        aria-label="Order kind"
        value={kind}
        options={KINDS}
        onChange={(next) => goTo({ search, status }, 1, next)}
      />
      {/* keyed by the address's filter: Back and Forward show theirs in the bar */}
      <OrderFilterBar
        key={`${search}|${status ?? ''}`}
        initial={{ search, status }}
        onSearch={(filter) => goTo(filter)}
      />
      <div className={styles.results}>{content}</div>

      <ShippingUpdates order={openFor('updates')} onClose={close} />
      <LabelDialog order={openFor('label')} onClose={close} />
      <TrackingDialog order={openFor('tracking')} onClose={close} />
      <RatingDialog order={openFor('rating')} ratedName={rating ? otherName(rating) : undefined} onClose={close} />
      <DisputeModal order={openFor('createDispute')} onClose={close} />
      <DisputeDrawer
        order={openFor('viewDispute', 'additionalInfo')}
        focusForm={dialog?.kind === 'additionalInfo'}
        onClose={close}
      />
    </>
  );
}

const otherName = (order: Order) => partyName(order.role === 'buyer' ? order.seller : order.buyer);

/** Shipping Updates: the parcel's story, asked while the panel is open. */
function ShippingUpdates({ order, onClose }: { order: Order | null; onClose(): void }) {
  const data = useShippingData(order?.id ?? null);
  return (
    <ShippingUpdatesDrawer
      open={order !== null}
      data={data.data ?? null}
      error={data.isLoadingError ? data.error.message : undefined}
      onRetry={() => void data.refetch()}
      onClose={onClose}
    />
  );
}

/**
 * Print Label: the order's label, or, when it has none yet, the one GET /api/initiate/shiping/{id} buys for it
 * now (asked once per opening). Download goes through POST /api/download.
 */
function LabelDialog({ order, onClose }: { order: Order | null; onClose(): void }) {
  const initiate = useInitiateShipping();
  const { mutate } = initiate;
  const orderId = order?.id ?? null;
  const known = order?.label_url ?? null;
  useEffect(() => {
    if (orderId !== null && known === null) mutate({ id: orderId });
  }, [orderId, known, mutate]);

  const asked = orderId !== null && initiate.variables?.id === orderId;
  const fetched = asked ? (initiate.data?.label_url ?? null) : null;
  return (
    <ShippingLabelModal
      open={order !== null}
      labelUrl={known ?? fetched}
      loading={order !== null && known === null && (!asked || initiate.isPending)}
      error={asked && initiate.isError ? initiate.error.message : null}
      download={downloadLabel}
      onClose={onClose}
    />
  );
}

function TrackingDialog({ order, onClose }: { order: Order | null; onClose(): void }) {
  const add = useAddTrackingInfo();
  return (
    <AddTrackingInfoModal
      open={order !== null}
      onSubmit={async (info) => {
        if (!order) return;
        await add.mutateAsync({ orderId: order.id, ...info });
        toast.success(orderMessages.trackingAdded);
      }}
      onClose={onClose}
    />
  );
}

function RatingDialog({
  order,
  ratedName,
  onClose,
}: {
  order: Order | null;
  ratedName: string | undefined;
  onClose(): void;
}) {
  const rate = useRateOrder();
  return (
    <AddRatingsDialog
      open={order !== null}
      ratedName={ratedName}
      onSubmit={async ({ stars, comments }) => {
        if (!order) return;
        await rate.mutateAsync({ order, stars, comments });
        toast.success(orderMessages.rated);
      }}
      onClose={onClose}
    />
  );
}
