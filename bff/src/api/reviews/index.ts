export { reviewsRoutes } from './routes';
export { reputationOf } from './service';
