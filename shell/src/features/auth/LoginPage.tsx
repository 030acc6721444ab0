import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { Flex, Spin, Typography } from 'antd';
import { endpoints, messages, type SocialOutcome } from '@swapstuff/contracts';
import { api, browser, routes, toast, useIsSignedIn, useSession } from '@swapstuff/sdk';
import { LoginForm } from './LoginForm';
import { safeCallbackUrl } from './callback';

/** What a sign-in through a provider that did not end in a session tells the user. */
const socialFailures: Partial<Record<SocialOutcome, string>> = {
  failed: messages.socialLoginFailed,
  'not-configured': messages.socialLoginUnavailable,
  cancelled: messages.socialLoginCancelled,
};

/**
 * Back from a provider with a session (the gateway holds its token): the store learns the user, then the
 * browser goes on with a full load. A first sign-in goes to My Profile's form, to review the proposed username.
 */
function SocialLanding({ target, onFailed }: { target: string; onFailed(): void }) {
  useEffect(() => {
    api.call(endpoints.userDetail).then(
      ({ user }) => {
        useSession.getState().signIn(user);
        browser.assign(target);
      },
      () => {
        toast.error(messages.socialLoginFailed);
        onFailed();
      },
    );
    // once per landing
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target]);
  return (
    <Flex vertical align="center" gap={16} style={{ padding: 48 }} aria-busy="true">
      <Spin size="large" />
      <Typography.Text>Signing you in…</Typography.Text>
    </Flex>
  );
}

/**
 * /login?callbackUrl=<path>: after signing in the browser goes to the callback (a same-site path only)
 * with a full load, so the remotes start with the new session. A signed-in visitor is sent there at once.
 * `social=<outcome>` is the gateway's word on a sign-in through a provider (contracts' SocialOutcome).
 */
export function LoginPage() {
  const [params, setParams] = useSearchParams();
  const target = safeCallbackUrl(params.get('callbackUrl'));
  const social = params.get('social') as SocialOutcome | null;
  const signedIn = useIsSignedIn();
  const forgetOutcome = () =>
    setParams(
      (current) => {
        current.delete('social');
        return current;
      },
      { replace: true },
    );

  const failure = social ? socialFailures[social] : undefined;
  useEffect(() => {
    if (!failure) return;
    toast.error(failure);
    forgetOutcome();
    // once per outcome
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failure]);

  if (social === 'signed-in' || social === 'new-account')
    return <SocialLanding target={social === 'new-account' ? routes.myProfileEdit : target} onFailed={forgetOutcome} />;
  if (signedIn) return <Navigate to={target} replace />;

  return (
    <>
      <Typography.Title level={2}>Welcome back</Typography.Title>
      <Typography.Paragraph type="secondary">Sign in to buy, sell and swap on Swapstuff.</Typography.Paragraph>
      <LoginForm formName="login-page" onSignedIn={() => browser.assign(target)} callbackUrl={target} />
    </>
  );
}
