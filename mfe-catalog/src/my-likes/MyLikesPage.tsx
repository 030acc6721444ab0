import { useSearchParams } from 'react-router-dom';
import { EmptyState, PageFrame } from '@swapstuff/sdk/ui';
import { LayoutToggle, ListingResults } from '../listings/ListingResults';
import { useLikedListings } from './api';

const PER_PAGE = 30;

/**
 * Spec section 2, /my-likes: the listings the user likes, the newest like first. Unliking drops the card
 * (a like reads the listing views again).
 */
export function MyLikesPage() {
  const [params, setParams] = useSearchParams();
  const pageNumber = Math.max(1, Number(params.get('page')) || 1);
  const likes = useLikedListings(pageNumber, PER_PAGE);
  return (
    <PageFrame title="My Likes" extra={<LayoutToggle />}>
      <ListingResults
        query={likes}
        onPageChange={(page) => setParams(page > 1 ? { page: String(page) } : {})}
        empty={<EmptyState description="Tap the heart on a listing to keep it here." />}
      />
    </PageFrame>
  );
}
