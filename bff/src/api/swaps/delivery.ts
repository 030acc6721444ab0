import { orderMessages, OrderSwapStatus, type Order } from '@swapstuff/contracts';
import { withTransaction } from '@swapstuff/db';
import { HttpError } from '../../http';
import type { ApiDeps } from '../deps';
import { inspectionWindowMs, moveOrder, orderView, ordersRepo, ownOrder } from '../orders';
import type { UserRow } from '../users';

/**
 * GET /api/order/delivered/{id}: the receiver of a leg sent by the other side's own courier says it arrived
 * (no carrier of ours follows that parcel), once it has its tracking info; its inspection window opens as a
 * carrier's DELIVERED opens a platform parcel's.
 */
export async function confirmDelivery(deps: ApiDeps, user: UserRow, id: number): Promise<Order> {
  const order = await ownOrder(deps, user.id, id);
  if (order.kind !== 'swap' || order.buyer_id !== user.id) throw new HttpError(404, orderMessages.orderNotFound);
  const windowMs = await inspectionWindowMs(deps.db);
  await withTransaction(deps.db, async (trx) => {
    const row = (await ordersRepo.lock(trx, id))!;
    if (row.is_platform || !row.tracking_number) throw new HttpError(409, orderMessages.orderCannotMove);
    if (row.status === OrderSwapStatus.Delivered) return;
    const now = new Date();
    await moveOrder(trx, deps.events, id, OrderSwapStatus.Delivered, {
      delivered_at: now,
      shipment_status: 'DELIVERED',
      inspection_ends_at: new Date(now.getTime() + windowMs),
    });
  });
  return orderView(deps, (await ordersRepo.byId(deps.db, id))!, user.id);
}
