import { Button, Form, Input, Typography } from 'antd';
import { ApiError, formRules, routes, toast } from '@swapstuff/sdk';
import { forgotPasswordRules, messages } from '@swapstuff/contracts';
import { useForgotPassword } from './api';
import { AppLink } from './AppLink';

const rules = formRules(forgotPasswordRules);

/**
 * /forget-password: asks for a reset link. The answer is a toast with the server's Description (the spec's
 * pattern): the api answers the same for every address (so it does not reveal who has an account), which
 * is messages.resetMailSent; a refusal (too many requests) is toasted with its own words.
 */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [form] = Form.useForm<{ email: string }>();

  const submit = async ({ email }: { email: string }) => {
    try {
      await forgot.mutateAsync({ email });
      toast.success(messages.resetMailSent);
      form.resetFields();
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : messages.genericError);
    }
  };

  return (
    <>
      <Typography.Title level={2}>Forgot your password?</Typography.Title>
      <Typography.Paragraph type="secondary">
        Enter the email you signed up with and we will send you a link to choose a new password.
      </Typography.Paragraph>
      <Form form={form} name="forget-password" layout="vertical" onFinish={submit} requiredMark={false}>
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
