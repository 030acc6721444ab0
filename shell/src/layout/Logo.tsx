import { Link } from 'react-router-dom';
import { routes } from '@swapstuff/contracts';
import styles from './Logo.module.css';

/** The Swapstuff mark (two arrows passing each other: the swap) and name, linking home. */
export function Logo({ inverted = false, onClick }: { inverted?: boolean; onClick?: () => void }) {
  return (
    <Link
      to={routes.home}
      className={`${styles.logo} ${inverted ? styles.inverted : ''}`}
      aria-label="Swapstuff home"
      onClick={onClick}
    >
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="9" fill="currentColor" />
        <path
          d="M9 12h12l-3.5-3.5M23 20H11l3.5 3.5"
          stroke="#fff"
          strokeWidth="2.6"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={styles.word}>
        Swap<span className={styles.accent}>stuff</span>
      </span>
    </Link>
  );
}
