import { useState } from 'react';
import { Alert, Form, Input, Modal, Radio, Skeleton, Space } from 'antd';
import { endpoints, messages, REPORT_TEXT_MIN } from '@swapstuff/contracts';
import { api, ApiError, toast, useApiData } from '@swapstuff/sdk';

interface ReportValues {
  reasonId: number;
  reason?: string;
}

export interface ReportDialogProps {
  productId: number;
  onClose: () => void;
  /** the report was taken (or the api says it was taken before): the page hides Report */
  onReported: () => void;
}

/**
 * Spec section 2, Report dialog: the reasons of /api/reasons/1 plus a free-text reason and Send. The text
 * needs at least 10 characters on the last reason (Other), as the api checks too.
 */
export function ReportDialog({ productId, onClose, onReported }: ReportDialogProps) {
  const [form] = Form.useForm<ReportValues>();
  const reasonId = Form.useWatch('reasonId', form);
  const [sending, setSending] = useState(false);
  const reasons = useApiData((signal) => api.call(endpoints.reportReasons, { id: '1' }, { signal }), 'product-reasons');
  const last = reasons.status === 'ready' ? reasons.data.at(-1)?.id : undefined;
  const needsText = reasonId !== undefined && reasonId === last;

  const send = async (values: ReportValues) => {
    setSending(true);
    try {
      await api.call(endpoints.report, { productId, reasonId: values.reasonId, reason: values.reason ?? '' });
      toast.success(messages.reported);
      onReported();
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError?.status === 409) {
        toast.info(apiError.message);
        onReported();
        return;
      }
      const fields = apiError?.fieldErrors ?? {};
      if (fields.reason || fields.reasonId) {
        form.setFields(
          (['reason', 'reasonId'] as const).filter((f) => fields[f]).map((f) => ({ name: f, errors: [fields[f]] })),
        );
      } else toast.error(apiError?.message ?? messages.genericError);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title="Report"
      okText="Send"
      onOk={() => form.submit()}
      okButtonProps={{ loading: sending, disabled: reasons.status !== 'ready' }}
      onCancel={onClose}
      destroyOnHidden
    >
      {reasons.status === 'loading' && <Skeleton active paragraph={{ rows: 4 }} />}
      {reasons.status === 'error' && <Alert type="error" showIcon title={reasons.message} />}
      {reasons.status === 'ready' && (
        <Form form={form} layout="vertical" onFinish={send} name="report">
          <Form.Item
            name="reasonId"
            label="Why are you reporting this listing?"
            rules={[{ required: true, message: messages.reportReasonRequired }]}
          >
            <Radio.Group>
              <Space orientation="vertical">
                {reasons.data.map((r) => (
                  <Radio key={r.id} value={r.id}>
                    {r.name}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
          <Form.Item
            name="reason"
            label="Tell us more"
            dependencies={['reasonId']}
            rules={[
              {
                required: needsText,
                validator: async (_rule, value: string | undefined) => {
                  if (needsText && (value ?? '').trim().length < REPORT_TEXT_MIN) throw new Error(messages.reportMin);
                },
              },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} maxLength={1000} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
