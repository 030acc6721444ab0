import { useDeferredValue } from 'react';
import { Link } from 'react-router-dom';
import { TAGLINE, routes, type Category, type HomeContent } from '@swapstuff/contracts';
import type { ApiQuery } from '@swapstuff/sdk/query';
import { EmptyState, FallbackImage, LoadError } from '@swapstuff/sdk/ui';
import { ListingGrid, ListingSkeleton } from '../listings/ListingGrid';
import { useHome } from './api';
import styles from './HomePage.module.css';

/**
 * Placeholder cards while the categories load: as many as the site's category tree has at the top
 * (db/src/seeds/data.ts), so the grid has its final rows and Fresh Listings below it does not move.
 */
const CATEGORY_PLACEHOLDERS = 10;

function CategoryCard({ category }: { category: Category }) {
  return (
    <li>
      <Link to={routes.searchCategory(category.id)} className={styles.card}>
        <FallbackImage className={styles.image} src={category.image} width={72} height={72} />
        <span className={styles.name}>{category.name}</span>
      </Link>
    </li>
  );
}

function Categories({ home }: { home: ApiQuery<HomeContent> }) {
  if (home.isPending) {
    return (
      <ul className={styles.grid} aria-busy="true" aria-label="Loading categories">
        {Array.from({ length: CATEGORY_PLACEHOLDERS }, (_, i) => (
          <li key={i} className={styles.skeleton}>
            <span className={styles.skeletonImage} />
            <span className={styles.skeletonName} />
          </li>
        ))}
      </ul>
    );
  }
  if (home.isLoadingError) {
    return (
      <LoadError
        title="Categories could not be loaded"
        message={home.error.message}
        retrying={home.isFetching}
        onRetry={() => void home.refetch()}
      />
    );
  }
  if (home.data.categories.length === 0) return <EmptyState action={false} />;
  return (
    <ul className={styles.grid}>
      {home.data.categories.map((category) => (
        <CategoryCard key={category.id} category={category} />
      ))}
    </ul>
  );
}

/** The newest listings, as cards in the grid. */
function FreshListings({ home }: { home: ApiQuery<HomeContent> }) {
  if (home.isPending) return <ListingSkeleton layout="grid" />;
  // the categories above show the error and its Retry
  if (home.isLoadingError) return null;
  if (home.data.products.length === 0) {
    return (
      <div className={styles.panel}>
        <EmptyState
          title="Nothing is listed yet"
          description="Be the first: upload what you want to sell or swap."
          action={false}
        />
      </div>
    );
  }
  return <ListingGrid products={home.data.products} layout="grid" />;
}

/** Home (spec section 2): the categories, then the newest listings. */
export function HomePage() {
  // The answer's categories and cards render as a transition: React draws them in slices between which
  // the phone stays responsive (Lighthouse's blocking time), while the placeholders stay a moment longer.
  const home = useDeferredValue(useHome());
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
        <Categories home={home} />
      </section>
      <section aria-labelledby="fresh-heading" className={styles.section}>
        <h2 id="fresh-heading" className={styles.sectionTitle}>
          Fresh Listings
        </h2>
        <FreshListings home={home} />
      </section>
    </div>
  );
}
