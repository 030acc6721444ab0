import { useEffect, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation } from 'react-router-dom';
import { logout, useIsSignedIn } from '@swapstuff/sdk';
import { Logo } from './Logo';
import { CloseIcon, LogoutIcon } from './icons';
import { SIGNED_OUT_MENU, useMenu } from './menus';
import styles from './MobileMenu.module.css';

const FOCUSABLE = 'a[href], button:not([disabled])';

/**
 * The slide-out menu of small screens (spec section 2): the full signed-in menu with Log Out, or Home
 * and Log In. A modal dialog: it takes the focus, keeps Tab inside, closes on Escape, on the backdrop
 * and on any choice, and its opener gets the focus back (the caller's onClose).
 */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const signedIn = useIsSignedIn();
  const { pathname } = useLocation();
  const panelRef = useRef<HTMLDivElement>(null);
  const signedInMenu = useMenu('signedInMenu');
  const links = signedIn ? signedInMenu : SIGNED_OUT_MENU;

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('nav a[href]')?.focus();
    // the page behind does not scroll while the menu covers it
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className={styles.root}>
      <div className={styles.backdrop} onClick={onClose} aria-hidden="true" />
      <div
        ref={panelRef}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        onKeyDown={onKeyDown}
      >
        <div className={styles.head}>
          <Logo onClick={onClose} />
          <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <nav aria-label="Menu">
          <ul className={styles.list}>
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className={styles.item}
                  aria-current={pathname === link.to ? 'page' : undefined}
                  onClick={onClose}
                >
                  {link.label}
                </Link>
              </li>
            ))}
            {signedIn && (
              <li>
                <button
                  type="button"
                  className={`${styles.item} ${styles.danger}`}
                  onClick={() => {
                    onClose();
                    void logout();
                  }}
                >
                  <LogoutIcon className={styles.itemIcon} />
                  Log Out
                </button>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </div>,
    document.body,
  );
}
