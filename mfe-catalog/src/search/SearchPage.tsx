import { useParams } from 'react-router-dom';
import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';

/** Spec section 2, /search[/{categoryId}[/{keyword}]] and /search/all/{keyword}: the route's frame. */
export function SearchPage() {
  const { keyword } = useParams();
  return (
    <PageFrame title={keyword ? `Search results for “${keyword}”` : 'Search'}>
      <EmptyState />
    </PageFrame>
  );
}
