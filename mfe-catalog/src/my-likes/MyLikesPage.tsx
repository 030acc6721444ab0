import { useSearchParams } from 'react-router-dom';
import { endpoints } from '@swapstuff/contracts';
import { api, useApiData } from '@swapstuff/sdk';
import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';
import { LayoutToggle, ListingResults } from '../listings/ListingResults';

const PER_PAGE = 30;

/** Spec section 2, /my-likes: the listings the user likes, the newest like first. Unliking drops the card. */
export function MyLikesPage() {
  const [params, setParams] = useSearchParams();
  const pageNumber = Math.max(1, Number(params.get('page')) || 1);
  const likes = useApiData(
    (signal) => api.call(endpoints.likedListings, { pageNumber, perPage: PER_PAGE }, { signal }),
    String(pageNumber),
  );
  return (
    <PageFrame title="My Likes" extra={<LayoutToggle />}>
      <ListingResults
        data={likes}
        removeWhenUnliked
        onPageChange={(page) => setParams(page > 1 ? { page: String(page) } : {})}
        empty={<EmptyState description="Tap the heart on a listing to keep it here." />}
      />
    </PageFrame>
  );
}
