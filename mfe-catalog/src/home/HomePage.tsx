import { Button, Result, Skeleton } from 'antd';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { Link } from 'react-router-dom';
import { TAGLINE, routes, type Category } from '@swapstuff/contracts';
import { EmptyState } from '@swapstuff/sdk/ui';
import { useCategories } from './useCategories';
import styles from './HomePage.module.css';

/** Shown when a category image is missing or broken (spec section 8: placeholder images). */
const PLACEHOLDER =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="16" fill="#e3f2ef"/><path d="M30 60l12-14 9 10 7-8 10 12z" fill="#8cc9bf"/><circle cx="60" cy="36" r="6" fill="#8cc9bf"/></svg>',
  );

function CategoryCard({ category }: { category: Category }) {
  return (
    <li>
      <Link to={routes.searchCategory(category.id)} className={styles.card}>
        <img
          className={styles.image}
          src={category.image || PLACEHOLDER}
          alt=""
          loading="lazy"
          width={72}
          height={72}
          onError={(event) => {
            if (event.currentTarget.src !== PLACEHOLDER) event.currentTarget.src = PLACEHOLDER;
          }}
        />
        <span className={styles.name}>{category.name}</span>
      </Link>
    </li>
  );
}

function Categories() {
  const state = useCategories();
  if (state.status === 'loading') {
    return (
      <ul className={styles.grid} aria-busy="true" aria-label="Loading categories">
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i} className={styles.skeleton}>
            <Skeleton.Avatar active size={72} shape="square" />
            <Skeleton.Input active size="small" />
          </li>
        ))}
      </ul>
    );
  }
  if (state.status === 'error') {
    return (
      <Result
        status="warning"
        title="Categories could not be loaded"
        subTitle={state.message}
        extra={
          <Button type="primary" icon={<ReloadOutlined />} onClick={state.reload}>
            Retry
          </Button>
        }
      />
    );
  }
  if (state.categories.length === 0) return <EmptyState action={false} />;
  return (
    <ul className={styles.grid}>
      {state.categories.map((category) => (
        <CategoryCard key={category.id} category={category} />
      ))}
    </ul>
  );
}

/** Home (spec section 2): the categories, then the newest listings (none until listing arrives). */
export function HomePage() {
  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <h1 className={styles.heroTitle}>Buy, sell and swap what you own</h1>
        <p className={styles.heroText}>{TAGLINE}</p>
      </section>
      <section aria-labelledby="categories-heading" className={styles.section}>
        <h2 id="categories-heading" className={styles.sectionTitle}>
          Browse Categories
        </h2>
        <Categories />
      </section>
      <section aria-labelledby="fresh-heading" className={styles.section}>
        <h2 id="fresh-heading" className={styles.sectionTitle}>
          Fresh Listings
        </h2>
        <div className={styles.panel}>
          <EmptyState />
        </div>
      </section>
    </div>
  );
}
