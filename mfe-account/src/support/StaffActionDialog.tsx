import { useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Select } from 'antd';
import { loginRules, StaffRoles, type StaffRole } from '@swapstuff/contracts';
import { formRules } from '@swapstuff/sdk';
import { CodeField } from './CodeField';
import { showRefusal } from './refusal';
import { roleLabel } from './SupportConsole';

const emailRules = formRules({ email: loginRules.email }).email;

export interface StaffActionValues {
  email: string;
  role: StaffRole;
  reason: string;
  code: string;
}

export interface StaffActionDialogProps {
  open: boolean;
  title: string;
  /** what the action does, in a sentence */
  description?: ReactNode;
  /** the fields asked for besides the reason and the code: Add staff's e-mail and role, Change role's role */
  asks?: { email?: boolean; role?: boolean };
  initialRole?: StaffRole;
  okText: string;
  danger?: boolean;
  /** sends the action; a refusal (ApiError) is shown in the dialog, under its field when it names one */
  onConfirm(values: StaffActionValues): Promise<void>;
  onClose(): void;
}

/**
 * The dialog that confirms a staff action: a reason for the audit trail, and a current code of the admin's
 * authenticator (the api wants one of this moment for every role change and reset: 403 without it).
 */
export function StaffActionDialog({ open, title, onClose, ...form }: StaffActionDialogProps) {
  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} destroyOnHidden width={480}>
      {open && <ActionForm {...form} onClose={onClose} />}
    </Modal>
  );
}

function ActionForm({
  description,
  asks = {},
  initialRole,
  okText,
  danger,
  onConfirm,
  onClose,
}: Omit<StaffActionDialogProps, 'open' | 'title'>) {
  const [form] = Form.useForm<StaffActionValues>();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (values: StaffActionValues) => {
    setError(null);
    setSending(true);
    try {
      await onConfirm(values);
      onClose();
    } catch (err) {
      showRefusal(form, ['email', 'role', 'reason', 'code'], err, setError);
    } finally {
      setSending(false);
    }
  };

  return (
    <Form<StaffActionValues>
      form={form}
      name="staff-action"
      layout="vertical"
      initialValues={{ role: initialRole }}
      onFinish={submit}
      disabled={sending}
      requiredMark={false}
    >
      {description && <p>{description}</p>}
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
      {asks.email && (
        <Form.Item label="Email of their Swapstuff account" name="email" rules={emailRules}>
          <Input inputMode="email" autoComplete="off" autoFocus />
        </Form.Item>
      )}
      {asks.role && (
        <Form.Item label="Role" name="role" rules={[{ required: true, message: 'Choose a role.' }]}>
          <Select options={StaffRoles.map((role) => ({ value: role, label: roleLabel(role) }))} />
        </Form.Item>
      )}
      <Form.Item
        label="Reason (kept in the audit trail)"
        name="reason"
        rules={[{ required: true, whitespace: true, message: 'Say why: the audit trail keeps the reason.' }]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} autoFocus={!asks.email} />
      </Form.Item>
      <CodeField label="Current code from your authenticator app" />
      <Flex justify="end" gap={8} wrap>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" danger={danger} htmlType="submit" loading={sending}>
          {okText}
        </Button>
      </Flex>
    </Form>
  );
}
