export { cardsRoutes } from './routes';
export { ensureCustomer } from './service';
export { cardsRepo } from './repo';
export { cardHandlers } from './jobs';
