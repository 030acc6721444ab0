import { useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { routes } from '@swapstuff/contracts';
import { bus, loginUrl, useSession } from '@swapstuff/sdk';
import { Logo } from './Logo';
import { SearchBar } from './SearchBar';
import { MobileMenu } from './MobileMenu';
import { AccountMenu } from './AccountMenu';
import { BellIcon, ChatIcon, LockIcon, MenuIcon, PlusIcon } from './icons';
import { useMenu, useNeedsLogin, type MenuLink } from './menus';
import styles from './Header.module.css';

/**
 * A visitor's tab list: Home, then the last tab, which needs login (spec section 2). Showing a
 * visitor "My Orders" and the rest of the signed-in tabs would only be a row of login prompts.
 */
const visitorTabs = (tabs: MenuLink[]): MenuLink[] => (tabs.length > 1 ? [tabs[0], tabs[tabs.length - 1]] : tabs);

function activeTab(pathname: string, tabs: MenuLink[]): string {
  if (pathname === routes.home || pathname === routes.homeAlias) return routes.home;
  const match = tabs.find((t) => t.to !== routes.home && pathname.startsWith(t.to));
  return match ? match.to : '';
}

/** An unread count on an icon, as antd's Badge showed it: hidden at 0, 99+ above 99. */
function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className={styles.badge} aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}

const withUnread = (label: string, count: number) => (count > 0 ? `${label}, ${count} unread` : label);

/**
 * The site's header (spec section 2), in plain React and CSS: it is part of the shell's first paint,
 * which does not wait for antd.
 */
export function Header() {
  const { pathname } = useLocation();
  const profile = useSession((s) => s.profile);
  const chatUnread = useSession((s) => s.chat.unreadCount);
  const notificationsUnread = useSession((s) => s.notifications.unreadCount);
  const [menuOpen, setMenuOpen] = useState(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const signedIn = profile !== null;
  const tabBar = useMenu('tabBar');
  const tabs = signedIn ? tabBar : visitorTabs(tabBar);
  const current = activeTab(pathname, tabs);
  const needsLogin = useNeedsLogin();
  const asksLogin = (to: string) => !signedIn && needsLogin(to);

  return (
    <header className={styles.header}>
      <div className={styles.top}>
        <button
          ref={burgerRef}
          type="button"
          className={`${styles.iconButton} ${styles.burger}`}
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
        </button>
        <Logo />
        <div className={styles.searchSlot}>
          <SearchBar />
        </div>
        <div className={styles.actions}>
          {signedIn ? (
            <button type="button" className={styles.primary} onClick={() => bus.emit('upload:open', {})}>
              <PlusIcon className={styles.primaryIcon} />
              <span className={styles.buttonText}>Upload Product</span>
            </button>
          ) : (
            <button type="button" className={styles.primary} onClick={() => bus.emit('login:open', {})}>
              Login
            </button>
          )}
          <Link to={routes.chat} aria-label={withUnread('Chat', chatUnread)} className={styles.iconButton}>
            <ChatIcon />
            <UnreadBadge count={chatUnread} />
          </Link>
          <Link
            to={asksLogin(routes.notification) ? loginUrl(routes.notification) : routes.notification}
            aria-label={withUnread('Notifications', notificationsUnread)}
            className={styles.iconButton}
          >
            <BellIcon />
            <UnreadBadge count={notificationsUnread} />
          </Link>
          {profile && <AccountMenu profile={profile} />}
        </div>
      </div>
      <nav className={styles.tabs} aria-label="Main">
        <ul className={styles.tabList}>
          {tabs.map((tab) => {
            const locked = asksLogin(tab.to);
            return (
              <li key={tab.to}>
                <Link
                  to={locked ? loginUrl(tab.to) : tab.to}
                  className={styles.tab}
                  aria-current={current === tab.to ? 'page' : undefined}
                  onClick={(event) => {
                    if (!locked) return;
                    // the popup signs in and then goes to the tab; the href is the no-script way
                    event.preventDefault();
                    bus.emit('login:open', { callbackUrl: tab.to });
                  }}
                >
                  {tab.label}
                  {locked && (
                    <LockIcon className={styles.lock} role="img" aria-hidden={false} aria-label="needs login" />
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <MobileMenu
        open={menuOpen}
        onClose={() => {
          setMenuOpen(false);
          burgerRef.current?.focus();
        }}
      />
    </header>
  );
}
