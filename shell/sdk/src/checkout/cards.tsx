import { Flex, Skeleton, Tag, Typography } from 'antd';
import { cardBrandLabel, cardExpired, endpoints, type PaymentCard } from '@swapstuff/contracts';
import { useEndpointQuery, type ApiQuery } from '@swapstuff/sdk/query';
import { LoadError } from '@swapstuff/sdk/ui';
import { Choice, Choices } from './choices';

/** `/api/{card-provider}/cards`: the one provider there is. */
const CARDS_INPUT = { cardProvider: 'stripe' } as const;

/** The user's saved cards, the default first; asked only while `enabled` (a payment is on the screen). */
export const useCards = (enabled = true) =>
  useEndpointQuery(endpoints.cards, CARDS_INPUT, {
    enabled,
    select: (content): PaymentCard[] => [...content.cards].sort((a, b) => b.is_default - a.is_default),
  });

/** A card that can pay today: not expired. */
export const cardUsable = (card: PaymentCard) =>
  !cardExpired({ month: card.exp_month, year: card.exp_year }, new Date());

/** "Visa ending in 4242" */
const cardName = (card: PaymentCard) => `${cardBrandLabel(card.brand)} ending in ${card.last4}`;
/** "04/31" */
const expiryOf = (card: PaymentCard) => `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year).slice(-2)}`;

export interface CardRadioListProps {
  /** the user's saved cards (useCards) */
  cards: ApiQuery<PaymentCard[]>;
  /** the id of the card chosen; none is marked without one */
  value: string | undefined;
  onChange(cardId: string): void;
  disabled?: boolean;
}

/**
 * The saved cards as a radio list: brand, last 4 and expiry, the default marked, an expired one shown but
 * not choosable; or that they are loading, could not be loaded (with Retry) or that there are none. Which
 * one is chosen, and how one is added, is the screen's.
 */
export function CardRadioList({ cards, value, onChange, disabled }: CardRadioListProps) {
  if (cards.isPending) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (cards.isLoadingError) {
    return (
      <LoadError
        title="Your cards could not be loaded"
        message={cards.error.message}
        onRetry={() => void cards.refetch()}
        retrying={cards.isFetching}
      />
    );
  }
  const list = cards.data;
  if (list.length === 0) {
    return <Typography.Text type="secondary">No cards saved yet. Add a card to pay with it.</Typography.Text>;
  }
  return (
    <Choices name="payment-card" label="Your cards" value={value} onChange={onChange} disabled={disabled}>
      {list.map((card) => {
        const expired = !cardUsable(card);
        return (
          <Choice
            key={card.id}
            value={card.id}
            chosen={card.id === value}
            disabled={expired}
            label={`${cardName(card)}, expires ${expiryOf(card)}${expired ? ', expired' : ''}`}
          >
            <Flex gap={8} align="center" wrap>
              <strong>{cardName(card)}</strong>
              <Typography.Text type="secondary">Expires {expiryOf(card)}</Typography.Text>
              {card.is_default === 1 && <Tag style={{ margin: 0 }}>Default</Tag>}
              {expired && (
                <Tag color="#c92a2a" style={{ margin: 0 }}>
                  Expired
                </Tag>
              )}
            </Flex>
          </Choice>
        );
      })}
    </Choices>
  );
}
