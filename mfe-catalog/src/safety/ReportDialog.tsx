import { Alert, Form, Input, Modal, Radio, Skeleton, Space } from 'antd';
import { messages, REPORT_TEXT_MIN, safetyMessages } from '@swapstuff/contracts';
import { ApiError, toast } from '@swapstuff/sdk';
import { useReportListing, useReportReasons, useReportUser } from './api';

interface ReportValues {
  reasonId: number;
  reason?: string;
}

/** What is reported: a listing (its page's Report) or a user (a seller card's Report User). */
export type ReportSubject = { listingId: number } | { userId: number };

export interface ReportDialogProps {
  subject: ReportSubject;
  /**
   * after Cancel, or once the report is taken or the api says it was taken before (either way the page
   * reads that again and hides Report)
   */
  onClose: () => void;
}

/**
 * Spec section 2, Report dialog: the reasons of /api/reasons/1 (a listing) or /api/reasons/2 (a user) plus a
 * free-text reason and Send. The text needs at least 10 characters on the last reason (Other), as the api
 * checks too.
 */
export function ReportDialog({ subject, onClose }: ReportDialogProps) {
  const about = 'userId' in subject ? 'user' : 'listing';
  const [form] = Form.useForm<ReportValues>();
  const reasonId = Form.useWatch('reasonId', form);
  const reasons = useReportReasons(about);
  const reportListing = useReportListing();
  const reportUser = useReportUser();
  const last = reasons.data?.at(-1)?.id;
  const needsText = reasonId !== undefined && reasonId === last;
  const sending = reportListing.isPending || reportUser.isPending;

  const send = async (values: ReportValues) => {
    const reason = values.reason ?? '';
    try {
      if ('userId' in subject) {
        await reportUser.mutateAsync({ userId: subject.userId, reasonId: values.reasonId, reason });
        toast.success(safetyMessages.userReported);
      } else {
        await reportListing.mutateAsync({ productId: subject.listingId, reasonId: values.reasonId, reason });
        toast.success(messages.reported);
      }
      onClose();
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError?.status === 409) {
        toast.info(apiError.message);
        onClose();
        return;
      }
      const fields = apiError?.fieldErrors ?? {};
      if (fields.reason || fields.reasonId) {
        form.setFields(
          (['reason', 'reasonId'] as const).filter((f) => fields[f]).map((f) => ({ name: f, errors: [fields[f]] })),
        );
      } else toast.error(apiError?.message ?? messages.genericError);
    }
  };

  return (
    <Modal
      open
      title={about === 'user' ? 'Report User' : 'Report'}
      okText="Send"
      onOk={() => form.submit()}
      okButtonProps={{ loading: sending, disabled: !reasons.data }}
      onCancel={onClose}
      destroyOnHidden
    >
      {reasons.isPending && <Skeleton active paragraph={{ rows: 4 }} />}
      {reasons.isLoadingError && <Alert type="error" showIcon title={reasons.error.message} />}
      {reasons.data && (
        <Form form={form} layout="vertical" onFinish={send} name="report">
          <Form.Item
            name="reasonId"
            label={`Why are you reporting this ${about}?`}
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

/** Exposed to the shell, which opens it over any page for a bus 'report:open' (a conversation's Report user). */
export default ReportDialog;
