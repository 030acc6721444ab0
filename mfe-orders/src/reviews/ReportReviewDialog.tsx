import { useState } from 'react';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { messages, orderMessages, REPORT_TEXT_MIN, type Review, partyName } from '@swapstuff/contracts';
import { ApiError, toast } from '@swapstuff/sdk';
import { errorText } from '../shared/format';
import { useReviewReport } from './api';

export interface ReportReviewDialogProps {
  /** the review reported; null: closed */
  review: Review | null;
  onClose(): void;
}

/** The api's bounds of a report's reason (reviews/schemas.ts): 10 to 500 characters after trimming. */
const REASON_MAX = 500;

interface ReportValues {
  reason: string;
}

const reasonRules = [
  {
    required: true,
    validator: async (_rule: unknown, value: string | undefined) => {
      if ((value ?? '').trim().length < REPORT_TEXT_MIN) throw new Error(messages.reportMin);
    },
  },
];

/**
 * Report a review to support (issue 13): why, in at least 10 characters (spec section 5, Report), then Send.
 * Once taken, the review offers no Report (its already_reported). A review by or about the viewer cannot be
 * reported (the api's 403, whose words are shown).
 */
export function ReportReviewDialog({ review, onClose }: ReportReviewDialogProps) {
  const [form] = Form.useForm<ReportValues>();
  const report = useReviewReport();
  const [error, setError] = useState<string | null>(null);

  const send = async ({ reason }: ReportValues) => {
    if (!review || report.isPending) return;
    setError(null);
    try {
      await report.mutateAsync({ rating_id: review.id, reason: reason.trim() });
      toast.success(orderMessages.reviewReported);
      onClose();
    } catch (err) {
      const field = err instanceof ApiError ? err.fieldErrors.reason : undefined;
      if (field) form.setFields([{ name: 'reason', errors: [field] }]);
      else setError(errorText(err));
    }
  };

  return (
    <Modal
      open={review !== null}
      title="Report Review"
      okText="Send"
      onOk={() => form.submit()}
      okButtonProps={{ loading: report.isPending }}
      cancelText="Cancel"
      onCancel={onClose}
      // the form starts afresh at each opening (destroyOnHidden); so does its error
      afterClose={() => setError(null)}
      destroyOnHidden
      width={480}
    >
      {review && (
        <Typography.Paragraph type="secondary">
          Tell our team what is wrong with the review by {partyName(review.rated_by)}.
        </Typography.Paragraph>
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<ReportValues>
        form={form}
        name="report-review"
        layout="vertical"
        initialValues={{ reason: '' }}
        onFinish={(values) => void send(values)}
        requiredMark={false}
      >
        <Form.Item
          label="Why are you reporting this review?"
          name="reason"
          rules={reasonRules}
          extra={`At least ${REPORT_TEXT_MIN} characters.`}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} maxLength={REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
