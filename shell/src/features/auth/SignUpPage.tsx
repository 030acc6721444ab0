import { useState } from 'react';
import { Alert, Button, Form, Input, Segmented, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { ApiError, browser, formRules, routes, useIsSignedIn, useSession } from '@swapstuff/sdk';
import type { UseMutationResult } from '@tanstack/react-query';
import {
  businessRegisterRules,
  messages,
  registerRules,
  type BusinessRegisterBody,
  type LoginContent,
  type RegisterBody,
} from '@swapstuff/contracts';
import { Navigate } from 'react-router-dom';
import { useRegister, useRegisterBusiness } from './api';
import { AppLink } from './AppLink';
import { BusinessFields, PersonFields } from '@swapstuff/sdk/fields';
import { PasswordFields, TermsField } from './fields';

const individualRules = formRules(registerRules);
const businessRules = formRules(businessRegisterRules);

type AccountType = 'individual' | 'business';

/**
 * Sends a registration; on success the new user is signed in and the browser loads the welcome step,
 * picking the categories they care about (a full load, so every remote starts with the session). A 400 puts the api's messages on the fields; the rest shows
 * above the form.
 */
function useRegisterForm<T>(
  form: FormInstance,
  register: UseMutationResult<LoginContent, ApiError, T>,
  fields: string[],
) {
  const [error, setError] = useState<string | null>(null);

  const submit = async (body: T) => {
    setError(null);
    try {
      const { user } = await register.mutateAsync(body);
      useSession.getState().signIn(user);
      browser.assign(routes.welcomeCategories);
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setError(messages.genericError);
        return;
      }
      const onFields = Object.entries(err.fieldErrors).filter(([name]) => fields.includes(name));
      form.setFields(onFields.map(([name, message]) => ({ name, errors: [message] })));
      // Anything the fields cannot show (a 409, a 429, a field we do not render) goes in the alert.
      if (onFields.length === 0 || onFields.length < Object.keys(err.fieldErrors).length) setError(err.message);
    }
  };
  return { submit, submitting: register.isPending, error };
}

function IndividualForm() {
  const [form] = Form.useForm<RegisterBody>();
  const { submit, submitting, error } = useRegisterForm(form, useRegister(), Object.keys(registerRules));
  return (
    <Form<RegisterBody> form={form} name="sign-up-individual" layout="vertical" onFinish={submit} scrollToFirstError>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <PersonFields rules={individualRules} />
      <Form.Item label="Email" name="email" rules={individualRules.email}>
        <Input inputMode="email" autoComplete="email" />
      </Form.Item>
      <PasswordFields rules={individualRules} />
      <TermsField rules={individualRules.agreeToTerms} />
      <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
        Sign Up
      </Button>
    </Form>
  );
}

function BusinessForm() {
  const [form] = Form.useForm<BusinessRegisterBody>();
  const { submit, submitting, error } = useRegisterForm(
    form,
    useRegisterBusiness(),
    Object.keys(businessRegisterRules),
  );
  // The EIN is optional: an empty one is left out rather than sent as "".
  const onFinish = ({ businessEINNumber, ...rest }: BusinessRegisterBody) =>
    submit(businessEINNumber ? { ...rest, businessEINNumber } : rest);
  return (
    <Form<BusinessRegisterBody>
      form={form}
      name="sign-up-business"
      layout="vertical"
      onFinish={onFinish}
      scrollToFirstError
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <BusinessFields rules={businessRules} />
      <PasswordFields rules={businessRules} />
      <TermsField rules={businessRules.agreeToTerms} />
      <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
        Sign Up
      </Button>
    </Form>
  );
}

/** /sign-up: individual or business registration (spec sections 2 and 5). */
export function SignUpPage() {
  const [type, setType] = useState<AccountType>('individual');
  if (useIsSignedIn()) return <Navigate to={routes.home} replace />;
  return (
    <>
      <Typography.Title level={2}>Create your account</Typography.Title>
      <Typography.Paragraph type="secondary">List items, make swap offers and buy safely.</Typography.Paragraph>
      <Segmented<AccountType>
        block
        value={type}
        onChange={setType}
        options={[
          { label: 'Individual', value: 'individual' },
          { label: 'Business', value: 'business' },
        ]}
        style={{ marginBottom: 24 }}
        aria-label="Account type"
      />
      {type === 'individual' ? <IndividualForm /> : <BusinessForm />}
      <Typography.Paragraph style={{ marginTop: 24, textAlign: 'center' }}>
        Already have an account? <AppLink to={routes.login}>Sign in</AppLink>
      </Typography.Paragraph>
    </>
  );
}
