import { useMemo, useState } from 'react';
import { Alert, Button, Empty, Flex, Modal, Skeleton, Typography } from 'antd';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { courierFee, orderMessages, sortRates, type CourierRateView } from '@swapstuff/contracts';
import { Choice, Choices } from '@swapstuff/sdk/checkout';
import { FallbackImage, LoadError, srOnly } from '@swapstuff/sdk/ui';
import { errorText, formatDollars } from '../shared/format';

export interface CourierPanelProps {
  open: boolean;
  /** the rates for this parcel; null while they load */
  rates: CourierRateView[] | null;
  /** why the rates could not be loaded (the api's Description) */
  error?: string;
  /** asks for the rates again: the error's Retry and the empty list's Refresh */
  onRetry(): void;
  /** the courier chosen; a promise keeps OK busy until it settles (its failure is shown in the panel) */
  onOk(rate: CourierRateView): void | Promise<void>;
  onCancel(): void;
}

/**
 * The courier selection panel (spec sections 2, 4 and 9): the couriers cheapest first, each with its logo,
 * name, service, fee (the amount less the insurance it includes) and delivery terms. One is chosen with a
 * radio (arrow keys move between them); OK stays disabled until one is. No courier for the route: the
 * spec's message and a Refresh.
 */
export function CourierPanel({ open, rates, error, onRetry, onOk, onCancel }: CourierPanelProps) {
  return (
    <Modal
      open={open}
      title="Select Courier"
      onCancel={onCancel}
      footer={null}
      destroyOnHidden
      width={560}
      styles={{ body: { paddingTop: 8 } }}
    >
      {/* mounted per opening: each one starts with no courier chosen */}
      {open && <CourierChoice rates={rates} error={error} onRetry={onRetry} onOk={onOk} onCancel={onCancel} />}
    </Modal>
  );
}

function CourierChoice({ rates, error, onRetry, onOk, onCancel }: Omit<CourierPanelProps, 'open'>) {
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const sorted = useMemo(() => (rates ? sortRates(rates) : null), [rates]);
  // a refresh may drop the courier that was chosen: then none is
  const chosen = sorted?.find((rate) => rate.object_id === chosenId) ?? null;

  const confirm = async () => {
    if (!chosen || sending) return;
    setSendError(null);
    setSending(true);
    try {
      await onOk(chosen);
    } catch (err) {
      setSendError(errorText(err));
    } finally {
      setSending(false);
    }
  };

  let body;
  if (error) {
    body = <LoadError title="Couriers could not be loaded" message={error} onRetry={onRetry} />;
  } else if (!sorted) {
    body = (
      <div role="status" aria-live="polite" aria-busy="true">
        <span style={srOnly}>Loading couriers…</span>
        <Skeleton active avatar paragraph={{ rows: 1 }} />
        <Skeleton active avatar paragraph={{ rows: 1 }} />
      </div>
    );
  } else if (sorted.length === 0) {
    body = (
      <Flex vertical align="center" gap={12} style={{ padding: '16px 0', textAlign: 'center' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={false} />
        <Typography.Text role="status">{orderMessages.couriersNotAvailable}</Typography.Text>
        <Button icon={<ReloadOutlined aria-hidden />} onClick={onRetry}>
          Refresh
        </Button>
      </Flex>
    );
  } else {
    body = (
      <Choices name="courier" label="Couriers" value={chosen?.object_id} onChange={setChosenId} disabled={sending}>
        {sorted.map((rate) => (
          <CourierRow key={rate.object_id} rate={rate} selected={rate.object_id === chosen?.object_id} />
        ))}
      </Choices>
    );
  }

  return (
    <>
      {body}
      {sendError && <Alert type="error" showIcon title={sendError} style={{ marginTop: 12 }} />}
      <Flex justify="end" align="center" gap={8} wrap style={{ marginTop: 16 }}>
        {sorted && sorted.length > 0 && !chosen && (
          <Typography.Text type="secondary" style={{ marginRight: 'auto' }}>
            {orderMessages.chooseCourier}
          </Typography.Text>
        )}
        <Button onClick={onCancel} disabled={sending}>
          Cancel
        </Button>
        <Button type="primary" onClick={() => void confirm()} disabled={!chosen} loading={sending}>
          OK
        </Button>
      </Flex>
    </>
  );
}

function CourierRow({ rate, selected }: { rate: CourierRateView; selected: boolean }) {
  const fee = formatDollars(courierFee(rate));
  return (
    <Choice
      value={rate.object_id}
      chosen={selected}
      // the radio's name: what a screen reader says when the arrows reach it
      label={`${rate.name} ${rate.service}, ${fee}, ${rate.duration_terms}`}
    >
      <Flex align="center" gap={12} style={{ minWidth: 0, width: '100%' }}>
        <FallbackImage
          src={rate.provider_image_200}
          alt=""
          width={40}
          height={40}
          style={{ objectFit: 'contain', flex: 'none' }}
        />
        <Flex vertical style={{ minWidth: 0, flex: 1 }}>
          <Flex justify="space-between" gap={8} wrap>
            <Typography.Text strong>{rate.name}</Typography.Text>
            <Typography.Text strong>{fee}</Typography.Text>
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {rate.service}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 13, whiteSpace: 'normal' }}>
            {rate.duration_terms}
          </Typography.Text>
        </Flex>
      </Flex>
    </Choice>
  );
}
