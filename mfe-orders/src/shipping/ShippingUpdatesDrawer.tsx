import { useId } from 'react';
import { Alert, Descriptions, Drawer, Empty, Flex, Skeleton, Tag, Timeline, Typography } from 'antd';
import { formatDate, type ShipmentStatus, type ShippingData, type ShippingHistoryEntry } from '@swapstuff/contracts';
import { FallbackImage, LoadError, LocalDateTime, srOnly } from '@swapstuff/sdk/ui';

export interface ShippingUpdatesDrawerProps {
  open: boolean;
  /** the parcel's story; null while it loads */
  data: ShippingData | null;
  /** why it could not be loaded (the api's Description) */
  error?: string;
  /** asks again; without it the error shows no Retry */
  onRetry?(): void;
  onClose(): void;
}

/** The shipment statuses (spec section 4) as people read them. */
export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  PRE_TRANSIT: 'Pre-transit',
  TRANSIT: 'In transit',
  DELIVERED: 'Delivered',
  RETURNED: 'Returned',
  FAILURE: 'Failure',
  UNKNOWN: 'Unknown',
};

const STATUS_COLORS: Record<ShipmentStatus, string> = {
  PRE_TRANSIT: 'gray',
  TRANSIT: 'blue',
  DELIVERED: 'green',
  RETURNED: 'red',
  FAILURE: 'red',
  UNKNOWN: 'gray',
};

export function shipmentStatusLabel(status: string): string {
  return SHIPMENT_STATUS_LABELS[status as ShipmentStatus] ?? SHIPMENT_STATUS_LABELS.UNKNOWN;
}

/** Spec section 4: a buy-now order's current_status "1" reads Delivered, anything else In Process. */
export function currentStatusLabel(currentStatus: string): string {
  return currentStatus === '1' ? 'Delivered' : 'In Process';
}

/**
 * When an entry happened, as a time (ms): its ISO `status_at`, else its date and time as sent; NaN when
 * neither can be read.
 */
function entryTime(entry: ShippingHistoryEntry): number {
  const at = entry.status_at ? Date.parse(entry.status_at) : NaN;
  if (!Number.isNaN(at)) return at;
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(entry.status_date) && entry.status_time;
  return Date.parse(iso ? `${entry.status_date}T${entry.status_time}` : `${entry.status_date} ${entry.status_time}`);
}

/**
 * The history newest first. Entries are put in order by when they happened when every one of them can be
 * read; otherwise the api's order (a carrier's tracking history, oldest first) is turned round.
 */
export function newestFirst(history: readonly ShippingHistoryEntry[]): ShippingHistoryEntry[] {
  const times = history.map(entryTime);
  if (times.some((t) => Number.isNaN(t))) return [...history].reverse();
  return history
    .map((entry, i) => ({ entry, time: times[i], i }))
    .sort((a, b) => b.time - a.time || b.i - a.i)
    .map(({ entry }) => entry);
}

/** The ETA as the site writes dates (spec section 9) when it is one; as sent otherwise. */
function etaText(eta: string | null): string {
  if (!eta) return 'Not known yet';
  return Number.isNaN(Date.parse(eta)) ? eta : formatDate(eta);
}

/**
 * The Shipping Updates side panel (spec sections 2, 3 and 4): the item, its ETA, its current status, where
 * it goes from and to, and its tracking history newest first (date, time, status, details, city).
 */
export function ShippingUpdatesDrawer({ open, data, error, onRetry, onClose }: ShippingUpdatesDrawerProps) {
  return (
    <Drawer
      open={open}
      title="Shipping Updates"
      placement="right"
      // the whole width of a phone, 420 px beside a page
      size="min(420px, 100vw)"
      onClose={onClose}
      destroyOnHidden
    >
      {error ? (
        onRetry ? (
          <LoadError title="Shipping updates could not be loaded" message={error} onRetry={onRetry} />
        ) : (
          <Alert type="error" showIcon title="Shipping updates could not be loaded" description={error} />
        )
      ) : !data ? (
        <div role="status" aria-busy="true">
          <span style={srOnly}>Loading shipping updates…</span>
          <Skeleton active avatar paragraph={{ rows: 2 }} />
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      ) : (
        <ShippingUpdates data={data} />
      )}
    </Drawer>
  );
}

function ShippingUpdates({ data }: { data: ShippingData }) {
  const { product_detail: product, order_detail: detail } = data;
  const history = newestFirst(detail.history);
  const delivered = detail.current_status === '1';
  const historyTitleId = useId();
  return (
    <Flex vertical gap={20}>
      <Flex gap={12} align="center">
        <FallbackImage
          src={product.featured_image?.file_name}
          alt=""
          width={56}
          height={56}
          style={{ objectFit: 'cover', borderRadius: 8, flex: 'none' }}
        />
        <Typography.Text strong style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {product.title}
        </Typography.Text>
      </Flex>
      <Descriptions
        column={1}
        size="small"
        colon={false}
        // antd's labels are 45 % black, 3.4:1 on white: the theme's secondary text reads at 5.7:1
        styles={{ label: { color: 'rgba(0, 0, 0, 0.65)' } }}
        items={[
          { key: 'eta', label: 'Estimated delivery', children: etaText(detail.eta) },
          {
            key: 'status',
            label: 'Current status',
            children: (
              <Tag color={delivered ? '#2b7a3b' : '#1c5fa8'} style={{ margin: 0 }}>
                {currentStatusLabel(detail.current_status)}
              </Tag>
            ),
          },
          ...(detail.shipment_status
            ? [{ key: 'tracking', label: 'Tracking status', children: shipmentStatusLabel(detail.shipment_status) }]
            : []),
          ...(detail.carrier || detail.tracking_number
            ? [
                {
                  key: 'number',
                  label: 'Tracking number',
                  children: [detail.carrier, detail.tracking_number].filter(Boolean).join(' · '),
                },
              ]
            : []),
          { key: 'from', label: 'Sender address', children: detail.sender_address || '—' },
          { key: 'to', label: 'Delivery address', children: detail.delivery_address || '—' },
        ]}
      />
      <section aria-labelledby={historyTitleId}>
        <Typography.Title level={5} id={historyTitleId} style={{ marginTop: 0 }}>
          Tracking history
        </Typography.Title>
        {history.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No tracking updates yet" />
        ) : (
          <Timeline
            items={history.map((entry, i) => ({
              key: i,
              color: STATUS_COLORS[entry.ship_status] ?? 'gray',
              content: <HistoryEntry entry={entry} />,
            }))}
          />
        )}
      </section>
    </Flex>
  );
}

/** The entry's date and time in the viewer's time zone (its status_at), or as the api wrote them. */
function EntryWhen({ entry }: { entry: ShippingHistoryEntry }) {
  if (entry.status_at && !Number.isNaN(Date.parse(entry.status_at))) return <LocalDateTime value={entry.status_at} />;
  return (
    <>
      {entry.status_date} · {entry.status_time}
    </>
  );
}

function HistoryEntry({ entry }: { entry: ShippingHistoryEntry }) {
  return (
    <Flex vertical gap={2} data-testid="shipping-history-entry">
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        <EntryWhen entry={entry} />
      </Typography.Text>
      <Typography.Text strong>{shipmentStatusLabel(entry.ship_status)}</Typography.Text>
      {entry.status_details && <Typography.Text>{entry.status_details}</Typography.Text>}
      {entry.location?.city && (
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {entry.location.city}
        </Typography.Text>
      )}
    </Flex>
  );
}
