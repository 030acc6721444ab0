import { useState } from 'react';
import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { ApiError, formRules, routes } from '@swapstuff/sdk';
import { forgotPasswordRules, messages } from '@swapstuff/contracts';
import { useForgotPassword } from './api';
import { AppLink } from './AppLink';

const rules = formRules(forgotPasswordRules);

/**
 * /forget-password: asks for a reset link. The api answers the same for every address (so it does not
 * reveal who has an account); that answer, messages.resetMailSent, is what the success panel shows.
 */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async ({ email }: { email: string }) => {
    setError(null);
    try {
      await forgot.mutateAsync({ email });
      setSent(true);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : messages.genericError);
    }
  };

  if (sent) {
    return (
      <Result
        status="success"
        title="Check your email"
        subTitle={messages.resetMailSent}
        extra={<AppLink to={routes.login}>Back to sign in</AppLink>}
      />
    );
  }

  return (
    <>
      <Typography.Title level={2}>Forgot your password?</Typography.Title>
      <Typography.Paragraph type="secondary">
        Enter the email you signed up with and we will send you a link to choose a new password.
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form name="forget-password" layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label="Email" name="email" rules={rules.email}>
          <Input inputMode="email" autoComplete="email" placeholder="you@example.com" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={forgot.isPending}>
          Send Reset Link
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 24, textAlign: 'center' }}>
        Remembered it? <AppLink to={routes.login}>Back to sign in</AppLink>
      </Typography.Paragraph>
    </>
  );
}
