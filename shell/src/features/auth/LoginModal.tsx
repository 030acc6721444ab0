import { useEffect, useState } from 'react';
import type React from 'react';
import { Modal, Typography } from 'antd';
import { browser, bus } from '@swapstuff/sdk';
import { LoginForm } from './LoginForm';
import { safeCallbackUrl } from './callback';

/**
 * The login popup, mounted once by the shell; any remote opens it with `bus.emit('login:open', {})`.
 * Spec section 4: on success the popup closes and the page reloads, so every remote re-reads the session.
 * A caller that passed a callbackUrl (a page it could not show to a visitor) is taken there instead.
 */
export const LoginModal: React.FC = () => {
  const [open, setOpen] = useState(false);
  const [callbackUrl, setCallbackUrl] = useState<string | undefined>();

  useEffect(() => {
    const off = bus.on('login:open', (payload) => {
      setCallbackUrl(payload.callbackUrl);
      setOpen(true);
    });
    return () => {
      off();
    };
  }, []);

  const here = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;
  const target = () => (callbackUrl === undefined ? here() : safeCallbackUrl(callbackUrl));
  const onSignedIn = () => {
    setOpen(false);
    const goTo = target();
    if (goTo === here()) browser.reload();
    else browser.assign(goTo);
  };

  return (
    <Modal
      open={open}
      onCancel={() => setOpen(false)}
      footer={null}
      destroyOnHidden
      width={440}
      title={
        <Typography.Title level={3} style={{ margin: 0 }}>
          Sign in to Swapstuff
        </Typography.Title>
      }
    >
      <LoginForm formName="login-popup" onSignedIn={onSignedIn} onLeave={() => setOpen(false)} callbackUrl={target()} />
    </Modal>
  );
};
