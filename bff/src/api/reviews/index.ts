export { reviewsRoutes } from './routes';
