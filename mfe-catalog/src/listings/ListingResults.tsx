import type { ReactNode } from 'react';
import { Pagination, Segmented } from 'antd';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import BarsOutlined from '@ant-design/icons/BarsOutlined';
import type { ProductPage } from '@swapstuff/contracts';
import { useSession } from '@swapstuff/sdk';
import type { ApiQuery } from '@swapstuff/sdk/query';
import { EmptyState, LoadError } from '@swapstuff/sdk/ui';
import type { ListingLayout } from './ListingCard';
import { ListingGrid, ListingSkeleton } from './ListingGrid';
import styles from './ListingResults.module.css';

/** The grid / list switch; the choice is kept in the session store (spec section 3: home UI state). */
export function LayoutToggle() {
  const layout = useSession((s) => s.home.layout);
  const setLayout = useSession((s) => s.setHomeLayout);
  return (
    <Segmented<ListingLayout>
      aria-label="Layout"
      value={layout}
      onChange={setLayout}
      options={[
        { value: 'grid', icon: <AppstoreOutlined aria-hidden />, label: 'Grid' },
        { value: 'list', icon: <BarsOutlined aria-hidden />, label: 'List' },
      ]}
    />
  );
}

export interface ListingResultsProps {
  /** the page's query: a card leaves when its listing is deleted or, on My Likes, unliked, as the page is read again */
  query: ApiQuery<ProductPage>;
  /** what an empty page says (the spec's empty-state panel by default) */
  empty?: ReactNode;
  onPageChange: (pageNumber: number) => void;
}

/** A page of listing cards in the layout the user chose, with its loading, error and empty states and pager. */
export function ListingResults({ query, empty, onPageChange }: ListingResultsProps) {
  const layout = useSession((s) => s.home.layout);

  if (query.isPending) return <ListingSkeleton layout={layout} />;
  if (query.isLoadingError) {
    return (
      <LoadError
        title="Listings could not be loaded"
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const { products, total, pageNumber, perPage } = query.data;
  if (products.length === 0) return <>{empty ?? <EmptyState />}</>;
  return (
    <>
      <ListingGrid products={products} layout={layout} firstPage={pageNumber === 1} />
      {total > perPage && (
        <Pagination
          className={styles.pager}
          align="center"
          current={pageNumber}
          pageSize={perPage}
          total={total}
          showSizeChanger={false}
          onChange={onPageChange}
        />
      )}
    </>
  );
}
