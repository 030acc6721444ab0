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
  // a badge only for a store that has the app's page
  const badges = [
    { href: stores.appStore, label: 'Download on the App Store', badge: <AppStoreBadge /> },
    { href: stores.googlePlay, label: 'Get it on Google Play', badge: <GooglePlayBadge /> },
  ].filter((link): link is typeof link & { href: string } => Boolean(link.href));
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
        {badges.length > 0 && (
          <div className={styles.apps}>
            <h2 className={styles.heading}>Get the app</h2>
            <div className={styles.badges}>
              {badges.map(({ href, label, badge }) => (
                <a key={label} href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
                  {badge}
                </a>
              ))}
            </div>
          </div>
        )}
      </div>
      <p className={styles.copyright}>© {new Date().getFullYear()} Swapstuff. All rights reserved.</p>
    </footer>
  );
}
