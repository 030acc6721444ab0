import type { Logger } from 'pino';
import { ListingStatus, OrderSwapStatus } from '@swapstuff/contracts';
import { withTransaction } from '@swapstuff/db';
import type { Schedule } from '../../jobs';
import type { OrderDeps } from './deps';
import { release } from '../ledger';
import { moveListing } from '../products';
import { settle } from './checkout';
import { voidAbandonedHolds } from './holds';
import { ordersRepo, type OrderRow } from './repo';
import { buyLabel } from './shipment';
import { moveOrder } from './status';

/** How many orders one run of a schedule takes on (the next run takes the rest). */
const BATCH = 50;

/** What the platform keeps of an order's escrow: its fee (less the discount) and the label it paid the carrier for. */
export const platformShare = (order: Pick<OrderRow, 'total_cents' | 'item_cents'>) =>
  order.total_cents - order.item_cents;

/**
 * An order whose inspection window closed without a dispute: the escrow goes to the seller less the platform's
 * share (the ledger's key `release:order:<id>`: once, however often this runs), then the order is Completed and
 * the listing Swapped (shown Sold). A crash between the two is finished by the next run.
 */
export async function completeOrder(deps: OrderDeps, order: OrderRow): Promise<void> {
  if (order.payment_intent_id) {
    await release(
      deps.db,
      { paymentIntentId: order.payment_intent_id, sellerId: order.seller_id, feeCents: platformShare(order) },
      `release:order:${order.id}`,
    );
  }
  await withTransaction(deps.db, async (trx) => {
    const row = await ordersRepo.lock(trx, order.id);
    if (!row || row.status !== OrderSwapStatus.Delivered) return;
    await moveOrder(trx, deps.events, order.id, OrderSwapStatus.Completed, { completed_at: new Date() });
    // a swap's listings are Swapped together, when both of its legs are complete (swaps/legs.ts)
    if (order.kind === 'buynow') await moveListing(trx, deps.events, order.listing_id, ListingStatus.Swapped);
  });
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
          completeOrder(deps, order),
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
          withTransaction(db, (trx) => buyLabel(deps, trx, order.id)),
        ),
    },
  ];
}
