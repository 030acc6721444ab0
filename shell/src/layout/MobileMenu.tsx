import { Drawer, Menu } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { logout, useIsSignedIn } from '@swapstuff/sdk';
import { Logo } from './Logo';
import { SIGNED_IN_MENU, SIGNED_OUT_MENU } from './menus';

const LOG_OUT = 'logout';

/** The slide-out menu of small screens: the full signed-in menu, or Home and Log In (spec section 2). */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const links = signedIn ? SIGNED_IN_MENU : SIGNED_OUT_MENU;

  return (
    <Drawer placement="left" open={open} onClose={onClose} size={280} title={<Logo />} styles={{ body: { padding: 0 } }}>
      <nav aria-label="Menu">
        <Menu
          mode="inline"
          selectedKeys={[pathname]}
          style={{ borderInlineEnd: 0 }}
          onClick={({ key }) => {
            onClose();
            if (key === LOG_OUT) void logout();
            else navigate(key);
          }}
          items={[
            ...links.map((l) => ({ key: l.to, label: l.label })),
            ...(signedIn ? [{ key: LOG_OUT, label: 'Log Out', icon: <LogoutOutlined />, danger: true }] : []),
          ]}
        />
      </nav>
    </Drawer>
  );
}
