import { on, onOutside, type Handler } from '../../jobs';
import { releaseEscrow } from './inspection';
import { buyLabel, followOwnCourier } from './shipment';
import type { OrderDeps } from './deps';

/**
 * What follows an order's steps, through the outbox: the label is bought as soon as the order is paid (the
 * carrier service returns the same label to the same order, so a retried job buys one), a parcel sent by the
 * seller's own courier is followed by its number, a completed order's escrow goes to its seller (the
 * notifications feature tells each side).
 */
export function orderHandlers(deps: OrderDeps): Handler[] {
  return [
    onOutside('order.paid', 'orders.buy-label', async (db, { orderId }) => {
      await buyLabel({ ...deps, db }, orderId);
    }),
    onOutside('order.shipped', 'orders.follow-own-courier', async (db, { orderId }) => {
      await followOwnCourier({ ...deps, db }, orderId);
    }),
    on('order.completed', 'orders.release-escrow', async (trx, { orderId }) => {
      await releaseEscrow(trx, orderId);
    }),
  ];
}
