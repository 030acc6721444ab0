import { useState } from 'react';
import type React from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { ApiError, formRules, toast } from '@swapstuff/sdk';
import { changePasswordRules, messages } from '@swapstuff/contracts';
import { useChangePassword } from './api';

const rules = formRules(changePasswordRules);

interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * /change-password (spec section 5: current required, new min 8, confirm matches). The api keeps this
 * session and signs out every other one. A refused current password is shown on its field.
 */
export const ChangePasswordPage: React.FC = () => {
  const [form] = Form.useForm<ChangePasswordValues>();
  const changePassword = useChangePassword();
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: ChangePasswordValues) => {
    setError(null);
    try {
      await changePassword.mutateAsync(values);
      form.resetFields();
      toast.success(messages.passwordChanged);
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setError(messages.genericError);
        return;
      }
      const fieldErrors = err.fieldErrors;
      const onFields = FIELDS.filter((name) => fieldErrors[name]);
      if (onFields.length > 0) {
        form.setFields(onFields.map((name) => ({ name, errors: [fieldErrors[name]] })));
      } else if (err.message === messages.currentPasswordWrong) {
        // The api may answer a wrong current password without naming the field; it belongs there anyway.
        form.setFields([{ name: 'currentPassword', errors: [err.message] }]);
      } else {
        setError(err.message);
      }
    }
  };

  return (
    <div style={{ maxWidth: 480, margin: '0 auto', padding: '32px 16px' }}>
      <Card>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          Change Password
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          Choose a new password of at least 8 characters. Your other devices will be signed out.
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form<ChangePasswordValues> form={form} name="change-password" layout="vertical" onFinish={submit}>
          <Form.Item label="Current Password" name="currentPassword" rules={rules.currentPassword}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item label="New Password" name="newPassword" rules={rules.newPassword}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="Confirm Password"
            name="confirmPassword"
            dependencies={['newPassword']}
            rules={rules.confirmPassword}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={changePassword.isPending}>
            Change Password
          </Button>
        </Form>
      </Card>
    </div>
  );
};
