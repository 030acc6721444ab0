export { cardsRoutes } from './routes';
export { ensureCustomer } from './service';
