import { orderMessages, OrderSwapStatus } from '@swapstuff/contracts';
import { toDate, type Knex } from '@swapstuff/db';
import type { Outbox } from '../../jobs';
import { HttpError } from '../../http';
import { ordersRepo, type OrderRow } from './repo';

const { Pending, Delivered, Disputed, Completed } = OrderSwapStatus;

/**
 * Every move an order's status may make (spec section 4, "Order swap_status"). A pending order is delivered
 * (the carrier said so, or the seller's own courier did) or disputed (not received); a delivered one is
 * disputed within its inspection window or completed when the window closes; a dispute ends completed,
 * whatever support decided about the money. Completed is final.
 */
export const ORDER_MOVES: Record<OrderSwapStatus, readonly OrderSwapStatus[]> = {
  [Pending]: [Delivered, Disputed],
  [Delivered]: [Disputed, Completed],
  [Disputed]: [Completed],
  [Completed]: [],
};

export function canMoveOrder(from: OrderSwapStatus, to: OrderSwapStatus): boolean {
  return ORDER_MOVES[from]?.includes(to) ?? false;
}

type Window = Pick<OrderRow, 'status' | 'inspection_ends_at'>;

/** A delivered order whose inspection window has closed: it is the seller's, to be completed. */
export const inspectionClosed = (order: Window, now: number): boolean =>
  order.status === Delivered && order.inspection_ends_at !== null && toDate(order.inspection_ends_at).getTime() <= now;

/**
 * Whether the buyer may still dispute the order: before delivery, or inside its inspection window. The one
 * rule for the button and the request; a request decides it again on the locked row, against completion.
 */
export const disputable = (order: Window, now: number): boolean =>
  order.status === Pending || (order.status === Delivered && !inspectionClosed(order, now));

/**
 * The one way an order's status changes: inside the caller's transaction, on the locked row, refusing a move
 * the table does not allow (409), with the fields that go with it, and announced through the outbox.
 */
export async function moveOrder(
  trx: Knex.Transaction,
  events: Outbox,
  id: number,
  to: OrderSwapStatus,
  fields: Partial<OrderRow> = {},
): Promise<OrderRow> {
  const row = await ordersRepo.lock(trx, id);
  if (!row || row.paid_at === null) throw new HttpError(404, orderMessages.orderNotFound);
  if (!canMoveOrder(row.status, to)) throw new HttpError(409, orderMessages.orderCannotMove);
  await ordersRepo.update(trx, id, { ...fields, status: to });
  await events.emit(trx, 'order.moved', { orderId: id, from: row.status, to });
  return { ...row, ...fields, status: to };
}
