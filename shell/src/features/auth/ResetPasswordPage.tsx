import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Form, Result, Typography } from 'antd';
import { ApiError, formRules, routes } from '@swapstuff/sdk';
import { messages, resetPasswordRules } from '@swapstuff/contracts';
import { useResetPassword } from './api';
import { AppLink } from './AppLink';
import { PasswordFields } from './fields';

const rules = formRules(resetPasswordRules);

interface ResetValues {
  password: string;
  confirmPassword: string;
}

const FIELDS = ['password', 'confirmPassword'] as const;

type Outcome = { kind: 'done' } | { kind: 'invalid'; message: string } | null;

function InvalidLink({ message }: { message: string }) {
  return (
    <Result
      status="warning"
      title="This link cannot be used"
      subTitle={message}
      extra={<AppLink to={routes.forgetPassword}>Request a new link</AppLink>}
    />
  );
}

/** /reset-password?token=...: the single-use link of the reset mail (valid for one hour). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const [form] = Form.useForm<ResetValues>();
  const reset = useResetPassword();
  const [outcome, setOutcome] = useState<Outcome>(null);

  if (!token) return <InvalidLink message={messages.resetLinkInvalid} />;
  if (outcome?.kind === 'invalid') return <InvalidLink message={outcome.message} />;
  if (outcome?.kind === 'done') {
    return (
      <Result
        status="success"
        title={messages.passwordChanged}
        subTitle="You can now sign in with your new password."
        extra={
          <Button type="primary" onClick={() => navigate(routes.login)}>
            Sign In
          </Button>
        }
      />
    );
  }

  const submit = async (values: ResetValues) => {
    try {
      await reset.mutateAsync({ token, ...values });
      setOutcome({ kind: 'done' });
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? err.fieldErrors : {};
      const onFields = FIELDS.filter((name) => fieldErrors[name]);
      if (onFields.length > 0) {
        form.setFields(onFields.map((name) => ({ name, errors: [fieldErrors[name]] })));
      } else {
        // Not a password problem: the token was unknown, used or expired (or the server failed).
        setOutcome({ kind: 'invalid', message: err instanceof ApiError ? err.message : messages.genericError });
      }
    }
  };

  return (
    <>
      <Typography.Title level={2}>Choose a new password</Typography.Title>
      <Typography.Paragraph type="secondary">Use at least 8 characters.</Typography.Paragraph>
      <Form<ResetValues> form={form} name="reset-password" layout="vertical" onFinish={submit}>
        <PasswordFields rules={rules} />
        <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
          Reset Password
        </Button>
      </Form>
    </>
  );
}
