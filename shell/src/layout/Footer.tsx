import { Link } from 'react-router-dom';
import { TAGLINE } from '@swapstuff/contracts';
import { Logo } from './Logo';
import { AppStoreBadge, GooglePlayBadge } from './StoreBadges';
import { FOOTER_PAGES } from './menus';
import { STORE_LINKS, type StoreLinks } from './storeLinks';
import { FacebookIcon, InstagramIcon, XIcon, YoutubeIcon } from './icons';
import styles from './Footer.module.css';

const SOCIAL = [
  { label: 'Swapstuff on Facebook', href: 'https://www.facebook.com/swapstuff', icon: <FacebookIcon /> },
  { label: 'Swapstuff on Instagram', href: 'https://www.instagram.com/swapstuff', icon: <InstagramIcon /> },
  { label: 'Swapstuff on X', href: 'https://x.com/swapstuff', icon: <XIcon /> },
  { label: 'Swapstuff on YouTube', href: 'https://www.youtube.com/@swapstuff', icon: <YoutubeIcon /> },
];

/** Spec section 1: logo, social links, page links, app-store badges (once the app is in a store), copyright. */
export function Footer({ stores = STORE_LINKS }: { stores?: StoreLinks }) {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Logo inverted />
          <p className={styles.tagline}>{TAGLINE}</p>
          <ul className={styles.social} aria-label="Social links">
            {SOCIAL.map((s) => (
              <li key={s.href}>
                <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={s.label}>
                  {s.icon}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Pages" className={styles.pages}>
          <h2 className={styles.heading}>Swapstuff</h2>
          <ul>
            {FOOTER_PAGES.map((p) => (
              <li key={p.to}>
                <Link to={p.to}>{p.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {(stores.appStore || stores.googlePlay) && (
          <div className={styles.apps}>
            <h2 className={styles.heading}>Get the app</h2>
            <div className={styles.badges}>
              {stores.appStore && (
                <a
                  href={stores.appStore}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label="Download on the App Store"
                >
                  <AppStoreBadge />
                </a>
              )}
              {stores.googlePlay && (
                <a
                  href={stores.googlePlay}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label="Get it on Google Play"
                >
                  <GooglePlayBadge />
                </a>
              )}
            </div>
          </div>
        )}
      </div>
      <p className={styles.copyright}>© {new Date().getFullYear()} Swapstuff. All rights reserved.</p>
    </footer>
  );
}
