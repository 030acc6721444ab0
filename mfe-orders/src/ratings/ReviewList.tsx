import { Card, Flex, Pagination, Skeleton, Typography } from 'antd';
import { Stars } from './Stars';
import {
  formatCount,
  messages,
  type Reputation,
  type Review,
  type ReviewVotes,
  type UserRatings,
  type VoteType,
} from '@swapstuff/contracts';
import { EmptyState, LoadError, srOnly } from '@swapstuff/sdk/ui';
import { ReviewCard } from './ReviewCard';

export interface ReviewListProps {
  /** a page of the user's reviews and their reputation; null while it loads */
  ratings: UserRatings | null;
  /** why it could not be loaded (the api's Description) */
  error?: string;
  onRetry(): void;
  /** the Retry is on its way */
  retrying?: boolean;
  /** the signed-in user (their own reviews have no votes nor menu) */
  viewerId: number | null | undefined;
  /** whom the reviews are about: on their own page the viewer votes on and reports none */
  subjectId?: number | null;
  /** records a vote and answers with the api's counts */
  onVote(reviewId: number, type: VoteType): Promise<ReviewVotes>;
  onReport(review: Review): void;
  /** a visitor pressed a vote or Report */
  onSignIn?(): void;
  /** another page of reviews; without it, no pager */
  onPageChange?(pageNumber: number): void;
}

const reviewsWord = (n: number) => `${formatCount(n)} ${n === 1 ? 'review' : 'reviews'}`;

/** "4.5" (one decimal at most): the average of half stars. */
const averageText = (average: number) => String(Math.round(average * 10) / 10);

/** A reputation as a seller or as a buyer: the average stars and how many reviews make it. */
function ReputationSummary({ title, reputation }: { title: string; reputation: Reputation }) {
  const { average, count } = reputation;
  const rated = average !== null && count > 0;
  return (
    <Card size="small" style={{ flex: '1 1 150px' }}>
      <Flex vertical gap={2}>
        <Typography.Text type="secondary">{title}</Typography.Text>
        {rated ? (
          <>
            <Flex align="baseline" gap={8} wrap>
              <Typography.Text strong style={{ fontSize: 22 }}>
                {averageText(average)}
              </Typography.Text>
              <Stars value={Math.round(average * 2) / 2} label={`${averageText(average)} out of 5 stars`} size={14} />
            </Flex>
            <Typography.Text type="secondary">{reviewsWord(count)}</Typography.Text>
          </>
        ) : (
          <Typography.Text type="secondary">No reviews yet</Typography.Text>
        )}
      </Flex>
    </Card>
  );
}

/**
 * A user's ratings (spec sections 2 and 3): the reputation as a seller and as a buyer apart, then the
 * reviews, newest first as the api gives them. Loading, load error and empty states.
 */
export function ReviewList({
  ratings,
  error,
  onRetry,
  retrying,
  viewerId,
  subjectId,
  onVote,
  onReport,
  onSignIn,
  onPageChange,
}: ReviewListProps) {
  if (error) {
    return <LoadError title="Reviews could not be loaded" message={error} onRetry={onRetry} retrying={retrying} />;
  }
  if (!ratings) {
    return (
      <div role="status" aria-busy="true">
        <span style={srOnly}>Loading reviews…</span>
        <Skeleton active paragraph={{ rows: 1 }} />
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      </div>
    );
  }
  return (
    <Flex vertical gap={16}>
      <section aria-label="Reputation">
        <Flex gap={12} wrap>
          <ReputationSummary title="As seller" reputation={ratings.as_seller} />
          <ReputationSummary title="As buyer" reputation={ratings.as_buyer} />
        </Flex>
      </section>
      {ratings.reviews.length === 0 ? (
        <EmptyState title={messages.noRecordsFound} description="No one has reviewed this user yet." action={false} />
      ) : (
        <ul aria-label="Reviews" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
          {ratings.reviews.map((review) => (
            <li key={review.id}>
              <ReviewCard
                review={review}
                viewerId={viewerId}
                subjectId={subjectId}
                onVote={onVote}
                onReport={onReport}
                onSignIn={onSignIn}
              />
            </li>
          ))}
        </ul>
      )}
      {onPageChange && ratings.total > ratings.perPage && (
        <Pagination
          align="center"
          current={ratings.pageNumber}
          pageSize={ratings.perPage}
          total={ratings.total}
          showSizeChanger={false}
          onChange={onPageChange}
        />
      )}
    </Flex>
  );
}
