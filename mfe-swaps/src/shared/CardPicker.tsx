import { useState } from 'react';
import { Alert, Flex } from 'antd';
import CreditCardOutlined from '@ant-design/icons/CreditCardOutlined';
import { Link } from 'react-router-dom';
import { routes, type PaymentCard } from '@swapstuff/contracts';
import { withRedirect } from '@swapstuff/sdk';
import { CardRadioList, cardUsable, useCards } from '@swapstuff/sdk/checkout';
import type { ApiQuery } from '@swapstuff/sdk/query';
import { formatCents } from './format';

/**
 * My cards and the one chosen to pay with: the one picked, else the default, else the first that has not
 * expired. Asked only while `enabled` (a payment is on the screen).
 */
export function useCardChoice(enabled: boolean, initialId?: string): CardChoice {
  const cards = useCards(enabled);
  const [chosenId, setChosenId] = useState<string | undefined>(initialId);
  const usable = cards.data?.filter(cardUsable) ?? [];
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
  return (
    <Flex vertical gap={10}>
      <Alert
        type="info"
        showIcon
        title={`You pay ${formatCents(cents)} now; it is held in escrow until the swap completes`}
      />
      <CardRadioList cards={cards} value={card?.id} onChange={choose} disabled={disabled} />
      <Link to={withRedirect(routes.paymentMethods, returnTo)} onClick={onLeave} style={{ alignSelf: 'start' }}>
        <CreditCardOutlined aria-hidden /> Add a new card
      </Link>
    </Flex>
  );
}
