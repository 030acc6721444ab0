import { Outlet } from 'react-router-dom';
import { Header } from './Header';
import { Footer } from './Footer';
import styles from './MainLayout.module.css';

/** Header, the page (a shell page or a remote's outlet), footer. */
export function MainLayout() {
  return (
    <div className={styles.page}>
      <Header />
      <main className={styles.main} id="main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
