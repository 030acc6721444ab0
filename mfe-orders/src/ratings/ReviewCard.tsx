import { useEffect, useId, useRef, useState } from 'react';
import { Avatar, Button, Card, Dropdown, Flex, Tag, Typography } from 'antd';
import DislikeFilled from '@ant-design/icons/DislikeFilled';
import DislikeOutlined from '@ant-design/icons/DislikeOutlined';
import EllipsisOutlined from '@ant-design/icons/EllipsisOutlined';
import LikeFilled from '@ant-design/icons/LikeFilled';
import LikeOutlined from '@ant-design/icons/LikeOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import {
  applyVote,
  formatCount,
  orderMessages,
  partyName,
  type Review,
  type ReviewVotes,
  type VoteType,
} from '@swapstuff/contracts';
import { toast } from '@swapstuff/sdk';
import { LocalDateTime, srOnly } from '@swapstuff/sdk/ui';
import { Stars } from './Stars';

export interface ReviewCardProps {
  review: Review;
  /** the signed-in user: their own reviews have no vote buttons and no menu; none for a visitor */
  viewerId: number | null | undefined;
  /**
   * whom the review is about (the reviews page's user): on their own page the viewer may neither vote nor
   * report, as the api refuses both (403) for the review's author and its subject
   */
  subjectId?: number | null;
  /**
   * records the vote (the same way again takes it back) and answers with the api's counts; the card's counts
   * move at once and go back if it fails
   */
  onVote(reviewId: number, type: VoteType): Promise<ReviewVotes>;
  /** opens the Report dialog for this review */
  onReport(review: Review): void;
  /**
   * a visitor pressed a vote or Report: they are asked to log in (nothing moves). Without it a visitor's
   * vote goes to onVote like anyone's.
   */
  onSignIn?(): void;
}

const votesOf = (review: Review): ReviewVotes => ({
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
 * once the viewer reported it. Neither the votes nor the menu are offered on a review by or about the viewer.
 * The buttons are named "Helpful" and "Not helpful"; their counts are their descriptions.
 */
export function ReviewCard({ review, viewerId, subjectId, onVote, onReport, onSignIn }: ReviewCardProps) {
  const helpfulId = useId();
  const notHelpfulId = useId();
  // the counts as the api last gave them, and the presses it has not answered yet, oldest first: the card
  // shows the one with the others applied, so a quick second press shows at once and is never lost
  const [answered, setAnswered] = useState<ReviewVotes>(() => votesOf(review));
  const [pressed, setPressed] = useState<VoteType[]>([]);
  const votes = pressed.reduce(applyVote, answered);
  // the votes go one at a time, each after the previous one's answer, so the api takes them in order
  const sending = useRef(Promise.resolve());

  // the review read again (after a refetch): its counts are the server's
  const { helpful_count, not_helpful_count, voted_helpful, voted_not_helpful } = review;
  useEffect(() => {
    setAnswered({ helpful_count, not_helpful_count, voted_helpful, voted_not_helpful });
  }, [helpful_count, not_helpful_count, voted_helpful, voted_not_helpful]);

  const own = viewerId != null && (viewerId === review.rated_by.id || viewerId === subjectId);
  const name = partyName(review.rated_by);

  const visitor = viewerId == null && onSignIn !== undefined;
  const vote = (type: VoteType) => {
    if (visitor) {
      onSignIn?.();
      return;
    }
    setPressed((waiting) => [...waiting, type]);
    sending.current = sending.current.then(async () => {
      try {
        setAnswered(await onVote(review.id, type));
      } catch {
        // a refused vote leaves the api's counts as they were: only the presses after it stay applied
        toast.error(orderMessages.voteFailed);
      } finally {
        setPressed((waiting) => waiting.slice(1));
      }
    });
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
                <Tag icon={<ShopOutlined aria-hidden />} color="#1c5fa8" style={{ margin: 0 }}>
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
              menu={{
                items: menuItems,
                onClick: ({ key }) => {
                  if (key !== 'report') return;
                  if (visitor) onSignIn?.();
                  else onReport(review);
                },
              }}
            >
              <Button type="text" icon={<EllipsisOutlined />} aria-label={`More actions for the review by ${name}`} />
            </Dropdown>
          )}
        </Flex>
        <Stars value={review.rating} label={`${review.rating} out of 5 stars`} />
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
              aria-describedby={helpfulId}
              onClick={() => vote('helpful')}
            >
              Helpful<span aria-hidden> ({formatCount(votes.helpful_count)})</span>
            </Button>
            <span id={helpfulId} style={srOnly}>
              {votesWord(votes.helpful_count)}
            </span>
            <Button
              size="small"
              icon={votes.voted_not_helpful ? <DislikeFilled aria-hidden /> : <DislikeOutlined aria-hidden />}
              aria-pressed={votes.voted_not_helpful === 1}
              aria-describedby={notHelpfulId}
              onClick={() => vote('not_helpful')}
            >
              Not helpful<span aria-hidden> ({formatCount(votes.not_helpful_count)})</span>
            </Button>
            <span id={notHelpfulId} style={srOnly}>
              {votesWord(votes.not_helpful_count)}
            </span>
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
