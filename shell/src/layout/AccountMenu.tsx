import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { logout, type Profile } from '@swapstuff/sdk';
import { LogoutIcon, UserIcon } from './icons';
import { menuItems, moveMenuFocus } from './menuKeys';
import { useMenu } from './menus';
import styles from './Header.module.css';

/**
 * The avatar's menu (spec section 2: My Profile, which its remote declares, then Logout), a WAI-ARIA menu
 * button: click, Enter, Space or ArrowDown opens it on its first item; the arrows move; Escape closes it
 * and returns to the button; Tab or a click elsewhere closes it.
 */
export function AccountMenu({ profile }: { profile: Profile }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const links = useMenu('avatarMenu');
  const initials = `${profile.firstName[0] ?? ''}${profile.lastName[0] ?? ''}`.toUpperCase();

  useEffect(() => {
    if (!open) return;
    menuItems(menuRef.current)[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className={styles.menuRoot} ref={rootRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.avatarButton}
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid="avatar-menu"
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span className={styles.avatar}>
          {profile.userAvatar ? (
            <img src={profile.userAvatar} alt="" className={styles.avatarImage} />
          ) : (
            initials || <UserIcon />
          )}
        </span>
      </button>
      {open && (
        <ul
          id={menuId}
          ref={menuRef}
          role="menu"
          aria-label="Account"
          className={styles.menu}
          onKeyDown={moveMenuFocus}
        >
          {links.map((link) => (
            <li role="none" key={link.to}>
              <Link role="menuitem" to={link.to} className={styles.menuItem} onClick={() => setOpen(false)}>
                <UserIcon className={styles.menuIcon} />
                {link.label}
              </Link>
            </li>
          ))}
          <li role="none">
            <button
              role="menuitem"
              type="button"
              className={`${styles.menuItem} ${styles.danger}`}
              onClick={() => {
                setOpen(false);
                void logout();
              }}
            >
              <LogoutIcon className={styles.menuIcon} />
              Logout
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
