import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal } from 'antd';
import { shipmentRules } from '@swapstuff/contracts';
import { ApiError, formRules } from '@swapstuff/sdk';
import { errorText } from '../shared/format';

/** The spec's shipment entry (section 3). */
export interface TrackingInfo {
  companyName: string;
  trackingNumber: string;
}

export interface AddTrackingInfoModalProps {
  open: boolean;
  /** sends the tracking info (trimmed); the modal closes (onClose) once it resolves, and shows its error otherwise */
  onSubmit(info: TrackingInfo): Promise<void>;
  onClose(): void;
}

const rules = formRules(shipmentRules);
const FIELDS = ['companyName', 'trackingNumber'] as const;

/**
 * Add Tracking Info (spec sections 4 and 5): the seller who ships with their own courier names it and the
 * parcel's tracking number (company name required, at most 32; tracking number required, at most 64).
 */
export function AddTrackingInfoModal({ open, onSubmit, onClose }: AddTrackingInfoModalProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title="Add Tracking Info"
      onCancel={busy ? undefined : onClose}
      footer={null}
      destroyOnHidden
      width={440}
      closable={!busy}
      keyboard={!busy}
      mask={{ closable: !busy }}
    >
      {open && <TrackingForm onSubmit={onSubmit} onClose={onClose} onBusy={setBusy} />}
    </Modal>
  );
}

function TrackingForm({
  onSubmit,
  onClose,
  onBusy,
}: Omit<AddTrackingInfoModalProps, 'open'> & { onBusy(busy: boolean): void }) {
  const [form] = Form.useForm<TrackingInfo>();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: TrackingInfo) => {
    if (sending) return;
    setError(null);
    setSending(true);
    onBusy(true);
    try {
      await onSubmit({ companyName: values.companyName.trim(), trackingNumber: values.trackingNumber.trim() });
      onBusy(false);
      onClose();
    } catch (err) {
      setSending(false);
      onBusy(false);
      const fieldErrors = err instanceof ApiError ? err.fieldErrors : {};
      const onFields = FIELDS.filter((name) => fieldErrors[name]);
      if (onFields.length > 0) form.setFields(onFields.map((name) => ({ name, errors: [fieldErrors[name]] })));
      else setError(errorText(err));
    }
  };

  return (
    <Form<TrackingInfo>
      form={form}
      name="add-tracking-info"
      layout="vertical"
      initialValues={{ companyName: '', trackingNumber: '' }}
      onFinish={(values) => void submit(values)}
      disabled={sending}
      requiredMark={false}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form.Item label="Company Name" name="companyName" rules={rules.companyName}>
        <Input placeholder="UPS, FedEx, USPS…" maxLength={shipmentRules.companyName.max} autoComplete="off" />
      </Form.Item>
      <Form.Item label="Tracking Number" name="trackingNumber" rules={rules.trackingNumber}>
        <Input maxLength={shipmentRules.trackingNumber.max} autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Flex justify="end" gap={8} wrap>
        <Button onClick={onClose} disabled={sending}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={sending}>
          Submit
        </Button>
      </Flex>
    </Form>
  );
}
