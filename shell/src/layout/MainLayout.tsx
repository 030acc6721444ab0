import type { ReactNode } from 'react';
import { Header } from './Header';
import { Footer } from './Footer';
import styles from './MainLayout.module.css';

/** Header, the page (a shell page or a remote's outlet), footer. */
export function MainLayout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.page}>
      <Header />
      <main className={styles.main} id="main">
        {children}
      </main>
      <Footer />
    </div>
  );
}
