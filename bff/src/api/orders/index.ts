export { ordersRoutes } from './routes';
export {
  shippingWebhook,
  applyTracking,
  buyLabel,
  DEFAULT_INSPECTION_DAYS,
  inspectionWindowMs,
  ownOrder,
} from './shipment';
export { DELETED_USER, listingCards, orderView, orderViews, partiesOf } from './view';
export { orderSchedules, platformShare } from './inspection';
export { orderHandlers } from './handlers';
export { ORDER_MOVES, canMoveOrder, disputable, moveOrder } from './status';
export { ordersRepo, type OrderRow } from './repo';
export type { OrderDeps } from './deps';
export { list as listOrders } from './service';
export { ordersSchema, type OrdersQuery } from './schemas';
export { atProvider, authorizeOwnCard, isOwnDollarPayment } from './checkout';
