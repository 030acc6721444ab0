import styles from './ContentLoading.module.css';

/**
 * What the content area shows while its code loads (antd, a remote, a shell page): a few grey bars,
 * as antd's Skeleton drew them, without needing antd.
 */
export function ContentLoading() {
  return (
    <div className={styles.loading} aria-busy="true" aria-label="Loading" role="status">
      <span className={`${styles.bar} ${styles.title}`} />
      {[100, 100, 100, 100, 100, 61].map((width, i) => (
        <span key={i} className={styles.bar} style={{ width: `${width}%` }} />
      ))}
    </div>
  );
}
