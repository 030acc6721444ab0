import { OrderSwapStatus, type Order, type OrderProduct } from '@swapstuff/contracts';

/**
 * A swap's leg (issue 14) as its card reads it. A leg is one parcel: `product_detail` travels in it, from
 * its seller to its buyer; `our_product` is the listing its buyer gives in return (the one travelling in the
 * other leg). So the viewer gives `our_product` on a leg they receive (role buyer, My Purchases) and
 * `product_detail` on a leg they send (role seller, My Orders).
 */

export const markedReceived = 'Marked as received';

export interface SwapSides {
  /** what the viewer gives in the swap */
  gives: OrderProduct | null;
  /** what the viewer gets in return, when the card's title is not already it */
  gets: OrderProduct | null;
}

export function swapSides(order: Pick<Order, 'role' | 'product_detail' | 'our_product'>): SwapSides {
  if (order.role === 'buyer') return { gives: order.our_product, gets: null };
  const other = order.our_product;
  return { gives: order.product_detail, gets: other && other.id !== order.product_detail.id ? other : null };
}

/**
 * Mark as received (GET /api/order/delivered/{id}): the receiver of a pending leg the other side ships with
 * their own courier, once its tracking info is given (the platform's carrier reports a platform label's
 * delivery by itself).
 */
export function canMarkReceived(order: Order): boolean {
  return (
    order.kind === 'swap' &&
    order.role === 'buyer' &&
    order.is_platform === 0 &&
    order.swap_status === OrderSwapStatus.Pending &&
    order.manual_ship_check_count === 1
  );
}
