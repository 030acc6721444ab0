import { useId, type ReactNode } from 'react';
import { Alert, Button, Card, Flex, Popconfirm, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import BankOutlined from '@ant-design/icons/BankOutlined';
import SwapOutlined from '@ant-design/icons/SwapOutlined';
import {
  listingPriceInFull,
  orderButtons,
  orderSwapStatusLabel,
  routes,
  type Order,
  partyName,
} from '@swapstuff/contracts';
import { webUrl } from '@swapstuff/sdk';
import { Countdown, FallbackImage, LocalDateTime, srOnly, theme } from '@swapstuff/sdk/ui';
import { canMarkReceived, swapSides } from './swapLeg';

/** What the card's buttons open; each gets the card's order. */
export interface OrderCardActions {
  onShippingUpdates(order: Order): void;
  onAddTrackingInfo(order: Order): void;
  onAddRatings(order: Order): void;
  onCreateDispute(order: Order): void;
  onViewDispute(order: Order): void;
  onAddAdditionalInfo(order: Order): void;
  /** Print Label: the order's label, or the one bought for it now (contracts' orderButtons) */
  onPrintLabel(order: Order): void;
  /**
   * Mark as received, once the receiver of a swap's leg confirmed the parcel arrived (swapLeg's
   * canMarkReceived); the confirmation stays open, its Yes loading, until the promise settles.
   */
  onMarkReceived(order: Order): Promise<void> | void;
}

export interface OrderCardProps extends OrderCardActions {
  order: Order;
}

/** The spec's order statuses (section 4) read as words; an unknown code as itself. */
const statusLabel = (order: Order) => orderSwapStatusLabel[order.swap_status] ?? String(order.swap_status);

/**
 * Solid tags, white text on colours dark enough for it (4.5:1 or more): antd's light presets put gold text on
 * pale gold at under 3:1.
 */
const STATUS_COLORS: Record<string, string> = { '1': '#8a5a00', '5': '#1c5fa8', '6': '#c92a2a', '9': '#2b7a3b' };

/**
 * An order card (spec sections 2, 3 and 4): the item's photo, its title (a heading linking to the item's
 * page) and price, the order's status, when it was made, the other party (linking to their reviews), the
 * inspection countdown ticking each second once delivered, and the buttons the order calls for (contracts' orderButtons).
 * An order that needs the viewer's action has a red border and says so.
 *
 * A swap's leg (issue 14) says Swap and what the viewer gives (and, on a leg they send, what they get), shows
 * no money (a leg carries none: the swap's cash is the offer's), and lets its receiver Mark as received a
 * parcel the other side sent with their own courier.
 */
export function OrderCard({ order, ...actions }: OrderCardProps) {
  const titleId = useId();
  const buttons = orderButtons(order);
  const product = order.product_detail;
  const other = order.role === 'buyer' ? order.seller : order.buyer;
  const bankLink = webUrl(order.remediation_link) ?? routes.paymentMethods;
  const swap = order.kind === 'swap';
  const sides = swap ? swapSides(order) : null;

  const actionButtons: ReactNode[] = [];
  const add = (key: string, label: string, onClick: (order: Order) => void, primary = false) =>
    actionButtons.push(
      <Button key={key} type={primary ? 'primary' : 'default'} onClick={() => onClick(order)}>
        {label}
      </Button>,
    );
  if (buttons.addBankDetails) {
    actionButtons.push(
      <Button key="bank" type="primary" danger href={bankLink} icon={<BankOutlined aria-hidden />}>
        Add Bank Details
      </Button>,
    );
  }
  if (buttons.addAdditionalInfo) add('info', 'Add Additional Info', actions.onAddAdditionalInfo, true);
  if (canMarkReceived(order)) {
    actionButtons.push(
      <Popconfirm
        key="received"
        title="Did the parcel arrive?"
        description="Its inspection window opens now."
        okText="Yes, it arrived"
        cancelText="Not yet"
        onConfirm={() => actions.onMarkReceived(order)}
      >
        <Button type="primary">Mark as received</Button>
      </Popconfirm>,
    );
  }
  if (buttons.addTrackingInfo) add('tracking', 'Add Tracking Info', actions.onAddTrackingInfo, true);
  if (buttons.printLabel) add('label', 'Print Label', actions.onPrintLabel);
  if (buttons.shippingUpdates) add('updates', 'Shipping Updates', actions.onShippingUpdates);
  if (buttons.addRatings) add('ratings', 'Add Ratings', actions.onAddRatings);
  if (buttons.createDispute) add('create-dispute', 'Create Dispute', actions.onCreateDispute);
  if (buttons.viewDispute) add('view-dispute', 'View Dispute', actions.onViewDispute);

  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      data-action-required={buttons.actionRequired ? 'true' : undefined}
      style={buttons.actionRequired ? { borderColor: theme.token?.colorError, borderWidth: 2 } : undefined}
      styles={{ body: { padding: 16 } }}
    >
      <Flex vertical gap={12}>
        <Flex gap={12} wrap>
          <FallbackImage
            src={product.featured_image?.file_name}
            alt=""
            width={96}
            height={96}
            style={{ objectFit: 'cover', borderRadius: 8, flex: 'none' }}
          />
          <Flex vertical gap={4} style={{ flex: '1 1 180px', minWidth: 0 }}>
            <Flex align="start" justify="space-between" gap={8} wrap>
              <Typography.Title
                level={2}
                id={titleId}
                style={{ fontSize: 16, margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}
              >
                <Link to={routes.itemDetail(product.id)}>{product.title}</Link>
              </Typography.Title>
              {!swap && (
                <Typography.Text strong style={{ fontSize: 16 }}>
                  {listingPriceInFull(product)}
                </Typography.Text>
              )}
            </Flex>
            <Flex gap={6} wrap align="center">
              {swap && (
                <Tag color="#5b3e96" icon={<SwapOutlined aria-hidden />} style={{ margin: 0 }} data-testid="order-kind">
                  Swap
                </Tag>
              )}
              <Tag color={STATUS_COLORS[order.swap_status]} style={{ margin: 0 }} data-testid="order-status">
                <span style={srOnly}>Status: </span>
                {statusLabel(order)}
              </Tag>
              {buttons.actionRequired && (
                <Tag color="#c92a2a" style={{ margin: 0 }}>
                  Action required
                </Tag>
              )}
            </Flex>
            {sides?.gives && <Typography.Text type="secondary">You give: {sides.gives.title}</Typography.Text>}
            {sides?.gets && <Typography.Text type="secondary">You get: {sides.gets.title}</Typography.Text>}
            <Typography.Text type="secondary">
              {order.role === 'buyer' ? 'Seller' : 'Buyer'}:{' '}
              {other.id > 0 ? (
                <Link to={routes.userReviews(other.id)} state={{ name: partyName(other) }}>
                  {partyName(other)}
                </Link>
              ) : (
                partyName(other)
              )}
              {other.id > 0 && (
                <>
                  {' · '}
                  <Link to={routes.chatOn({ productId: product.id, userId: other.id })}>Message</Link>
                </>
              )}
            </Typography.Text>
            <Typography.Text type="secondary">
              Ordered <LocalDateTime value={order.order_created_date} />
            </Typography.Text>
            <Countdown label="Inspection ends" endsAt={order.inspection_ends_at} left={order.time_remaining} />
          </Flex>
        </Flex>
        {buttons.actionRequired && order.admin_message && (
          <Alert type="warning" showIcon title={order.admin_message.message} />
        )}
        {order.note && <Typography.Text type="secondary">{order.note}</Typography.Text>}
        {actionButtons.length > 0 && (
          <Flex gap={8} wrap role="group" aria-label={`Actions for ${product.title}`}>
            {actionButtons}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
