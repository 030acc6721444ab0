import { useId, useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Flex, Form, Input, Skeleton, Tag, Timeline, Typography } from 'antd';
import { Money, orderMessages, type DisputeView, type Order } from '@swapstuff/contracts';
import { ApiError, toast } from '@swapstuff/sdk';
import { FallbackImage, LoadError, LocalDateTime, srOnly } from '@swapstuff/sdk/ui';
import { useDispute, useDisputeAdditional } from '../orders/api';
import { errorText } from '../shared/format';
import { PhotoPicker, usePhotoUploads } from './PhotoPicker';
import styles from './disputes.module.css';

export interface DisputeDrawerProps {
  /** the order whose dispute is shown; null: closed */
  order: Order | null;
  /** opened by Add Additional Info: the message box takes the focus */
  focusForm?: boolean;
  onClose(): void;
}

type Entry = DisputeView['timeline'][number];

const WHO: Record<Entry['by'], string> = { buyer: 'Buyer', seller: 'Seller', support: 'Support' };
const WHAT: Record<Entry['kind'], string> = {
  opened: 'opened the dispute',
  additional: 'added information',
  edited: 'edited the dispute',
  resolved: 'resolved the dispute',
  support: 'wrote to both sides',
  asked: 'asked for more information',
};
const COLORS: Record<Entry['kind'], string> = {
  opened: 'red',
  additional: 'blue',
  edited: 'gray',
  resolved: 'green',
  support: 'purple',
  asked: 'orange',
};

/** The dispute's text, as the api's rules measure it. */
const MESSAGE_MAX = 1000;

/** "Buyer (you)": who wrote an entry, as the viewer reads it. */
const whoText = (entry: Entry, order: Order) => `${WHO[entry.by]}${entry.by === order.role ? ' (you)' : ''}`;

/**
 * View Dispute and Add Additional Info (issue 13): an order's dispute as both sides see it — its type, state
 * and the timeline of who said what (buyer, seller or support), with their photos and when — and, while the
 * dispute is open, a form to add text and photos to it (POST /api/dispute/additional). The whole width of a
 * phone; 480 px beside a page.
 */
export function DisputeDrawer({ order, focusForm, onClose }: DisputeDrawerProps) {
  return (
    <Drawer
      open={order !== null}
      title="Dispute"
      placement="right"
      size="min(480px, 100vw)"
      onClose={onClose}
      destroyOnHidden
    >
      {order && <DisputeContent order={order} focusForm={focusForm} />}
    </Drawer>
  );
}

function DisputeContent({ order, focusForm }: { order: Order; focusForm?: boolean }) {
  const dispute = useDispute(order.id);
  if (dispute.isPending) {
    return (
      <div role="status" aria-busy="true">
        <span style={srOnly}>Loading the dispute…</span>
        <Skeleton active paragraph={{ rows: 2 }} />
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  }
  if (dispute.isLoadingError) {
    return (
      <LoadError
        title="The dispute could not be loaded"
        message={dispute.error.message}
        onRetry={() => void dispute.refetch()}
        retrying={dispute.isFetching}
      />
    );
  }
  const view = dispute.data;
  const open = view.status === 'open';
  return (
    <Flex vertical gap={20}>
      <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
        {order.product_detail.title}
      </Typography.Text>
      <Descriptions
        column={1}
        size="small"
        colon={false}
        items={[
          { key: 'type', label: 'Type', children: view.disputeType },
          {
            key: 'status',
            label: 'Status',
            children: (
              <Tag color={open ? 'warning' : 'success'} style={{ margin: 0 }}>
                {open ? 'Open' : 'Resolved'}
              </Tag>
            ),
          },
          { key: 'opened', label: 'Opened', children: <LocalDateTime value={view.created_at} /> },
          ...(view.refund !== null
            ? [{ key: 'refund', label: 'Refunded', children: Money.format(Money.parse(view.refund)) }]
            : []),
        ]}
      />
      <DisputeTimeline dispute={view} order={order} />
      {open ? (
        <AdditionalInfoForm order={order} autoFocus={focusForm} />
      ) : (
        <Alert type="info" showIcon title={orderMessages.disputeClosed} />
      )}
    </Flex>
  );
}

function DisputeTimeline({ dispute, order }: { dispute: DisputeView; order: Order }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Typography.Title level={3} id={titleId} style={{ fontSize: 16, marginTop: 0 }}>
        Timeline
      </Typography.Title>
      <Timeline
        items={dispute.timeline.map((entry) => ({
          key: entry.id,
          color: COLORS[entry.kind] ?? 'gray',
          content: <TimelineEntry entry={entry} order={order} />,
        }))}
      />
    </section>
  );
}

function TimelineEntry({ entry, order }: { entry: Entry; order: Order }) {
  const who = whoText(entry, order);
  return (
    <Flex vertical gap={2} data-testid="dispute-entry">
      <Typography.Text>
        <strong>{who}</strong> {WHAT[entry.kind] ?? ''}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        <LocalDateTime value={entry.created_at} />
      </Typography.Text>
      {entry.text && <p className={styles.entryText}>{entry.text}</p>}
      {entry.images.length > 0 && (
        <ul className={styles.timelinePhotos} aria-label={`Photos from the ${WHO[entry.by].toLowerCase()}`}>
          {entry.images.map((url, i) => (
            <li key={url} style={{ listStyle: 'none' }}>
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Photo ${i + 1} of ${entry.images.length} from the ${WHO[entry.by].toLowerCase()} (opens in a new tab)`}
              >
                <FallbackImage src={url} alt="" width={64} height={64} className={styles.timelinePhoto} />
              </a>
            </li>
          ))}
        </ul>
      )}
    </Flex>
  );
}

interface AdditionalValues {
  text: string;
}

const textRules = [
  {
    required: true,
    validator: async (_rule: unknown, value: string | undefined) => {
      const text = (value ?? '').trim();
      if (!text) throw new Error(orderMessages.additionalRequired);
      if (text.length > MESSAGE_MAX) throw new Error(orderMessages.disputeReasonLength);
    },
  },
];

function AdditionalInfoForm({ order, autoFocus }: { order: Order; autoFocus?: boolean }) {
  const titleId = useId();
  const [form] = Form.useForm<AdditionalValues>();
  const add = useDisputeAdditional();
  const photos = usePhotoUploads();
  const [error, setError] = useState<string | null>(null);
  const sending = add.isPending;

  const submit = async (values: AdditionalValues) => {
    if (sending || photos.uploading) return;
    setError(null);
    try {
      await add.mutateAsync({ orderId: order.id, text: values.text.trim(), images: photos.ids });
      toast.success(orderMessages.disputeUpdated);
      form.resetFields();
      photos.reset();
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? err.fieldErrors : {};
      if (fieldErrors.text) form.setFields([{ name: 'text', errors: [fieldErrors.text] }]);
      else setError(fieldErrors.images ?? errorText(err));
    }
  };

  return (
    <section aria-labelledby={titleId}>
      <Typography.Title level={3} id={titleId} style={{ fontSize: 16, marginTop: 0 }}>
        Add Additional Info
      </Typography.Title>
      <Form<AdditionalValues>
        form={form}
        name="dispute-additional"
        layout="vertical"
        initialValues={{ text: '' }}
        onFinish={(values) => void submit(values)}
        disabled={sending}
        requiredMark={false}
      >
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form.Item label="Message" name="text" rules={textRules}>
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={MESSAGE_MAX}
            showCount
            autoFocus={autoFocus}
            placeholder="Anything the other side and our support team should know"
          />
        </Form.Item>
        <PhotoPicker uploads={photos} disabled={sending} />
        <Flex justify="end">
          <Button type="primary" htmlType="submit" loading={sending} disabled={photos.uploading}>
            Submit
          </Button>
        </Flex>
      </Form>
    </section>
  );
}
