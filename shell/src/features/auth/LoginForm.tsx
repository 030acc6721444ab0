import { Button, Divider, Flex, Form, Input, Modal, Typography } from 'antd';
import AppleFilled from '@ant-design/icons/AppleFilled';
import GoogleOutlined from '@ant-design/icons/GoogleOutlined';
import { ApiError, formRules, routes, toast, useSession } from '@swapstuff/sdk';
import { loginRules, messages, type User } from '@swapstuff/contracts';
import { useSignIn } from './api';
import { AppLink } from './AppLink';

const rules = formRules(loginRules);

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
}

/**
 * The login form of the popup and of /login (spec section 2 "Login popup", section 5 "Login").
 * A failure shows the spec's "Login Failed" dialog with the server's Description (429 included).
 */
export function LoginForm({ formName, onSignedIn, onLeave }: LoginFormProps) {
  const [form] = Form.useForm<LoginValues>();
  const [modal, modalContext] = Modal.useModal();
  const signIn = useSignIn();

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

  // Social sign-in lands in a later issue; until a provider is configured the buttons say so (spec section 8:
  // "Social login failures show a toast"). The Google flow will force the account chooser (prompt=select_account).
  const socialUnavailable = () => toast.error(messages.socialLoginUnavailable);

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
        <Button block size="large" icon={<GoogleOutlined />} onClick={socialUnavailable}>
          Continue with Google
        </Button>
        <Button block size="large" icon={<AppleFilled />} onClick={socialUnavailable}>
          Continue with Apple
        </Button>
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
