import { useState } from 'react';
import { Avatar, Badge, Button, Dropdown, Tabs } from 'antd';
import { BellOutlined, LockOutlined, LogoutOutlined, MenuOutlined, MessageOutlined, PlusOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { routes } from '@swapstuff/contracts';
import { bus, loginUrl, logout, useSession } from '@swapstuff/sdk';
import { Logo } from './Logo';
import { SearchBar } from './SearchBar';
import { MobileMenu } from './MobileMenu';
import { TAB_BAR, type MenuLink } from './menus';
import styles from './Header.module.css';

/**
 * A visitor's tab list: Home, then the last tab, which needs login (spec section 2). Showing a
 * visitor "My Orders" and the rest of the signed-in tabs would only be a row of login prompts.
 */
const VISITOR_TABS: MenuLink[] = [TAB_BAR[0], TAB_BAR[TAB_BAR.length - 1]];

function activeTab(pathname: string, tabs: MenuLink[]): string {
  if (pathname === routes.home || pathname === routes.homeAlias) return routes.home;
  const match = tabs.find((t) => t.to !== routes.home && pathname.startsWith(t.to));
  return match ? match.to : '';
}

export function Header() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const profile = useSession((s) => s.profile);
  const chatUnread = useSession((s) => s.chat.unreadCount);
  const notificationsUnread = useSession((s) => s.notifications.unreadCount);
  const [menuOpen, setMenuOpen] = useState(false);
  const signedIn = profile !== null;
  const tabs = signedIn ? TAB_BAR : VISITOR_TABS;

  const openTab = (to: string) => {
    const tab = tabs.find((t) => t.to === to);
    if (!signedIn && tab?.needsLogin) bus.emit('login:open', { callbackUrl: to });
    else navigate(to);
  };

  const initials = profile ? `${profile.firstName[0] ?? ''}${profile.lastName[0] ?? ''}`.toUpperCase() : '';

  return (
    <header className={styles.header}>
      <div className={styles.top}>
        <Button
          type="text"
          className={styles.burger}
          icon={<MenuOutlined />}
          aria-label="Open menu"
          onClick={() => setMenuOpen(true)}
        />
        <Logo />
        <div className={styles.searchSlot}>
          <SearchBar />
        </div>
        <div className={styles.actions}>
          {signedIn ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(routes.myListings)} aria-label="Upload Product">
              <span className={styles.buttonText}>Upload Product</span>
            </Button>
          ) : (
            <Button type="primary" onClick={() => bus.emit('login:open', {})}>
              Login
            </Button>
          )}
          <Link to={routes.chat} aria-label="Chat" className={styles.iconLink}>
            <Badge count={chatUnread} size="small" overflowCount={99}>
              <MessageOutlined className={styles.icon} />
            </Badge>
          </Link>
          <Link
            to={signedIn ? routes.notification : loginUrl(routes.notification)}
            aria-label="Notifications"
            className={styles.iconLink}
          >
            <Badge count={notificationsUnread} size="small" overflowCount={99}>
              <BellOutlined className={styles.icon} />
            </Badge>
          </Link>
          {profile && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'profile', icon: <UserOutlined />, label: <Link to={routes.myProfile}>My Profile</Link> },
                  { key: 'logout', icon: <LogoutOutlined />, danger: true, label: 'Logout', onClick: () => void logout() },
                ],
              }}
            >
              <button type="button" className={styles.avatarButton} aria-label="Account menu">
                <Avatar src={profile.userAvatar || undefined} alt="" className={styles.avatar}>
                  {initials || <UserOutlined />}
                </Avatar>
              </button>
            </Dropdown>
          )}
        </div>
      </div>
      <div className={styles.mobileSearch}>
        <SearchBar />
      </div>
      <nav className={styles.tabs} aria-label="Main">
        <Tabs
          activeKey={activeTab(pathname, tabs)}
          onTabClick={openTab}
          items={tabs.map((t) => ({
            key: t.to,
            label: (
              <span>
                {t.label}
                {!signedIn && t.needsLogin && <LockOutlined className={styles.lock} aria-label="needs login" />}
              </span>
            ),
          }))}
        />
      </nav>
      <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
    </header>
  );
}
