import { useId, type ReactNode } from 'react';
import { Button, Card, Flex, Popconfirm, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { OfferStatus, offerStatusLabel, partyName, routes, type SwapOffer } from '@swapstuff/contracts';
import { webUrl } from '@swapstuff/sdk';
import { srOnly } from '@swapstuff/sdk/ui';
import { cashLine } from '../shared/format';
import { GiveAndGet } from '../shared/ItemList';
import { DetailsCountdown } from './DetailsCountdown';

/** What the card's buttons do; each gets the card's offer. Reject and Cancel resolve when done (after a confirm). */
export interface OfferCardActions {
  onAccept(offer: SwapOffer): void;
  onReject(offer: SwapOffer): Promise<void>;
  onCancel(offer: SwapOffer): Promise<void>;
  onCounter(offer: SwapOffer): void;
  onAgree(offer: SwapOffer): void;
  onDetails(offer: SwapOffer): void;
  onViewStatus(offer: SwapOffer): void;
  onViewOffer(offer: SwapOffer): void;
}

/**
 * Solid tags, white text on colours dark enough for it (4.5:1 or more), as the order cards have them: pending
 * amber, accepted blue, completed green, rejected and abandoned red, canceled grey.
 */
const STATUS_COLORS: Record<number, string> = {
  [OfferStatus.Pending]: '#8a5a00',
  [OfferStatus.Accepted]: '#1c5fa8',
  [OfferStatus.Rejected]: '#c92a2a',
  [OfferStatus.Completed]: '#2b7a3b',
  [OfferStatus.Abandoned]: '#c92a2a',
  [OfferStatus.Canceled]: '#595959',
};

/** The listing the swap is for: theirs when I sent the offer, mine when I received it. */
const wantedOf = (offer: SwapOffer) => (offer.role === 'sender' ? offer.thier_product : offer.my_product);

/**
 * A swap offer (spec sections 3 and 4), sent or received: the listing it is for, what I give and get, the extra
 * cash, its status, when it was made, the other user, whose turn it is, the 72 hours' countdown once accepted,
 * the legs and my label once both gave their details, and the buttons its `actions` allow.
 */
export function OfferCard({ offer, ...actions }: OfferCardActions & { offer: SwapOffer }) {
  const titleId = useId();
  const wanted = wantedOf(offer);
  const title = wanted?.title ?? 'Swap offer';
  const name = partyName(offer.other);
  const cash = cashLine(offer);
  const label = webUrl(offer.label_url);
  const { accept, reject, cancel, counter, agree, details } = offer.actions;

  const buttons: ReactNode[] = [];
  /** A button that opens what `open` shows of the offer. */
  const button = (key: string, label: string, open: (offer: SwapOffer) => void, primary = false) =>
    buttons.push(
      <Button key={key} type={primary ? 'primary' : 'default'} onClick={() => open(offer)}>
        {label}
      </Button>,
    );
  /** A button that ends the offer, after a confirm that names it. */
  const ending = (key: string, label: string, title: string, onConfirm: (offer: SwapOffer) => Promise<void>) =>
    buttons.push(
      <Popconfirm
        key={key}
        title={title}
        okText={label}
        okButtonProps={{ danger: true }}
        cancelText="Keep it"
        onConfirm={() => onConfirm(offer)}
      >
        <Button danger>{label}</Button>
      </Popconfirm>,
    );
  if (accept) button('accept', 'Accept', actions.onAccept, true);
  if (agree) button('agree', 'Accept counter-offer', actions.onAgree, true);
  if (details) button('details', 'Give swap details', actions.onDetails, true);
  if (counter) button('counter', 'Counter', actions.onCounter);
  if (reject) ending('reject', 'Reject', 'Reject this swap request?', actions.onReject);
  if (cancel) ending('cancel', 'Cancel Request', 'Cancel this swap request?', actions.onCancel);
  button('offer', 'View Offer', actions.onViewOffer);
  button('status', 'View Status', actions.onViewStatus);

  return (
    <Card role="article" aria-labelledby={titleId} styles={{ body: { padding: 16 } }}>
      <Flex vertical gap={12}>
        <Flex vertical gap={4}>
          <Typography.Title
            level={2}
            id={titleId}
            style={{ fontSize: 16, margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {wanted ? <Link to={routes.itemDetail(wanted.id)}>{title}</Link> : title}
          </Typography.Title>
          <Flex gap={6} wrap align="center">
            <Tag color={STATUS_COLORS[offer.offer_status]} style={{ margin: 0 }} data-testid="offer-status">
              <span style={srOnly}>Status: </span>
              {offerStatusLabel[offer.offer_status] ?? String(offer.offer_status)}
            </Tag>
            {offer.awaiting && (
              <Typography.Text strong={offer.awaiting === 'me'} data-testid="awaiting">
                {offer.awaiting === 'me' ? 'Waiting for you' : 'Waiting for them'}
              </Typography.Text>
            )}
          </Flex>
          <Typography.Text type="secondary">
            {offer.role === 'sender' ? 'To' : 'From'} {name} · {offer.formatted_created_at}
            {wanted && offer.other.id > 0 && (
              <>
                {' · '}
                <Link to={routes.chatOn({ productId: wanted.id, userId: offer.other.id })}>Message {name}</Link>
              </>
            )}
          </Typography.Text>
        </Flex>

        <GiveAndGet terms={offer} />
        {cash && <Typography.Text strong>{cash}</Typography.Text>}

        {offer.offer_status === OfferStatus.Accepted && <DetailsCountdown offer={offer} />}
        {offer.offer_status === OfferStatus.Accepted && offer.my_details && !offer.legs.sent && (
          <Typography.Text type="secondary">Your details are in. Waiting for theirs.</Typography.Text>
        )}
        {(offer.legs.sent !== null || offer.legs.received !== null || label) && (
          <Flex gap={12} wrap>
            {offer.legs.sent !== null && <Link to={routes.myOrders}>My Orders</Link>}
            {offer.legs.received !== null && <Link to={routes.myPurchases}>My Purchases</Link>}
            {label && (
              <a href={label} target="_blank" rel="noopener noreferrer">
                Shipping label
              </a>
            )}
          </Flex>
        )}

        <Flex gap={8} wrap role="group" aria-label={`Actions for ${title}`}>
          {buttons}
        </Flex>
      </Flex>
    </Card>
  );
}
