import { useEffect, useRef, useState } from 'react';
import { Avatar, Button, Card, Dropdown, Flex, Rate, Tag, Typography } from 'antd';
import DislikeFilled from '@ant-design/icons/DislikeFilled';
import DislikeOutlined from '@ant-design/icons/DislikeOutlined';
import EllipsisOutlined from '@ant-design/icons/EllipsisOutlined';
import LikeFilled from '@ant-design/icons/LikeFilled';
import LikeOutlined from '@ant-design/icons/LikeOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { applyVote, formatCount, orderMessages, type Review, type VoteType } from '@swapstuff/contracts';
import { toast } from '@swapstuff/sdk';
import { LocalDateTime } from '@swapstuff/sdk/ui';
import { partyName } from '../shared/format';

type Votes = Pick<Review, 'helpful_count' | 'not_helpful_count' | 'voted_helpful' | 'voted_not_helpful'>;

export interface ReviewCardProps {
  review: Review;
  /** the signed-in user: their own reviews have no vote buttons and no menu; none for a visitor */
  viewerId: number | null | undefined;
  /** records the vote (the same way again takes it back); counts move at once and go back if it fails */
  onVote(reviewId: number, type: VoteType): Promise<void>;
  /** opens the Report dialog for this review */
  onReport(review: Review): void;
}

const votesOf = (review: Review): Votes => ({
  helpful_count: review.helpful_count,
  not_helpful_count: review.not_helpful_count,
  voted_helpful: review.voted_helpful,
  voted_not_helpful: review.voted_not_helpful,
});

const votesWord = (n: number) => `${formatCount(n)} ${n === 1 ? 'vote' : 'votes'}`;

/**
 * A review (spec sections 3, 4 and 6): its stars, comment and date; the reviewer with their avatar, a
 * business badge, and whether they bought or sold. Helpful and Not helpful move their counts at once
 * (applyVote) and go back, with "Vote failed", when the vote is refused. The "…" menu holds Report, gone
 * once the viewer reported it. Neither the votes nor the menu are offered on the viewer's own review.
 */
export function ReviewCard({ review, viewerId, onVote, onReport }: ReviewCardProps) {
  const [votes, setVotes] = useState<Votes>(() => votesOf(review));
  // one vote at a time: a second press waits for the first's answer (the buttons keep their focus)
  const voting = useRef(false);

  // the review read again (after a refetch): its counts are the server's
  const { helpful_count, not_helpful_count, voted_helpful, voted_not_helpful } = review;
  useEffect(() => {
    setVotes({ helpful_count, not_helpful_count, voted_helpful, voted_not_helpful });
  }, [helpful_count, not_helpful_count, voted_helpful, voted_not_helpful]);

  const own = viewerId != null && viewerId === review.rated_by.id;
  const name = partyName(review.rated_by);

  const vote = async (type: VoteType) => {
    if (voting.current) return;
    const before = votes;
    setVotes(applyVote(before, type));
    voting.current = true;
    try {
      await onVote(review.id, type);
    } catch {
      setVotes(before);
      toast.error(orderMessages.voteFailed);
    } finally {
      voting.current = false;
    }
  };

  const menuItems = review.already_reported ? [] : [{ key: 'report', label: 'Report' }];

  return (
    <Card size="small" role="article" aria-label={`Review by ${name}`}>
      <Flex vertical gap={8}>
        <Flex align="center" gap={10}>
          <Avatar src={review.rated_by.avatar || undefined} icon={<UserOutlined />} alt="" size={40} />
          <Flex vertical style={{ minWidth: 0, flex: 1 }}>
            <Flex align="center" gap={6} wrap>
              <Typography.Text strong>{name}</Typography.Text>
              {review.rated_by.is_business ? (
                <Tag icon={<ShopOutlined aria-hidden />} color="blue" style={{ margin: 0 }}>
                  Business
                </Tag>
              ) : null}
              <Typography.Text type="secondary">as {review.as}</Typography.Text>
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              <LocalDateTime value={review.created_at} />
            </Typography.Text>
          </Flex>
          {!own && menuItems.length > 0 && (
            <Dropdown
              trigger={['click']}
              placement="bottomRight"
              menu={{ items: menuItems, onClick: ({ key }) => key === 'report' && onReport(review) }}
            >
              <Button type="text" icon={<EllipsisOutlined />} aria-label={`More actions for the review by ${name}`} />
            </Dropdown>
          )}
        </Flex>
        <span role="img" aria-label={`${review.rating} out of 5 stars`}>
          <Rate disabled allowHalf value={review.rating} style={{ fontSize: 16 }} />
        </span>
        <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {review.comments}
        </Typography.Paragraph>
        {own ? (
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            Helpful {formatCount(votes.helpful_count)} · Not helpful {formatCount(votes.not_helpful_count)}
          </Typography.Text>
        ) : (
          <Flex gap={8} wrap role="group" aria-label="Was this review helpful?">
            <Button
              size="small"
              icon={votes.voted_helpful ? <LikeFilled aria-hidden /> : <LikeOutlined aria-hidden />}
              aria-pressed={votes.voted_helpful === 1}
              aria-label={`Helpful, ${votesWord(votes.helpful_count)}`}
              onClick={() => void vote('helpful')}
            >
              Helpful ({formatCount(votes.helpful_count)})
            </Button>
            <Button
              size="small"
              icon={votes.voted_not_helpful ? <DislikeFilled aria-hidden /> : <DislikeOutlined aria-hidden />}
              aria-pressed={votes.voted_not_helpful === 1}
              aria-label={`Not helpful, ${votesWord(votes.not_helpful_count)}`}
              onClick={() => void vote('not_helpful')}
            >
              Not helpful ({formatCount(votes.not_helpful_count)})
            </Button>
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
