import { onOutside, type Handler } from '../../jobs';
import type { OrderDeps } from '../orders';
import { settleDispute } from './service';

/** What follows a decided dispute, through the outbox: its money moves (a refund calls the payment provider). */
export function disputeHandlers(deps: OrderDeps): Handler[] {
  return [
    onOutside('dispute.resolved', 'disputes.settle', async (db, { disputeId }) => {
      await settleDispute({ ...deps, db }, disputeId);
    }),
  ];
}
