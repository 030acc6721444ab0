import { Button, Divider, Flex, Form, Input, Modal, Typography } from 'antd';
import AppleFilled from '@ant-design/icons/AppleFilled';
import GoogleOutlined from '@ant-design/icons/GoogleOutlined';
import { useState, type ReactNode } from 'react';
import { ApiError, api, browser, formRules, routes, toast, useSession } from '@swapstuff/sdk';
import { endpoints, loginRules, messages, type SocialProvider, type User } from '@swapstuff/contracts';
import { useSignIn } from './api';
import { AppLink } from './AppLink';

const rules = formRules(loginRules);

/** The login popup's two buttons (spec section 2); Facebook is the apps' only. */
const siteProviders: { provider: SocialProvider; label: string; icon: ReactNode }[] = [
  { provider: 'google', label: 'Continue with Google', icon: <GoogleOutlined /> },
  { provider: 'apple', label: 'Continue with Apple', icon: <AppleFilled /> },
];

interface LoginValues {
  email: string;
  password: string;
}

interface LoginFormProps {
  /** distinct per mount so the popup and the page never share input ids */
  formName: string;
  /** called once the session store holds the user; the caller decides where the browser goes */
  onSignedIn(user: User): void;
  /** called when the user follows a link away from the form (the popup closes itself) */
  onLeave?: () => void;
  /** where a sign-in through a provider comes back to (the page leaves the site for the provider's) */
  callbackUrl: string;
}

/**
 * The login form of the popup and of /login (spec section 2 "Login popup", section 5 "Login").
 * A failure shows the spec's "Login Failed" dialog with the server's Description (429 included).
 */
export function LoginForm({ formName, onSignedIn, onLeave, callbackUrl }: LoginFormProps) {
  const [form] = Form.useForm<LoginValues>();
  const [modal, modalContext] = Modal.useModal();
  const signIn = useSignIn();
  const [leavingFor, setLeavingFor] = useState<SocialProvider | null>(null);

  const submit = async (values: LoginValues) => {
    try {
      const { user } = await signIn.mutateAsync(values);
      useSession.getState().signIn(user);
      onSignedIn(user);
    } catch (err) {
      modal.error({
        title: messages.loginFailedTitle,
        content: err instanceof ApiError ? err.message : messages.genericError,
      });
    }
  };

  /**
   * Off to the gateway's /login-web, which sends the browser to the provider and back to /login with the
   * outcome; a provider this server has no credentials for says so instead (spec section 8: failures are toasts).
   */
  const continueWith = async (provider: SocialProvider) => {
    setLeavingFor(provider);
    try {
      const configured = await api.call(endpoints.socialProviders);
      if (!configured[provider]) {
        toast.error(messages.socialLoginUnavailable);
        setLeavingFor(null);
        return;
      }
      // the button stays busy while the browser leaves
      browser.assign(routes.loginWeb(provider, callbackUrl));
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : messages.socialLoginFailed);
      setLeavingFor(null);
    }
  };

  return (
    <>
      {modalContext}
      <Form<LoginValues> form={form} name={formName} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label="Email" name="email" rules={rules.email}>
          <Input inputMode="email" autoComplete="email" placeholder="you@example.com" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={rules.password}>
          <Input.Password autoComplete="current-password" placeholder="Your password" />
        </Form.Item>
        <Flex justify="flex-end" style={{ marginTop: -12, marginBottom: 16 }}>
          <AppLink to={routes.forgetPassword} onClick={onLeave}>
            Forgot password?
          </AppLink>
        </Flex>
        <Button type="primary" htmlType="submit" block size="large" loading={signIn.isPending}>
          Sign In
        </Button>
      </Form>
      <Divider plain>or</Divider>
      <Flex vertical gap={12}>
        {siteProviders.map(({ provider, label, icon }) => (
          <Button
            key={provider}
            block
            size="large"
            icon={icon}
            loading={leavingFor === provider}
            disabled={leavingFor !== null && leavingFor !== provider}
            onClick={() => void continueWith(provider)}
          >
            {label}
          </Button>
        ))}
      </Flex>
      <Typography.Paragraph style={{ marginTop: 24, textAlign: 'center' }}>
        New to Swapstuff?{' '}
        <AppLink to={routes.signUp} onClick={onLeave}>
          Create an account
        </AppLink>
      </Typography.Paragraph>
    </>
  );
}
