import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Select, Typography } from 'antd';
import { DISPUTE_TYPES, disputeRules, orderMessages, type Order } from '@swapstuff/contracts';
import { ApiError, formRules, toast } from '@swapstuff/sdk';
import { useStoreDispute } from '../orders/api';
import { errorText } from '../shared/format';
import { PhotoPicker, usePhotoUploads } from './PhotoPicker';

export interface DisputeModalProps {
  /** the order disputed; null: closed */
  order: Order | null;
  onClose(): void;
}

interface DisputeValues {
  disputeType?: string;
  disputeReason: string;
}

const rules = formRules(disputeRules);
const FIELDS = ['disputeType', 'disputeReason'] as const;
const TYPE_OPTIONS = DISPUTE_TYPES.map((type) => ({ value: type, label: type }));
const REASON_MAX = disputeRules.disputeReason.max ?? 1000;

/**
 * Create Dispute (spec sections 3–5; issue 13): the buyer says what went wrong (a type of contracts'
 * DISPUTE_TYPES and a reason: both required, the reason at most 1 000 characters) with up to 5 photos,
 * each uploaded as it is picked. Submit opens the dispute: the money stays held, the order goes Disputed.
 */
export function DisputeModal({ order, onClose }: DisputeModalProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={order !== null}
      title="Create Dispute"
      onCancel={busy ? undefined : onClose}
      footer={null}
      destroyOnHidden
      width={520}
      closable={!busy}
      keyboard={!busy}
      mask={{ closable: !busy }}
    >
      {/* mounted per opening: each starts empty */}
      {order && <DisputeForm order={order} onClose={onClose} onBusy={setBusy} />}
    </Modal>
  );
}

function DisputeForm({ order, onClose, onBusy }: { order: Order; onClose(): void; onBusy(busy: boolean): void }) {
  const [form] = Form.useForm<DisputeValues>();
  const store = useStoreDispute();
  const photos = usePhotoUploads();
  const [error, setError] = useState<string | null>(null);
  const sending = store.isPending;

  const submit = async (values: DisputeValues) => {
    if (sending || photos.uploading) return;
    setError(null);
    onBusy(true);
    try {
      await store.mutateAsync({
        orderId: order.id,
        disputeType: values.disputeType ?? '',
        disputeReason: values.disputeReason.trim(),
        images: photos.ids,
      });
      onBusy(false);
      toast.success(orderMessages.disputeOpened);
      onClose();
    } catch (err) {
      onBusy(false);
      const fieldErrors = err instanceof ApiError ? err.fieldErrors : {};
      const onFields = FIELDS.filter((name) => fieldErrors[name]);
      if (onFields.length > 0) form.setFields(onFields.map((name) => ({ name, errors: [fieldErrors[name]] })));
      else setError(fieldErrors.images ?? errorText(err));
    }
  };

  return (
    <Form<DisputeValues>
      form={form}
      name="create-dispute"
      layout="vertical"
      initialValues={{ disputeReason: '' }}
      onFinish={(values) => void submit(values)}
      disabled={sending}
      requiredMark={false}
    >
      <Typography.Paragraph type="secondary">
        {order.product_detail.title}: tell us what went wrong. {order.kind === 'swap' ? 'The swap' : 'The payment'}{' '}
        stays on hold until our support team has reviewed it.
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form.Item label="Dispute type" name="disputeType" rules={rules.disputeType}>
        <Select options={TYPE_OPTIONS} placeholder="Choose what went wrong" />
      </Form.Item>
      <Form.Item label="Reason" name="disputeReason" rules={rules.disputeReason}>
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 8 }}
          maxLength={REASON_MAX}
          showCount
          placeholder="What happened? What would put it right?"
        />
      </Form.Item>
      <PhotoPicker uploads={photos} disabled={sending} />
      <Flex justify="end" gap={8} wrap>
        <Button onClick={onClose} disabled={sending}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={sending} disabled={photos.uploading}>
          Submit
        </Button>
      </Flex>
      {photos.uploading && (
        <Typography.Text type="secondary" role="status" style={{ display: 'block', textAlign: 'right', marginTop: 8 }}>
          Waiting for the photos to upload…
        </Typography.Text>
      )}
    </Form>
  );
}
