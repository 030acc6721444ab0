import { useState } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { loginRules, staffMessages, type StaffSignIn as SignedIn } from '@swapstuff/contracts';
import { ApiError, formRules, useSession } from '@swapstuff/sdk';
import { useStaffEnrol, useStaffSignIn, useStaffVerify } from './api';
import { CodeField } from './CodeField';
import { RecoveryCodes } from './RecoveryCodes';
import { showRefusal } from './refusal';
import { SignInCard } from './SignInCard';

const rules = formRules(loginRules);

type Enrolment = NonNullable<SignedIn['enrolment']>;

/** Where the sign-in is: each step after the password knows what the one before answered. */
type Step =
  | { name: 'password'; ended?: boolean }
  | { name: 'enrol'; enrolment: Enrolment }
  | { name: 'recovery-codes'; codes: string[] }
  | { name: 'code' };

export interface StaffSignInProps {
  /** the second factor is given (and the recovery codes saved): the console can show */
  onSignedIn(): Promise<void>;
}

/**
 * The staff sign-in (docs/decisions.md, "Support staff"): e-mail and password; then, at the first sign-in (or
 * after a reset), the authenticator app set up with its first code and the ten recovery codes shown once;
 * otherwise a code of the app, or a recovery code.
 */
export function StaffSignIn({ onSignedIn }: StaffSignInProps) {
  const [step, setStep] = useState<Step>({ name: 'password' });
  switch (step.name) {
    case 'password':
      return (
        <PasswordStep
          ended={step.ended}
          onEnrol={(enrolment) => setStep({ name: 'enrol', enrolment })}
          onCode={() => setStep({ name: 'code' })}
        />
      );
    case 'enrol':
      return (
        <EnrolStep
          enrolment={step.enrolment}
          onEnrolled={(codes) => setStep({ name: 'recovery-codes', codes })}
          onEnded={() => setStep({ name: 'password', ended: true })}
        />
      );
    case 'recovery-codes':
      return <RecoveryCodes codes={step.codes} onSaved={onSignedIn} />;
    case 'code':
      return <CodeStep onVerified={onSignedIn} onEnded={() => setStep({ name: 'password', ended: true })} />;
  }
}

const FormError = ({ error }: { error: string | null }) =>
  error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />;

/** A staff sign-in that ended before its second factor (after 30 minutes) answers 404: start again. */
const signInEnded = (err: unknown) => err instanceof ApiError && err.status === 404;

interface PasswordValues {
  email: string;
  password: string;
}

interface PasswordStepProps {
  /** a sign-in begun here ended before its second factor */
  ended?: boolean;
  onEnrol(enrolment: Enrolment): void;
  onCode(): void;
}

function PasswordStep({ ended, onEnrol, onCode }: PasswordStepProps) {
  const [form] = Form.useForm<PasswordValues>();
  const signIn = useStaffSignIn();
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: PasswordValues) => {
    setError(null);
    try {
      const { user, enrolment } = await signIn.mutateAsync(values);
      // the browser's session is now this staff member's (the gateway keeps the token): the header says so
      useSession.getState().signIn(user);
      if (enrolment) onEnrol(enrolment);
      else onCode();
    } catch (err) {
      showRefusal(form, ['email', 'password'], err, setError);
    }
  };

  return (
    <SignInCard title="Staff sign-in">
      <Typography.Paragraph type="secondary">The support console is for Swapstuff staff.</Typography.Paragraph>
      {ended && !error && (
        <Alert
          type="warning"
          showIcon
          role="status"
          title="Your sign-in ended before it was finished. Sign in again."
          style={{ marginBottom: 16 }}
        />
      )}
      <FormError error={error} />
      <Form<PasswordValues> form={form} name="staff-sign-in" layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label="Email" name="email" rules={rules.email}>
          <Input inputMode="email" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={rules.password}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={signIn.isPending}>
          Sign in
        </Button>
      </Form>
    </SignInCard>
  );
}

/** The secret as an app's "enter a setup key" screen wants it typed: groups of four. */
const inGroups = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function EnrolStep({
  enrolment,
  onEnrolled,
  onEnded,
}: {
  enrolment: Enrolment;
  onEnrolled(codes: string[]): void;
  onEnded(): void;
}) {
  const [form] = Form.useForm<{ code: string }>();
  const enrol = useStaffEnrol();
  const [error, setError] = useState<string | null>(null);

  const submit = async ({ code }: { code: string }) => {
    setError(null);
    try {
      const { recovery_codes } = await enrol.mutateAsync({ code });
      onEnrolled(recovery_codes);
    } catch (err) {
      if (signInEnded(err)) onEnded();
      else showRefusal(form, ['code'], err, setError);
    }
  };

  return (
    <SignInCard title="Set up your authenticator app" focusHeading>
      <Alert type="info" showIcon role="status" title={staffMessages.enrolFirst} style={{ marginBottom: 16 }} />
      <ol style={{ paddingInlineStart: 20, margin: '0 0 16px' }}>
        <li>
          Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).
          <img
            src={enrolment.qr}
            alt="QR code to scan with your authenticator app"
            width={180}
            height={180}
            style={{ display: 'block', margin: '12px 0' }}
          />
          On a phone, <a href={enrolment.uri}>open the set-up in your authenticator app</a>, or type its setup key into
          the app:
          <Typography.Paragraph copyable={{ text: enrolment.secret }} style={{ margin: '8px 0 12px', fontSize: 16 }}>
            <code style={{ wordSpacing: 4 }}>{inGroups(enrolment.secret)}</code>
          </Typography.Paragraph>
        </li>
        <li>Enter the 6-digit code the app shows for Swapstuff.</li>
      </ol>
      <FormError error={error} />
      <Form<{ code: string }> form={form} name="staff-enrol" layout="vertical" onFinish={submit} requiredMark={false}>
        <CodeField label="Code from your authenticator app" />
        <Button type="primary" htmlType="submit" block size="large" loading={enrol.isPending}>
          Confirm
        </Button>
      </Form>
    </SignInCard>
  );
}

interface CodeValues {
  code?: string;
  recoveryCode?: string;
}

function CodeStep({ onVerified, onEnded }: { onVerified(): Promise<void>; onEnded(): void }) {
  const [form] = Form.useForm<CodeValues>();
  const verify = useStaffVerify();
  const [error, setError] = useState<string | null>(null);
  const [withRecoveryCode, setWithRecoveryCode] = useState(false);
  const [finishing, setFinishing] = useState(false);

  const submit = async (values: CodeValues) => {
    setError(null);
    try {
      await verify.mutateAsync(withRecoveryCode ? { recoveryCode: values.recoveryCode } : { code: values.code });
      setFinishing(true);
      await onVerified();
    } catch (err) {
      if (signInEnded(err)) onEnded();
      else showRefusal(form, ['code', 'recoveryCode'], err, setError);
    }
  };

  const switchTo = (recovery: boolean) => {
    setError(null);
    setWithRecoveryCode(recovery);
  };

  return (
    <SignInCard title="Staff sign-in">
      <Alert type="info" showIcon role="status" title={staffMessages.signedIn} style={{ marginBottom: 16 }} />
      <FormError error={error} />
      <Form<CodeValues> form={form} name="staff-verify" layout="vertical" onFinish={submit} requiredMark={false}>
        {withRecoveryCode ? (
          <Form.Item
            label="Recovery code"
            name="recoveryCode"
            rules={[{ required: true, whitespace: true, message: 'Enter one of your recovery codes.' }]}
          >
            <Input autoComplete="off" placeholder="xxxx-xxxx-xxxx" autoFocus style={{ fontFamily: 'monospace' }} />
          </Form.Item>
        ) : (
          <CodeField label="Code from your authenticator app" autoFocus />
        )}
        <Button type="primary" htmlType="submit" block size="large" loading={verify.isPending || finishing}>
          Sign in
        </Button>
      </Form>
      <Button type="link" onClick={() => switchTo(!withRecoveryCode)} style={{ marginTop: 8, paddingInline: 0 }}>
        {withRecoveryCode ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
      </Button>
    </SignInCard>
  );
}
