import type { Logger } from 'pino';
import { ListingStatus, OrderSwapStatus } from '@swapstuff/contracts';
import { withTransaction, type Knex } from '@swapstuff/db';
import type { Schedule } from '../../jobs';
import type { OrderDeps } from './deps';
import { release } from '../ledger';
import { moveListing } from '../products';
import { settle } from './checkout';
import { voidAbandonedHolds } from './holds';
import { ordersRepo, type OrderRow } from './repo';
import { buyLabel } from './shipment';
import { inspectionClosed, moveOrder } from './status';

/** How many orders one run of a schedule takes on (the next run takes the rest). */
const BATCH = 50;

/** What the platform keeps of an order's escrow: its fee (less the discount) and the label it paid the carrier for. */
export const platformShare = (order: Pick<OrderRow, 'total_cents' | 'item_cents'>) =>
  order.total_cents - order.item_cents;

/**
 * An order whose inspection window closed without a dispute is Completed and its listing Swapped (shown Sold), in
 * one move on its locked row, decided there against a dispute sent at the same moment; the move's
 * `order.completed` event releases the escrow to the seller (`releaseEscrow`). A dispute that locked the row
 * first leaves the order to support, its money held.
 */
export async function completeOrder(deps: OrderDeps, orderId: number, now = new Date()): Promise<void> {
  await withTransaction(deps.db, async (trx) => {
    const row = await ordersRepo.lock(trx, orderId);
    if (!row || !inspectionClosed(row, now.getTime())) return;
    await moveOrder(trx, deps.events, orderId, OrderSwapStatus.Completed, { completed_at: now });
    // a swap's listings are Swapped together, when both of its legs are complete (swaps/legs.ts)
    if (row.kind === 'buynow') await moveListing(trx, deps.events, row.listing_id, ListingStatus.Swapped);
    await deps.events.emit(trx, 'order.completed', { orderId });
  });
}

/**
 * The escrow of a completed order goes to its seller less the platform's share, once (the ledger's key
 * `release:order:<id>`, however often the event is handled). A swap leg holds no payment of its own.
 */
export async function releaseEscrow(db: Knex, orderId: number): Promise<void> {
  const order = await ordersRepo.byId(db, orderId);
  if (!order?.payment_intent_id || order.status !== OrderSwapStatus.Completed) return;
  await release(
    db,
    { paymentIntentId: order.payment_intent_id, sellerId: order.seller_id, feeCents: platformShare(order) },
    `release:order:${order.id}`,
  );
}

/**
 * The orders' periodic work, one runner among the api processes taking each run: windows that closed,
 * payments whose capture did not finish (the provider was down when the buyer confirmed), labels not bought.
 * One order's failure is logged and leaves the others done; the next run tries it again.
 */
export function orderSchedules(deps: OrderDeps, logger: Logger, everyMs = 60_000): Schedule[] {
  const each = async (rows: OrderRow[], what: string, run: (order: OrderRow) => Promise<unknown>) => {
    for (const order of rows) {
      try {
        await run(order);
      } catch (err) {
        logger.error({ err, orderId: order.id }, `${what} failed: the next run tries again`);
      }
    }
  };
  return [
    {
      name: 'orders.inspection',
      everyMs,
      run: async (db) =>
        each(await ordersRepo.inspectionClosed(db, new Date(), BATCH), 'completing an order', (order) =>
          completeOrder(deps, order.id),
        ),
    },
    {
      name: 'orders.settle',
      everyMs,
      run: async (db) =>
        each(await ordersRepo.unsettled(db, new Date(Date.now() - 60_000), BATCH), 'capturing an order', (order) =>
          settle(deps, order),
        ),
    },
    {
      name: 'orders.abandoned-holds',
      everyMs,
      run: () => voidAbandonedHolds(deps, logger, BATCH),
    },
    {
      name: 'orders.labels',
      everyMs,
      run: async (db) =>
        each(await ordersRepo.withoutLabel(db, new Date(Date.now() - 60_000), BATCH), 'buying a label', (order) =>
          buyLabel(deps, order.id),
        ),
    },
  ];
}
