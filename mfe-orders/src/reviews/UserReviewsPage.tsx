import { partyName } from '@swapstuff/contracts';
import { useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import type { Review, VoteType } from '@swapstuff/contracts';
import { bus, useSession } from '@swapstuff/sdk';
import { PageFrame, PageNotFound } from '@swapstuff/sdk/ui';
import { ReviewList } from '../ratings/ReviewList';
import { useReviewVote, useUserRatings } from './api';
import { ReportReviewDialog } from './ReportReviewDialog';

/** A user's id as the path carries it: digits, not 0. */
const ID = /^[1-9][0-9]{0,9}$/;

/**
 * /user/:id/reviews (ours; issue 13): a user's reviews with their reputation as a seller and as a buyer, for
 * anyone. A signed-in viewer votes (the counts move at once and go back with "Vote failed" when refused) and
 * reports a review, except on reviews by or about them; a visitor who tries is asked to log in.
 */
export function UserReviewsPage() {
  const { id = '' } = useParams();
  if (!ID.test(id)) return <PageNotFound />;
  // a page per user: nothing of one user's page (its dialog, its paging) stays on another's
  return <UserReviews key={id} userId={Number(id)} />;
}

/** The name an order card's link hands over: the title while the ratings load. */
function nameFrom(state: unknown): string | null {
  const name = (state as { name?: unknown } | null)?.name;
  return typeof name === 'string' && name.trim() ? name.trim() : null;
}

function UserReviews({ userId }: { userId: number }) {
  const viewerId = useSession((s) => s.profile?.userId) ?? null;
  const { state } = useLocation();
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page'));
  const pageNumber = Number.isSafeInteger(page) && page > 1 ? page : 1;
  const ratings = useUserRatings(userId, pageNumber);
  const vote = useReviewVote();
  const [reporting, setReporting] = useState<Review | null>(null);

  const reviewed = ratings.data?.user;
  const name = reviewed ? partyName(reviewed) : nameFrom(state);
  const title = viewerId === userId ? 'Your Reviews' : name ? `Reviews of ${name}` : 'Reviews';

  const onVote = (reviewId: number, type: VoteType) => vote.mutateAsync({ rating_id: reviewId, vote_type: type });

  return (
    <PageFrame title={title}>
      <ReviewList
        ratings={ratings.data ?? null}
        error={ratings.isLoadingError ? ratings.error.message : undefined}
        onRetry={() => void ratings.refetch()}
        retrying={ratings.isFetching}
        viewerId={viewerId}
        subjectId={userId}
        onVote={onVote}
        onReport={setReporting}
        onSignIn={() => bus.emit('login:open', {})}
        onPageChange={(next) => setParams(next > 1 ? { page: String(next) } : {}, { state })}
      />
      <ReportReviewDialog review={reporting} onClose={() => setReporting(null)} />
    </PageFrame>
  );
}
