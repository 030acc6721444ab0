import type { Knex } from '@swapstuff/db';
import { on, type Handler } from '../../jobs';
import { ordersRepo } from './repo';
import { buyLabel, followOwnCourier } from './shipment';
import type { OrderDeps } from './deps';

async function notify(trx: Knex.Transaction, userId: number, kind: string, title: string, body: string, link: string) {
  await trx('notifications').insert({ user_id: userId, kind, title, body, link, created_at: new Date() });
}

async function titleOf(trx: Knex.Transaction, listingId: number): Promise<string> {
  const row = await trx('products').where({ id: listingId }).first('title');
  return row?.title ?? 'your listing';
}

/**
 * What follows an order's steps, through the outbox: the label is bought as soon as the order is paid (the
 * carrier service returns the same label to the same order, so a retried job buys one), a parcel sent by the
 * seller's own courier is followed by its number, and each side is told.
 */
export function orderHandlers(deps: OrderDeps): Handler[] {
  return [
    on('order.paid', 'orders.buy-label', async (trx, { orderId }) => {
      await buyLabel(deps, trx, orderId);
    }),
    on('order.paid', 'orders.notify-paid', async (trx, { orderId }) => {
      const order = await ordersRepo.byId(trx, orderId);
      if (!order) return;
      const title = await titleOf(trx, order.listing_id);
      const swap = order.kind === 'swap';
      await notify(
        trx,
        order.seller_id,
        'order.paid',
        swap ? 'Your swap is on: ship your item' : 'You sold an item',
        swap
          ? `Send "${title}": print the label or add your tracking info.`
          : `"${title}" was bought. Print the label and ship it.`,
        '/my-orders',
      );
    }),
    on('order.shipped', 'orders.follow-own-courier', async (trx, { orderId }) => {
      await followOwnCourier(deps, trx, orderId);
    }),
    on('order.shipped', 'orders.notify-shipped', async (trx, { orderId }) => {
      const order = await ordersRepo.byId(trx, orderId);
      if (!order) return;
      const title = await titleOf(trx, order.listing_id);
      await notify(
        trx,
        order.buyer_id,
        'order.shipped',
        'Your item is on its way',
        `"${title}" was handed to the courier. Follow it in Shipping Updates.`,
        '/my-purchases',
      );
    }),
    on('order.moved', 'orders.notify-moved', async (trx, { orderId, to }) => {
      const order = await ordersRepo.byId(trx, orderId);
      if (!order) return;
      const title = await titleOf(trx, order.listing_id);
      if (to === '5') {
        await notify(
          trx,
          order.buyer_id,
          'order.delivered',
          'Your order was delivered',
          `Check "${title}": you have a few days to report a problem.`,
          '/my-purchases',
        );
        await notify(
          trx,
          order.seller_id,
          'order.delivered',
          'Your parcel was delivered',
          `"${title}" reached the buyer.`,
          '/my-orders',
        );
      } else if (to === '9') {
        await notify(
          trx,
          order.seller_id,
          'order.completed',
          'Payment released',
          `The payment for "${title}" is on its way to you.`,
          '/my-orders',
        );
      } else if (to === '6') {
        await notify(
          trx,
          order.seller_id,
          'dispute.opened',
          'A buyer opened a dispute',
          `About "${title}". Our support team will review it.`,
          '/my-orders',
        );
      }
    }),
  ];
}
