import { Navigate, useSearchParams } from 'react-router-dom';
import { Typography } from 'antd';
import { browser, useIsSignedIn } from '@swapstuff/sdk';
import { LoginForm } from './LoginForm';
import { safeCallbackUrl } from './callback';

/**
 * /login?callbackUrl=<path>: after signing in the browser goes to the callback (a same-site path only)
 * with a full load, so the remotes start with the new session. A signed-in visitor is sent there at once.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const target = safeCallbackUrl(params.get('callbackUrl'));
  const signedIn = useIsSignedIn();
  if (signedIn) return <Navigate to={target} replace />;

  return (
    <>
      <Typography.Title level={2}>Welcome back</Typography.Title>
      <Typography.Paragraph type="secondary">Sign in to buy, sell and swap on Swapstuff.</Typography.Paragraph>
      <LoginForm formName="login-page" onSignedIn={() => browser.assign(target)} />
    </>
  );
}
