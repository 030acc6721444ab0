import type { OrderPage } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import type { UserRow } from '../users';
import { ordersRepo } from './repo';
import type { OrdersQuery } from './schemas';
import { ownOrder } from './shipment';
import { orderViews, orderView } from './view';

/**
 * POST /api/buynow/orders: the user's purchases or the orders of their listings, paid, the newest first; and
 * POST /api/swap/orders/recieved, the same for the legs of their swaps (the parcels they receive or send).
 */
export async function list(
  deps: ApiDeps,
  user: UserRow,
  query: OrdersQuery,
  kind: 'buynow' | 'swap' = 'buynow',
): Promise<OrderPage> {
  const { rows, total } = await ordersRepo.page(
    deps.db,
    {
      userId: user.id,
      side: query.type === 'purchases' ? 'buyer_id' : 'seller_id',
      kind,
      search: query.search,
      status: query.status,
    },
    (query.pageNumber - 1) * query.perPage,
    query.perPage,
  );
  return { orders: await orderViews(deps, rows, user.id), total, pageNumber: query.pageNumber, perPage: query.perPage };
}

/** GET /api/buynow/detail/{id}: one of the user's orders. */
export async function detail(deps: ApiDeps, user: UserRow, id: number) {
  return orderView(deps, await ownOrder(deps, user.id, id), user.id);
}
