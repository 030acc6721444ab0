import { useState } from 'react';
import { Button, Input, Select } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { ListingStatus, listingStatusLabel, messages } from '@swapstuff/contracts';
import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';
import { LayoutToggle, ListingResults } from '../listings/ListingResults';
import { useMyListings } from './api';
import styles from './MyListingsPage.module.css';

const PER_PAGE = 30;

/** Every status a listing of one's own can be in; deleted listings are gone from this page. */
const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...Object.values(ListingStatus)
    .filter((s) => s !== ListingStatus.Deleted)
    .map((s) => ({ value: String(s), label: listingStatusLabel[s] })),
];

/**
 * Spec section 2, /my-listings: the filter bar (search, status, Clear Filter, Search) over the owner's
 * cards (Edit, Delete, View Questions). The applied filter is in the query string, so Back and a reload
 * keep it; what is typed applies on Search.
 */
export function MyListingsPage() {
  const [params, setParams] = useSearchParams();
  const applied = { search: params.get('search') ?? '', status: params.get('status') ?? '' };
  const pageNumber = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(applied);

  const listings = useMyListings({
    search: applied.search || undefined,
    status: applied.status === '' ? undefined : Number(applied.status),
    pageNumber,
    perPage: PER_PAGE,
  });

  const apply = (filter: { search: string; status: string }, page = 1) => {
    const next = new URLSearchParams();
    if (filter.search.trim()) next.set('search', filter.search.trim());
    if (filter.status) next.set('status', filter.status);
    if (page > 1) next.set('page', String(page));
    setParams(next);
  };
  const clear = () => {
    setDraft({ search: '', status: '' });
    apply({ search: '', status: '' });
  };
  const filtered = Boolean(applied.search || applied.status);

  return (
    <PageFrame title="My Listings" extra={<LayoutToggle />}>
      <form
        className={styles.filters}
        role="search"
        aria-label="Filter my listings"
        onSubmit={(event) => {
          event.preventDefault();
          apply(draft);
        }}
      >
        <Input
          aria-label="Search my listings"
          placeholder="Search by title"
          allowClear
          value={draft.search}
          onChange={(event) => setDraft({ ...draft, search: event.target.value })}
          className={styles.search}
        />
        <Select
          aria-label="Status"
          value={draft.status}
          options={STATUS_OPTIONS}
          onChange={(status: string) => setDraft({ ...draft, status })}
          className={styles.status}
        />
        <Button onClick={clear} disabled={!filtered && !draft.search && !draft.status}>
          Clear Filter
        </Button>
        <Button type="primary" htmlType="submit">
          Search
        </Button>
      </form>
      <ListingResults
        query={listings}
        onPageChange={(page) => apply(applied, page)}
        empty={
          filtered ? (
            <EmptyState title={messages.noRecordsFound} action={<Button onClick={clear}>Clear Filter</Button>} />
          ) : (
            <EmptyState description="You have not listed anything yet." />
          )
        }
      />
    </PageFrame>
  );
}
