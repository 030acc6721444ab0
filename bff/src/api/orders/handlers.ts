import { on, type Handler } from '../../jobs';
import { buyLabel, followOwnCourier } from './shipment';
import type { OrderDeps } from './deps';

/**
 * What follows an order's steps, through the outbox: the label is bought as soon as the order is paid (the
 * carrier service returns the same label to the same order, so a retried job buys one), a parcel sent by the
 * seller's own courier is followed by its number (the notifications feature tells each side).
 */
export function orderHandlers(deps: OrderDeps): Handler[] {
  return [
    on('order.paid', 'orders.buy-label', async (trx, { orderId }) => {
      await buyLabel(deps, trx, orderId);
    }),
    on('order.shipped', 'orders.follow-own-courier', async (trx, { orderId }) => {
      await followOwnCourier(deps, trx, orderId);
    }),
  ];
}
