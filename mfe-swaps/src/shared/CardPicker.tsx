import { useState } from 'react';
import { Alert, Flex, Radio, Skeleton, Tag, Typography } from 'antd';
import CreditCardOutlined from '@ant-design/icons/CreditCardOutlined';
import { Link } from 'react-router-dom';
import { cardBrandLabel, cardExpired, routes, type PaymentCard } from '@swapstuff/contracts';
import type { ApiQuery } from '@swapstuff/sdk/query';
import { LoadError } from '@swapstuff/sdk/ui';
import { useCards } from './api';
import { withRedirect } from './browser';
import { formatCents } from './format';

/** "Visa ending in 4242" */
const cardName = (card: PaymentCard) => `${cardBrandLabel(card.brand)} ending in ${card.last4}`;
/** "04/31" */
const expiryOf = (card: PaymentCard) => `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year).slice(-2)}`;
const isExpired = (card: PaymentCard) => cardExpired({ month: card.exp_month, year: card.exp_year }, new Date());

/**
 * My cards and the one chosen to pay with: the one picked, else the default, else the first that has not
 * expired. Asked only while `enabled` (a payment is on the screen).
 */
export function useCardChoice(enabled: boolean, initialId?: string): CardChoice {
  const cards = useCards(enabled);
  const [chosenId, setChosenId] = useState<string | undefined>(initialId);
  const usable = cards.data?.filter((card) => !isExpired(card)) ?? [];
  const card = usable.find((c) => c.id === chosenId) ?? usable.find((c) => c.is_default === 1) ?? usable[0];
  return { cards, card, choose: setChosenId };
}

export interface CardChoice {
  cards: ApiQuery<PaymentCard[]>;
  /** the card to pay with; undefined while none can */
  card: PaymentCard | undefined;
  choose(cardId: string): void;
}

export interface PaymentStepProps {
  /** what I pay now, in cents */
  cents: number;
  choice: CardChoice;
  /** where "Add a new card" comes back to */
  returnTo: string;
  disabled?: boolean;
  /** the Add a new card link is followed (the screen keeps its choices first) */
  onLeave?(): void;
}

/**
 * The payment of my extra cash: what I pay now and that it is held in escrow, my saved cards to pay with
 * (an expired one cannot), and a link to add a card that comes back here.
 */
export function PaymentStep({ cents, choice, returnTo, disabled, onLeave }: PaymentStepProps) {
  const { cards, card, choose } = choice;
  let list;
  if (cards.isPending) list = <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  else if (cards.isLoadingError) {
    list = (
      <LoadError
        title="Your cards could not be loaded"
        message={cards.error.message}
        onRetry={() => void cards.refetch()}
        retrying={cards.isFetching}
      />
    );
  } else if (cards.data.length === 0) {
    list = <Typography.Text type="secondary">No cards saved yet. Add a card to pay with it.</Typography.Text>;
  } else {
    list = (
      <Radio.Group
        name="payment-card"
        aria-label="Your cards"
        value={card?.id}
        disabled={disabled}
        onChange={(event) => choose(event.target.value as string)}
        style={{ display: 'flex', flexDirection: 'column', gap: 8, width: '100%' }}
      >
        {cards.data.map((c) => {
          const expired = isExpired(c);
          return (
            <Radio
              key={c.id}
              value={c.id}
              disabled={expired}
              aria-label={`${cardName(c)}, expires ${expiryOf(c)}${expired ? ', expired' : ''}`}
              style={{
                margin: 0,
                padding: '8px 12px',
                border: `1px solid ${c.id === card?.id ? 'var(--ant-color-primary)' : 'var(--ant-color-border)'}`,
                borderRadius: 8,
              }}
            >
              <Flex gap={8} align="center" wrap>
                <strong>{cardName(c)}</strong>
                <Typography.Text type="secondary">Expires {expiryOf(c)}</Typography.Text>
                {c.is_default === 1 && <Tag style={{ margin: 0 }}>Default</Tag>}
                {expired && (
                  <Tag color="#c92a2a" style={{ margin: 0 }}>
                    Expired
                  </Tag>
                )}
              </Flex>
            </Radio>
          );
        })}
      </Radio.Group>
    );
  }

  return (
    <Flex vertical gap={10}>
      <Alert
        type="info"
        showIcon
        title={`You pay ${formatCents(cents)} now; it is held in escrow until the swap completes`}
      />
      {list}
      <Link to={withRedirect(routes.paymentMethods, returnTo)} onClick={onLeave} style={{ alignSelf: 'start' }}>
        <CreditCardOutlined aria-hidden /> Add a new card
      </Link>
    </Flex>
  );
}
