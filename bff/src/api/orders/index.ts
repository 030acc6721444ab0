export { ordersRoutes } from './routes';
export { shippingWebhook, applyTracking, DEFAULT_INSPECTION_DAYS, ownOrder } from './shipment';
export { DELETED_USER, orderView, orderViews, partiesOf } from './view';
export { orderSchedules, completeOrder, platformShare } from './inspection';
export { orderHandlers } from './handlers';
export { ORDER_MOVES, canMoveOrder, moveOrder } from './status';
export { ordersRepo, type OrderRow } from './repo';
export type { OrderDeps } from './deps';
